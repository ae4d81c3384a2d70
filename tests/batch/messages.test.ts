import { describe, expect, it } from "vitest";
import { BATCH_FIELDS, BATCH_FILE_ERROR_CODES } from "@/lib/shared/batch";
import { FORMULA_MESSAGES } from "@/lib/shared/batch/formula";
import { createTranslator, hasMessage, LOCALES } from "@/lib/shared/i18n";

const ROW_MESSAGES = [
  "batch.row.amountRequired",
  "batch.row.amountAmbiguous",
  "batch.row.amountNegative",
  "batch.row.amountInvalid",
  "batch.row.keyRequired",
  "batch.row.keyTypeUnknown",
  "batch.row.keyTypeUndetected",
  "batch.row.keyAmbiguous",
  "batch.row.keyElevenDigits",
  "batch.row.keyNumericCell",
  "batch.row.tooLong",
  ...new Set(Object.values(FORMULA_MESSAGES)),
  "batch.mapping.invalid",
  "batch.mapping.outOfRange",
  "batch.mapping.sameColumn",
  // The single payout's messages that batch rows reuse.
  "validation.amountPositive",
  "validation.pixKey.cpf",
  "validation.pixKey.phone",
];

describe("batch messages", () => {
  it.each(LOCALES)("%s has a message for every file error, row error and field", (locale) => {
    const keys = [
      ...BATCH_FILE_ERROR_CODES.map((code) => `batch.file.${code}`),
      ...ROW_MESSAGES,
      ...BATCH_FIELDS.map((f) => `batch.field.${f}`),
    ];
    expect(keys.filter((key) => !hasMessage(key, locale))).toEqual([]);
  });

  it("fills a file error's placeholders", () => {
    expect(createTranslator("pt-BR")("batch.file.columnCount", { row: 3, expected: 3, found: 2 })).toBe(
      "A linha 3 tem 2 colunas, mas o cabeçalho tem 3.",
    );
    expect(createTranslator("en")("batch.file.tooManyRows", { limit: 5000, found: 100000 })).toBe(
      "The file has 100,000 rows; the limit is 5,000 per batch.",
    );
  });
});
