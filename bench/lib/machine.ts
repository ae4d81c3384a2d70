/** The machine and versions a run is recorded with. */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import type { Machine } from "./report";

function packageVersion(name: string): string {
  try {
    return (
      (JSON.parse(readFileSync(`node_modules/${name}/package.json`, "utf8")) as { version?: string }).version ?? "?"
    );
  } catch {
    return "not installed";
  }
}

function chromiumVersion(path: string | null): string {
  if (!path) return "no Chromium";
  try {
    return execFileSync(path, ["--version"], {
      encoding: "utf8",
      timeout: 10_000,
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return `Chromium at ${path} (version unknown)`;
  }
}

export function describeMachine(chromiumPath: string | null, runs: number): Machine {
  const [one = 0, five = 0, fifteen = 0] = loadavg();
  return {
    date: new Date().toISOString(),
    cpu: cpus()[0]?.model.trim() ?? "unknown CPU",
    cores: cpus().length,
    loadAverage: [one, five, fifteen],
    node: process.version,
    next: packageVersion("next"),
    chromium: chromiumVersion(chromiumPath),
    lighthouse: packageVersion("lighthouse"),
    runs,
  };
}
