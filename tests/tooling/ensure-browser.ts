/**
 * The first step of `npm run test:e2e`: makes sure there is a Chromium for Playwright (see
 * tests/tooling/browser.ts), installing one where the machine allows, and says in one line what it did.
 * Exits 1, after one line saying what to install, when there is none.
 */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { chromium } from "@playwright/test";
import { ensureBrowser, machineFacts, type InstallStep } from "./browser";

function run(step: InstallStep): boolean {
  const result = spawnSync(step.command, step.args, {
    encoding: "utf8",
    env: { ...process.env, ...step.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (result.status === 0) return true;
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}${result.error ? String(result.error) : ""}`.trim();
  process.stderr.write(
    `${[step.command, ...step.args].join(" ")} failed:\n${output.split("\n").slice(-15).join("\n")}\n`,
  );
  return false;
}

const browser = ensureBrowser({
  facts: () => machineFacts(process.env, () => chromium.executablePath()),
  run,
  playwrightCli: createRequire(import.meta.url).resolve("@playwright/test/cli"),
  say: (line) => console.log(line),
});
process.exit(browser ? 0 : 1);
