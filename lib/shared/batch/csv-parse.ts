import Papa from "papaparse";
import type { CsvDelimiter } from "@/lib/shared/csv";
import { reject } from "./errors";
import type { RawRecord } from "./table";

/**
 * The delimiter is read from the header line (outside quotes): headers hold
 * no commas or semicolons in practice, while data does ("1.234,56" in a
 * semicolon file). More semicolons than commas → ";", otherwise ",". Blank lines
 * before the header are skipped.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  let started = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) {
      // Blank lines before the header do not count.
      if (started) break;
      continue;
    }
    if (!/\s/.test(char)) started = true;
    if (char === '"' || quoted) continue;
    if (char === ",") commas += 1;
    else if (char === ";") semicolons += 1;
  }
  return semicolons > commas ? ";" : ",";
}

/**
 * CSV text → records with papaparse (RFC 4180 quoting: delimiters, line breaks
 * and doubled quotes inside quoted fields; CRLF or LF). A broken quote refuses
 * the file rather than guessing where the field ends.
 */
export function parseCsvRecords(text: string): { delimiter: CsvDelimiter; records: RawRecord[] } {
  const delimiter = detectDelimiter(text);
  const result = Papa.parse<string[]>(text, {
    delimiter,
    header: false,
    skipEmptyLines: false,
    quoteChar: '"',
    escapeChar: '"',
  });
  const quoteError = result.errors.find((error) => error.type === "Quotes");
  if (quoteError) reject("malformedCsv", { row: (quoteError.row ?? 0) + 1 });
  const records = result.data.map((cells, index) => ({ rowNumber: index + 1, cells }));
  return { delimiter, records };
}
