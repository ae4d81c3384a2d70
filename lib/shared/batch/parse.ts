import { parseCsvRecords } from "./csv-parse";
import { decodeCsvBytes } from "./decode";
import { BatchFileRejected, reject, type BatchFileError } from "./errors";
import { BATCH_LIMITS, toMb } from "./limits";
import { toTable, type ParsedTable } from "./table";
import { parseXlsxRecords } from "./xlsx-parse";

export type BatchParseResult = { ok: true; table: ParsedTable } | { ok: false; error: BatchFileError };

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((byte, i) => bytes[i] === byte);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0]; // legacy .xls (and .doc)

/** Content decides the format (a zip is an .xlsx whatever its name); the name only refuses what we cannot read. */
function formatOf(bytes: Uint8Array, fileName: string): "csv" | "xlsx" {
  const name = fileName.trim().toLowerCase();
  if (startsWith(bytes, ZIP)) return "xlsx";
  if (startsWith(bytes, OLE) || /\.(xls|xlsm|xlsb|ods|numbers)$/.test(name)) reject("unsupportedFormat");
  if (name.endsWith(".xlsx")) reject("invalidXlsx");
  return "csv";
}

async function parseOrThrow(bytes: Uint8Array, fileName: string): Promise<ParsedTable> {
  if (bytes.length === 0) reject("empty");
  if (bytes.length > BATCH_LIMITS.maxFileBytes)
    reject("tooLarge", { limitMb: toMb(BATCH_LIMITS.maxFileBytes), foundMb: toMb(bytes.length) });
  if (formatOf(bytes, fileName) === "xlsx") {
    return toTable(await parseXlsxRecords(bytes), { format: "xlsx", delimiter: null, encoding: null });
  }
  const { text, encoding } = decodeCsvBytes(bytes);
  const { delimiter, records } = parseCsvRecords(text);
  return toTable(records, { format: "csv", delimiter, encoding });
}

/**
 * A batch file's bytes (CSV or .xlsx) → its table, or the reason it is refused.
 * Runs in the browser and on the server alike. Either the whole file is read
 * or nothing is: a refused file yields no rows.
 */
export async function parseBatchFile(input: Uint8Array | ArrayBuffer, fileName: string): Promise<BatchParseResult> {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  try {
    return { ok: true, table: await parseOrThrow(bytes, fileName) };
  } catch (error) {
    if (error instanceof BatchFileRejected) return { ok: false, error: error.error };
    throw error;
  }
}
