/**
 * Parse + map + validate a 5,000-row batch file (the budget: ≤ 1 s in the browser).
 *   npx tsx bench/batch-parse.ts [rounds=7]
 * Runs in Node (same code the browser runs: lib/shared/batch); reports the median of
 * `rounds` for a semicolon CSV and for an .xlsx, after one warm-up each.
 */
import { autoMapColumns, BATCH_LIMITS, parseBatchFile, validateBatch } from "../lib/shared/batch";
import { batchCsv, batchXlsx } from "./lib/batch-files";

const ROUNDS = Number(process.argv[2] ?? 7);

async function time(bytes: Uint8Array, name: string): Promise<number> {
  const started = performance.now();
  const parsed = await parseBatchFile(bytes, name);
  if (!parsed.ok) throw new Error(parsed.error.code);
  const { summary } = validateBatch(parsed.table, autoMapColumns(parsed.table.header).mapping);
  if (!summary.ready || summary.payouts !== BATCH_LIMITS.maxRows) throw new Error("unexpected invalid rows");
  return performance.now() - started;
}

async function median(bytes: Uint8Array, name: string): Promise<number> {
  await time(bytes, name);
  const runs: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) runs.push(await time(bytes, name));
  runs.sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)] ?? 0;
}

async function main() {
  const csv = batchCsv();
  const xlsx = await batchXlsx();
  console.log(
    `CSV  ${(csv.length / 1024).toFixed(0)} KB: ${(await median(csv, "lote.csv")).toFixed(0)} ms (median of ${ROUNDS})`,
  );
  console.log(
    `XLSX ${(xlsx.length / 1024).toFixed(0)} KB: ${(await median(xlsx, "lote.xlsx")).toFixed(0)} ms (median of ${ROUNDS})`,
  );
}

void main();
