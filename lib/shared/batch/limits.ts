/**
 * Limits of a batch file. They bound what the browser (and later the server)
 * does with a file before a person has looked at it: a hostile file gets a
 * clear error, never a frozen tab.
 */
export const BATCH_LIMITS = {
  /** Data rows after the header. */
  maxRows: 5_000,
  /** Bytes of the uploaded file. A 5,000-row list is about 0.5 MB of CSV. */
  maxFileBytes: 2 * 1024 * 1024,
  /** Characters of one cell. The longest real field (an e-mail key) is 77. */
  maxCellChars: 500,
  /** Columns of the header. */
  maxColumns: 50,
  /** Bytes an .xlsx may declare once unzipped (its XML), against zip bombs. */
  maxXlsxUnzippedBytes: 40 * 1024 * 1024,
} as const;

export type BatchLimits = typeof BATCH_LIMITS;

/** Bytes → megabytes with one decimal, for messages ("2 MB", "10.5 MB"). */
export function toMb(bytes: number): number {
  return Math.round(bytes / ((1024 * 1024) / 10)) / 10;
}
