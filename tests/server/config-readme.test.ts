/**
 * README's configuration table and the configuration module cannot drift: the
 * same variables, the same defaults; and `process.env` is read nowhere but the
 * configuration module (and next.config.mjs, and the sandbox's own config.ts).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES } from "@/lib/server/config/variables";

const ROOT = path.resolve(__dirname, "../..");

interface Row {
  names: string[];
  defaults: string;
}

/** The rows of README's "| variable | default | meaning |" table. */
function readmeRows(): Row[] {
  const lines = readFileSync(path.join(ROOT, "README.md"), "utf8").split("\n");
  const start = lines.findIndex((line) => /^\|\s*variable\s*\|\s*default\s*\|/.test(line));
  expect(start, "README has a configuration table").toBeGreaterThan(-1);
  const rows: Row[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    const cells = line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((cell) => cell.trim());
    const names = [...(cells[0] ?? "").matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1] ?? "");
    rows.push({ names, defaults: cells[1] ?? "" });
  }
  return rows;
}

describe("README's configuration table", () => {
  const rows = readmeRows();

  it("lists exactly the variables the configuration module reads", () => {
    const documented = rows.flatMap((row) => row.names).sort();
    expect(new Set(documented).size, "a variable appears in two rows").toBe(documented.length);
    expect(documented).toEqual(CONFIG_VARIABLES.map((v) => v.name).sort());
  });

  it("gives the module's defaults", () => {
    for (const variable of CONFIG_VARIABLES.filter((v) => v.default !== null)) {
      const row = rows.find((r) => r.names.includes(variable.name));
      expect(row, variable.name).toBeDefined();
      if (!row) continue;
      const parts = row.defaults.split(/,\s*/);
      expect(parts.length, `${variable.name}: one default per variable in "${row.defaults}"`).toBe(row.names.length);
      const written = (parts[row.names.indexOf(variable.name)] ?? "")
        .replaceAll("`", "")
        .replace(/\s*\(.*$/, "")
        .trim();
      expect(written, variable.name).toBe(String(variable.default));
    }
  });
});

function sourceFiles(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full).flatMap((name) => (name === "node_modules" ? [] : sourceFiles(path.join(entry, name))));
}

describe("process.env", () => {
  const readers = (entries: string[]) =>
    entries
      .flatMap(sourceFiles)
      .filter(
        (file) =>
          /\.(ts|tsx|mts|mjs|js)$/.test(file) && /process\.env\b/.test(readFileSync(path.join(ROOT, file), "utf8")),
      )
      .sort();

  it("is read only by the configuration module in the app, its proxy, instrumentation and launcher", () => {
    expect(
      readers(["app", "components", "lib", "proxy.ts", "instrumentation.ts", "scripts", "next.config.mjs"]),
    ).toEqual(["instrumentation.ts", path.join("lib", "server", "config", "environment.ts")]);
  });

  it("is read by instrumentation.ts only as the literal NEXT_RUNTIME the bundler needs to drop the Node-only graph", () => {
    const reads = readFileSync(path.join(ROOT, "instrumentation.ts"), "utf8").match(/process\.env\.\w+/g);
    expect(reads).toEqual(["process.env.NEXT_RUNTIME"]);
  });

  it("is read only by sandbox/config.ts in the sandbox", () => {
    expect(readers(["sandbox"])).toEqual([path.join("sandbox", "config.ts")]);
  });
});

describe("the demo credentials", () => {
  it("live in sandbox/businesses.ts only: no file of the app's components/ or lib/ holds one", async () => {
    const { BUSINESSES } = await import("@/sandbox/businesses");
    const secrets = BUSINESSES.flatMap((b) => [b.apiKey, b.accessToken, b.id]);
    const holders = ["components", "lib"].flatMap(sourceFiles).filter((file) => {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      return secrets.some((secret) => text.includes(secret));
    });
    expect(holders).toEqual([]);
  });
});
