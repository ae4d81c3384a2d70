import writeXlsxFile, { type SheetData } from "write-excel-file/node";
import { parseBatchFile, type ParsedTable } from "@/lib/shared/batch";

/** Text → UTF-8 bytes, optionally with a BOM. */
export function utf8(text: string, bom = false): Uint8Array {
  const body = new TextEncoder().encode(text);
  if (!bom) return body;
  const out = new Uint8Array(body.length + 3);
  out.set([0xef, 0xbb, 0xbf]);
  out.set(body, 3);
  return out;
}

/** Text → Windows-1252 bytes (Latin-1 range only, which is all the tests use: "Conceição", "João"). */
export function windows1252(text: string): Uint8Array {
  return Uint8Array.from(
    [...text].map((char) => {
      const code = char.charCodeAt(0);
      if (code > 0xff) throw new Error(`not in Latin-1: ${char}`);
      return code;
    }),
  );
}

/** An .xlsx built with the writer counterpart of the reader under test. */
export async function xlsx(data: SheetData): Promise<Uint8Array> {
  const buffer = await writeXlsxFile(data).toBuffer();
  return new Uint8Array(buffer);
}

/** Parses and fails the test when the file is refused. */
export async function table(bytes: Uint8Array, fileName = "lote.csv"): Promise<ParsedTable> {
  const result = await parseBatchFile(bytes, fileName);
  if (!result.ok) throw new Error(`refused: ${result.error.code} ${JSON.stringify(result.error.params)}`);
  return result.table;
}

/** Cells of the data rows. */
export const cells = (parsed: ParsedTable) => parsed.rows.map((row) => row.cells);

/** A valid CPF that is also a possible mobile number ((52) 99822-4725). */
export const CPF_AND_PHONE = "52998224725";
/** A valid CPF that cannot be a mobile number. */
export const CPF_ONLY = "11144477735";
/** A mobile number that is not a valid CPF. */
export const PHONE_ONLY = "11912345678";
export const CNPJ = "11222333000181";
export const EVP = "123e4567-e89b-12d3-a456-426614174000";
