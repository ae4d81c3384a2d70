/** The 5,000-row batch files of the parse benchmarks (bench/batch-parse.ts in Node, row h-batch-parse in Chromium). */
import writeXlsxFile from "write-excel-file/node";
import { BATCH_LIMITS } from "../../lib/shared/batch/limits";

const KEYS = [
  "529.982.247-25",
  "11.222.333/0001-81",
  "ana.souza@example.com",
  "(11) 91234-5678",
  "123e4567-e89b-12d3-a456-426614174000",
];
const HEADER = ["nome", "chave pix", "tipo de chave", "valor", "descrição"];

/** Every row valid, one key type after another, amounts as a Brazilian types them. */
function rows(): string[][] {
  return Array.from({ length: BATCH_LIMITS.maxRows }, (_, i) => [
    `Maria da Conceição ${i}`,
    KEYS[i % KEYS.length] ?? "",
    "",
    `${(i + 1).toLocaleString("pt-BR")},${String(i % 100).padStart(2, "0")}`,
    `Comissão ${i}`,
  ]);
}

export const BATCH_FILE_ROWS = BATCH_LIMITS.maxRows;

/** A semicolon CSV with CRLF, as Excel in a Brazilian locale saves one. */
export function batchCsv(): Uint8Array {
  return new TextEncoder().encode([HEADER, ...rows()].map((r) => r.join(";")).join("\r\n"));
}

/** The same rows as an .xlsx (every cell text). */
export async function batchXlsx(): Promise<Uint8Array> {
  return new Uint8Array(await writeXlsxFile([HEADER, ...rows()].map((r) => r.map((value) => ({ value })))).toBuffer());
}
