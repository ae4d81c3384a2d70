import "server-only";
import writeXlsxFile, { type Row } from "write-excel-file/node";
import { getBatchLeftOutRows, listBatchRows, type BatchRowOutcome, type LeftOutRowRecord } from "@/lib/server/ledger";
import { batchResultsCsv } from "@/lib/shared/batch/export";
import { centavosToDecimal } from "@/lib/shared/money";
import { BATCH_RESULT_COLUMNS, LEFT_OUT_RESULT_STATUS } from "@/lib/shared/schemas/payout-batches";
import type { Download, LedgerScope } from "@/lib/server/services/context";
import { batchOr404 } from "@/lib/server/services/batches/batches";

/**
 * The uploaded file's columns and each row's cells under them: in the order the
 * batch recorded (`columns`), else (a batch older than migration 0006) in the
 * rows' first-seen order; a name only a row has follows the recorded ones.
 */
function originalTable(columns: readonly string[] | null, rows: readonly ResultRow[]) {
  const header: string[] = [...(columns ?? [])];
  const seen = new Set<string>(header);
  for (const row of rows) {
    for (const [column] of row.original) {
      if (!seen.has(column)) header.push(column);
      seen.add(column);
    }
  }
  const cells = rows.map((row) => {
    const byColumn = new Map(row.original);
    return header.map((column) => byColumn.get(column) ?? "");
  });
  return { header, cells };
}

/**
 * A fee as the results file writes money: reais with no grouping, empty while unknown. A decimal comma ("0,50") as
 * the .xlsx amounts come back and as a semicolon CSV opens in a Brazilian Excel; a decimal point ("0.50") in a
 * comma-delimited CSV, whose amounts are written that way and where "0,50" would be a quoted text cell.
 */
const feeCell = (centavos: number | null, decimalComma: boolean) => {
  if (centavos === null) return "";
  const decimal = centavosToDecimal(centavos);
  return decimalComma ? decimal.replace(".", ",") : decimal;
};

/** A line of the results file: a row of the batch with its outcome, or a row of the file left out of it (never sent). */
type ResultRow = Pick<
  BatchRowOutcome,
  "rowNumber" | "original" | "status" | "payoutId" | "endToEndId" | "failureReason" | "feeCentavos"
>;

const outcomeOf = (row: ResultRow, decimalComma: boolean) =>
  [row.status, row.payoutId, row.endToEndId, row.failureReason, feeCell(row.feeCentavos, decimalComma)] as const;

/** A left-out row as a line: its own cells, status left_out / left_out_invalid, and no payout, reason or fee. */
const leftOutLine = (row: LeftOutRowRecord): ResultRow => ({
  rowNumber: row.rowNumber,
  original: row.original,
  status: LEFT_OUT_RESULT_STATUS[row.reason],
  payoutId: null,
  endToEndId: null,
  failureReason: null,
  feeCentavos: null,
});

/** Every row of the uploaded file in its order: the batch's rows and those left out of it (distinct row numbers). */
function fileRows(sent: readonly BatchRowOutcome[], leftOut: readonly LeftOutRowRecord[]): ResultRow[] {
  if (leftOut.length === 0) return [...sent];
  return [...sent, ...leftOut.map(leftOutLine)].sort((a, b) => a.rowNumber - b.rowNumber);
}

async function load({ ledger, businessId }: LedgerScope, id: string) {
  const batch = await batchOr404(ledger, businessId, id);
  const [sent, leftOut] = await Promise.all([
    listBatchRows(ledger, businessId, batch.id),
    getBatchLeftOutRows(ledger, businessId, batch.id),
  ]);
  const rows = fileRows(sent, leftOut);
  const base = batch.fileName.replace(/\.[^.]*$/, "") || "batch";
  return { rows, base, delimiter: batch.csvDelimiter, ...originalTable(batch.columns, rows) };
}

/**
 * The results file as CSV: the file's own columns plus each row's outcome (every row of the upload, those left out
 * of the batch included, in the file's order), formulas neutralised, with the upload's delimiter (";" for an .xlsx
 * upload and for batches that did not record it).
 */
export async function payoutBatchResults(scope: LedgerScope, id: string): Promise<Download> {
  const { rows, base, header, cells, delimiter } = await load(scope, id);
  const table = {
    format: "csv" as const,
    delimiter,
    encoding: null,
    header,
    rows: rows.map((row, index) => ({ rowNumber: row.rowNumber, cells: cells[index] ?? [], numericColumns: [] })),
  };
  const body = batchResultsCsv(table, BATCH_RESULT_COLUMNS, (index) => {
    const row = rows[index];
    return row ? outcomeOf(row, delimiter !== ",") : [];
  });
  return { download: { body, contentType: "text/csv; charset=utf-8", fileName: `${base}-results.csv` } };
}

/**
 * The same table as a workbook. Every cell is written as text, so a cell the uploaded file had as "=HYPERLINK(…)"
 * is shown as those characters and never evaluated as a formula.
 */
export async function payoutBatchResultsXlsx(scope: LedgerScope, id: string): Promise<Download> {
  const { rows, base, header, cells } = await load(scope, id);
  const text = (value: string | null): Row[number] => ({ type: String, value: value ?? "" });
  const sheet: Row[] = [
    [...header, ...BATCH_RESULT_COLUMNS].map((title) => ({ ...text(title), fontWeight: "bold" as const })),
    ...rows.map((row, index) => [...(cells[index] ?? []), ...outcomeOf(row, true)].map(text)),
  ];
  const body = new Uint8Array(await writeXlsxFile(sheet, { sheet: "results" }).toBuffer());
  return {
    download: {
      body,
      contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      fileName: `${base}-results.xlsx`,
    },
  };
}
