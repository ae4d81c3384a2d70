/**
 * Why a whole file was refused. Each code has a message "batch.file.<code>"
 * in lib/shared/i18n/dictionaries/features/batch.ts; `params` fill its
 * placeholders ({row}, {column}, {limit}, …). When a file is refused nothing
 * of it is kept: there is no partial result.
 */
export const BATCH_FILE_ERROR_CODES = [
  "empty",
  "tooLarge",
  "binary",
  "unsupportedFormat",
  "unsupportedEncoding",
  "invalidXlsx",
  "xlsxTooLarge",
  "malformedCsv",
  "headerOnly",
  "tooManyRows",
  "tooManyColumns",
  "cellTooLong",
  "columnCount",
  "formulaHeader",
] as const;
export type BatchFileErrorCode = (typeof BATCH_FILE_ERROR_CODES)[number];

export interface BatchFileError {
  code: BatchFileErrorCode;
  /** The message key to show, "batch.file.<code>". */
  message: `batch.file.${BatchFileErrorCode}`;
  params: Readonly<Record<string, number | string>>;
}

export function fileError(code: BatchFileErrorCode, params: Record<string, number | string> = {}): BatchFileError {
  return { code, message: `batch.file.${code}`, params };
}

/** Thrown inside the parsers to stop at the first problem; parseBatchFile turns it into a result. */
export class BatchFileRejected extends Error {
  constructor(readonly error: BatchFileError) {
    super(error.message);
    this.name = "BatchFileRejected";
  }
}

export function reject(code: BatchFileErrorCode, params: Record<string, number | string> = {}): never {
  throw new BatchFileRejected(fileError(code, params));
}
