/**
 * docs/bff-api.md's "Status codes" table and the error catalogue cannot drift:
 * the same codes with the same statuses, both ways (lib/shared/errors/catalogue.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ALTERNATE_STATUSES, ERROR_CODES, isErrorCode } from "@/lib/shared/errors/catalogue";

const ROOT = path.resolve(__dirname, "../..");

interface Row {
  status: string;
  codes: string[];
}

/** The rows of the "| status | code | when |" table under "## Status codes". */
function documentedRows(): Row[] {
  const lines = readFileSync(path.join(ROOT, "docs/bff-api.md"), "utf8").split("\n");
  const section = lines.indexOf("## Status codes");
  const start = lines.findIndex((line, index) => index > section && /^\|\s*status\s*\|\s*code\s*\|/.test(line));
  expect(section, "docs/bff-api.md has a Status codes section").toBeGreaterThan(-1);
  expect(start, "the section has a status / code table").toBeGreaterThan(section);
  const rows: Row[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    const cells = line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((cell) => cell.trim());
    const codes = [...(cells[1] ?? "").matchAll(/`([a-z0-9_]+)`/g)].map((match) => match[1] ?? "");
    rows.push({ status: cells[0] ?? "", codes });
  }
  return rows;
}

const pair = (status: number | string, code: string) => `${status} ${code}`;

function cataloguePairs(): string[] {
  const own = Object.entries(ERROR_CODES).map(([code, status]) => pair(status, code));
  const alternates = Object.entries(ALTERNATE_STATUSES).map(([code, status]) => pair(status, code));
  return [...own, ...alternates].sort();
}

describe("docs/bff-api.md lists the error catalogue", () => {
  const rows = documentedRows();

  it("has one row for the API's own refusals passed on, and otherwise a status and codes on every row", () => {
    const passedOn = rows.filter((row) => row.codes.length === 0);
    expect(passedOn.map((row) => row.status)).toEqual(["4xx"]);
    for (const row of rows.filter((r) => r.codes.length > 0)) expect(row.status).toMatch(/^\d{3}$/);
  });

  it("documents exactly the catalogue's codes with their statuses", () => {
    const documented = rows.flatMap((row) => row.codes.map((code) => pair(row.status, code))).sort();
    expect(documented).toEqual(cataloguePairs());
  });

  it("names no code twice with one status, and only catalogue codes", () => {
    const documented = rows.flatMap((row) => row.codes.map((code) => pair(row.status, code)));
    expect(new Set(documented).size).toBe(documented.length);
    expect(rows.flatMap((row) => row.codes).filter((code) => !isErrorCode(code))).toEqual([]);
  });
});
