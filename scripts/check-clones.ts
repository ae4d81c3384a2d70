/**
 * `npm run lint:clones`: jscpd over app/, components/ and lib/ (settings in
 * .jscpd.json: 6 lines or more, tests and message dictionaries left out),
 * failing when more than MAX_CLONES clones are more than boilerplate.
 *
 * Boilerplate = what is left of a clone, once import statements, "use client"
 * and blank or lone-punctuation lines are taken out, is under the minimum
 * number of lines: two pages importing the same primitives are not shared logic.
 */
import { readFileSync } from "node:fs";
import { detectClones } from "jscpd";

/** The goal: at most 15 clones of 6+ lines outside tests (about 30 before the clean-up). */
export const MAX_CLONES = 15;

const config = JSON.parse(readFileSync(".jscpd.json", "utf8")) as {
  path: string[];
  minLines: number;
  minTokens: number;
  format: string[];
  ignore: string[];
};

/** Lines that carry logic: imports, directives, blanks and lone punctuation left out. */
export function logicLines(lines: readonly string[]): string[] {
  const kept: string[] = [];
  let inImport = false;
  for (const raw of lines) {
    const line = raw.trim();
    if (!inImport && /^(import|export)\b.*\bfrom\s/.test(line)) continue;
    if (!inImport && /^import\b/.test(line)) {
      inImport = !/["'];?$/.test(line);
      continue;
    }
    if (inImport) {
      if (/\bfrom\s+["'][^"']+["'];?$/.test(line)) inImport = false;
      continue;
    }
    if (line === "" || /^["']use (client|server)["'];?$/.test(line) || /^[\s{}()[\];,<>/]*$/.test(line)) continue;
    kept.push(line);
  }
  return kept;
}

function linesOf(file: string, start: number, end: number): string[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .slice(start - 1, end);
}

async function main(): Promise<void> {
  const clones = await detectClones({ ...config, silent: true, reporters: [], gitignore: true });
  const real = clones.filter((clone) => {
    const a = clone.duplicationA;
    return logicLines(linesOf(a.sourceId, a.start.line, a.end.line)).length >= config.minLines;
  });
  for (const clone of real) {
    const { duplicationA: a, duplicationB: b } = clone;
    console.log(`clone: ${a.sourceId}:${a.start.line}-${a.end.line} ~ ${b.sourceId}:${b.start.line}-${b.end.line}`);
  }
  const summary = `${real.length} clones of ${config.minLines}+ lines (${clones.length - real.length} more are import/boilerplate only); at most ${MAX_CLONES} allowed`;
  if (real.length > MAX_CLONES) {
    console.error(`lint:clones failed: ${summary}. Share the logic in one module instead of copying it.`);
    process.exitCode = 1;
  } else {
    console.log(`lint:clones: ${summary}.`);
  }
}

void main();
