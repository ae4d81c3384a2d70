/**
 * Batch Pix payouts from a spreadsheet (issue 11): the pure part shared by the
 * browser and the server — reading a file, mapping its columns, validating its
 * rows with the single payout's rules, the review summary, and the files we
 * write back. No UI, no I/O, no sending here.
 */
export { BATCH_LIMITS } from "./limits";
export { BATCH_FILE_ERROR_CODES, type BatchFileError, type BatchFileErrorCode } from "./errors";
export { parseBatchFile, type BatchParseResult } from "./parse";
export { columnLetter, type ParsedRow, type ParsedTable } from "./table";
export {
  BATCH_FIELDS,
  REQUIRED_BATCH_FIELDS,
  HEADER_NAMES,
  autoMapColumns,
  checkMapping,
  columnMappingSchema,
  normalizeHeader,
  type BatchField,
  type ColumnMapping,
  type MappingResult,
} from "./mapping";
export { parseBatchAmount, type AmountResult } from "./amount";
export { inferKeyType, keyTypeFromName, resolveKeyType, type KeyTypeResult } from "./key-type";
export { BATCH_TEXT_MAX, validateRow, type CellError, type ValidatedRow, type BatchRowValue } from "./validate-row";
export { validateBatch, type BatchValidation, type BatchValidationOptions } from "./validate";
export { summarizeBatch, type BatchSummary } from "./summary";
export { batchResultsCsv, batchTemplateCsv } from "./export";
