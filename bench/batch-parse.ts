/**
 * Parse + map + validate a 5,000-row batch file (issue 11's budget: ≤ 1 s in the browser).
 *   npx tsx bench/batch-parse.ts [rounds=7]
 * Runs in Node (same code the browser runs: lib/shared/batch); reports the median of
 * `rounds` for a semicolon CSV and for an .xlsx, after one warm-up each.
 */
import writeXlsxFile from "write-excel-file/node";
import { autoMapColumns, BATCH_LIMITS, parseBatchFile, validateBatch } from "../lib/shared/batch";

const ROUNDS = Number(process.argv[2] ?? 7);
const KEYS = ["529.982.247-25", "11.222.333/0001-81", "ana.souza@example.com", "(11) 91234-5678", "123e4567-e89b-12d3-a456-426614174000"];
const HEADER = ["nome", "chave pix", "tipo de chave", "valor", "descrição"];

function rows(): string[][] {
  return Array.from({ length: BATCH_LIMITS.maxRows }, (_, i) => [
    `Maria da Conceição ${i}`,
    KEYS[i % KEYS.length] ?? "",
    "",
    `${(i + 1).toLocaleString("pt-BR")},${String(i % 100).padStart(2, "0")}`,
    `Comissão ${i}`,
  ]);
}

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
  const data = rows();
  const csv = new TextEncoder().encode([HEADER, ...data].map((r) => r.join(";")).join("\r\n"));
  const xlsx = new Uint8Array(await writeXlsxFile([HEADER, ...data].map((r) => r.map((value) => ({ value })))).toBuffer());
  console.log(`CSV  ${(csv.length / 1024).toFixed(0)} KB: ${(await median(csv, "lote.csv")).toFixed(0)} ms (median of ${ROUNDS})`);
  console.log(`XLSX ${(xlsx.length / 1024).toFixed(0)} KB: ${(await median(xlsx, "lote.xlsx")).toFixed(0)} ms (median of ${ROUNDS})`);
}

void main();
