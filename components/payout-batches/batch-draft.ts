import { contentDigest } from "@/components/payouts/flow-key";
import { BATCH_FIELDS, type ColumnMapping } from "@/lib/shared/batch/mapping";
import { summarizeBatch, type BatchSummary } from "@/lib/shared/batch/summary";
import { columnLetter, type ParsedTable } from "@/lib/shared/batch/table";
import { validateBatch } from "@/lib/shared/batch/validate";
import { validateRow, type ValidatedRow } from "@/lib/shared/batch/validate-row";
import { formulaMessage } from "@/lib/shared/batch/formula";
import { BATCH_LIMITS } from "@/lib/shared/batch/limits";
import type { BatchRowInput, CreateBatchBody, LeftOutRowInput } from "@/lib/shared/schemas/payout-batches";
import { toStorableText } from "@/lib/shared/validation/text";
import type { PixKeyType } from "@/lib/shared/validation/pix";

/**
 * The batch being prepared in the browser: the file's table (with the
 * operator's fixes), the column mapping, the rows left out and the key types
 * chosen, and every row's validation. Pure: the flow keeps it in a reducer, so
 * nothing typed is lost when a request fails.
 */
export interface BatchDraft {
  fileName: string;
  table: ParsedTable;
  mapping: ColumnMapping;
  excluded: ReadonlySet<number>;
  choices: ReadonlyMap<number, PixKeyType>;
  rows: readonly ValidatedRow[];
}

export type DraftAction =
  | { type: "load"; fileName: string; table: ParsedTable; mapping: ColumnMapping }
  | { type: "map"; mapping: ColumnMapping }
  | { type: "edit"; index: number; column: number; text: string }
  | { type: "choose"; index: number; keyType: PixKeyType }
  | { type: "exclude"; indexes: readonly number[]; excluded: boolean };

function validateAll(draft: Omit<BatchDraft, "rows">): BatchDraft {
  const { rows } = validateBatch(draft.table, draft.mapping, {
    excluded: draft.excluded,
    keyTypeChoices: draft.choices,
  });
  return { ...draft, rows };
}

/** Validates one row again (after a fix or a choice): the other 4,999 keep their result. */
function revalidate(draft: BatchDraft, index: number): BatchDraft {
  const row = draft.table.rows[index];
  if (!row) return draft;
  const rows = [...draft.rows];
  rows[index] = {
    ...validateRow(row, index, draft.mapping, { keyTypeChoices: draft.choices }),
    excluded: draft.excluded.has(index),
  };
  return { ...draft, rows };
}

function editCell(draft: BatchDraft, index: number, column: number, text: string): BatchDraft {
  const row = draft.table.rows[index];
  if (!row) return draft;
  const cells = row.cells.map((cell, i) => (i === column ? text : cell));
  // Typed text is text: it no longer carries the "was a number cell" doubt about lost zeros.
  const edited = { ...row, cells, numericColumns: row.numericColumns.filter((c) => c !== column) };
  const tableRows = draft.table.rows.map((r, i) => (i === index ? edited : r));
  return revalidate({ ...draft, table: { ...draft.table, rows: tableRows } }, index);
}

function sameMapping(a: ColumnMapping, b: ColumnMapping): boolean {
  return BATCH_FIELDS.every((field) => a[field] === b[field]);
}

export function draftReducer(draft: BatchDraft | null, action: DraftAction): BatchDraft | null {
  if (action.type === "load") {
    return validateAll({
      fileName: action.fileName,
      table: action.table,
      mapping: action.mapping,
      excluded: new Set(),
      choices: new Map(),
    });
  }
  if (!draft) return draft;
  switch (action.type) {
    case "map":
      // The usual path keeps the columns recognised on load, whose rows are validated already (5,000 rows: not twice).
      return sameMapping(draft.mapping, action.mapping) ? draft : validateAll({ ...draft, mapping: action.mapping });
    case "edit":
      return editCell(draft, action.index, action.column, action.text);
    case "choose": {
      const choices = new Map(draft.choices).set(action.index, action.keyType);
      return revalidate({ ...draft, choices }, action.index);
    }
    case "exclude": {
      const excluded = new Set(draft.excluded);
      for (const index of action.indexes) {
        if (action.excluded) excluded.add(index);
        else excluded.delete(index);
      }
      const rows = draft.rows.map((row) =>
        action.indexes.includes(row.index) ? { ...row, excluded: action.excluded } : row,
      );
      return { ...draft, excluded, rows };
    }
  }
}

export function draftSummary(draft: BatchDraft): BatchSummary {
  return summarizeBatch(draft.rows);
}

/** Column names for a row's `original` cells: the header, made unique (a blank or repeated header gets its column letter). */
export function originalColumnNames(header: readonly string[]): string[] {
  const seen = new Set<string>();
  return header.map((name, index) => {
    const base =
      name.trim() === "" || seen.has(name.trim()) ? `${name.trim()} (${columnLetter(index)})`.trim() : name.trim();
    seen.add(base);
    return base;
  });
}

/** The rows the batch will send (included and valid), as the API takes them. */
export function draftRowsForSubmit(draft: BatchDraft): BatchRowInput[] {
  const names = originalColumnNames(draft.table.header);
  const out: BatchRowInput[] = [];
  for (const row of draft.rows) {
    if (row.excluded || !row.value) continue;
    const cells = draft.table.rows[row.index]?.cells ?? [];
    out.push({
      row_number: row.rowNumber,
      pix_key: row.value.pix_key,
      key_type: row.value.pix_key_type,
      amount_centavos: row.value.amount_centavos,
      description: row.value.description || undefined,
      name: row.value.name || undefined,
      original: Object.fromEntries(names.map((name, i) => [name, cells[i] ?? ""])),
    });
  }
  return out;
}

/**
 * A left-out row's cell as the server takes it. The row is never sent, so it may
 * still hold what made it invalid, and the server refuses any formula cell: one is
 * kept as text with a leading apostrophe — what the results file writes for a
 * formula anyway (lib/shared/csv.ts) — within the cell limit.
 */
function leftOutCell(text: string): string {
  const cell = toStorableText(formulaMessage(text) ? `'${text}` : text);
  return cell.length > BATCH_LIMITS.maxCellChars ? cell.slice(0, BATCH_LIMITS.maxCellChars) : cell;
}

/**
 * The file's rows the batch will not send (left out, or invalid and left out
 * rather than fixed), in file order, with their own cells: the server keeps them
 * only so the results file lists every row of the upload.
 */
export function draftLeftOutRows(draft: BatchDraft): LeftOutRowInput[] {
  const names = originalColumnNames(draft.table.header);
  const out: LeftOutRowInput[] = [];
  for (const row of draft.rows) {
    if (!row.excluded && row.value) continue;
    const cells = draft.table.rows[row.index]?.cells ?? [];
    out.push({
      row_number: row.rowNumber,
      original: Object.fromEntries(names.map((name, i) => [name, leftOutCell(cells[i] ?? "")])),
      reason: row.errors.length > 0 || !row.value ? "invalid" : "excluded",
    });
  }
  return out;
}

/**
 * The creation request: the rows to send, the rows left out, the file's column
 * names in their order (the rows' `original` objects cannot keep it: "2024"
 * would come first) and its delimiter, so the results file looks like the
 * upload and has every one of its rows. A pure function of the draft: a retry
 * of the same draft sends the same body.
 */
export function draftBatchBody(draft: BatchDraft): CreateBatchBody {
  return {
    file_name: draft.fileName,
    delimiter: draft.table.delimiter,
    columns: originalColumnNames(draft.table.header),
    rows: draftRowsForSubmit(draft),
    left_out: draftLeftOutRows(draft),
  };
}

/** The row indexes of rows with these spreadsheet row numbers. */
export function indexesOfRowNumbers(draft: BatchDraft, rowNumbers: readonly number[]): number[] {
  const wanted = new Set(rowNumbers);
  return draft.rows.filter((row) => wanted.has(row.rowNumber)).map((row) => row.index);
}

/**
 * A digest of what the batch would create (file name and rows to send): the same contents keep the creation's
 * idempotency key. The left-out rows are not in it on purpose: they send nothing, and a change only there
 * (a left-out row's cell edited) keeps the key, so a retry after a lost answer is refused (409) rather than a
 * second batch with the same payouts being made.
 */
export function batchFingerprint(body: { file_name: string; rows: readonly BatchRowInput[] }): string {
  return contentDigest(
    JSON.stringify([
      body.file_name,
      body.rows.map((r) => [r.row_number, r.key_type, r.pix_key, r.amount_centavos, r.description ?? "", r.name ?? ""]),
    ]),
  );
}
