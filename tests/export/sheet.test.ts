import { readSheet } from "read-excel-file/node";
import writeXlsxFile from "write-excel-file/node";
import { describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/shared/csv";
import {
  exportFileName,
  sheetCsv,
  sheetXlsx,
  XLSX_BRL_FORMAT,
  type ExportContext,
  type ExportSheet,
} from "@/lib/shared/export";
import type { Locale } from "@/lib/shared/i18n/config";
import { createTranslator } from "@/lib/shared/i18n/translate";

interface Item {
  id: string;
  status: string;
  amount: number | null;
  count: number;
  day: string;
  at: string | null;
  note: string;
}

const sheet: ExportSheet<Item> = {
  file: "chargebacks",
  title: "nav.chargebacks",
  columns: [
    { kind: "text", header: "chargebacks.field.id", value: (r) => r.id },
    { kind: "enum", header: "chargebacks.field.status", labels: "status.", value: (r) => r.status },
    { kind: "money", header: "chargebacks.field.amount", value: (r) => r.amount },
    { kind: "count", header: { text: "count" }, value: (r) => r.count },
    { kind: "date", header: { text: "day" }, value: (r) => r.day },
    { kind: "dateTime", header: "chargebacks.field.createdAt", value: (r) => r.at },
    { kind: "text", header: "chargebacks.field.reason", value: (r) => r.note },
  ],
};

const rows: Item[] = [
  // 17:05:09 UTC is 14:05:09 in São Paulo (UTC−3).
  {
    id: "cb_1",
    status: "needs_response",
    amount: 123456,
    count: 3,
    day: "2026-11-22",
    at: "2026-11-22T17:05:09.000Z",
    note: '=HYPERLINK("http://x")',
  },
  // 01:30 UTC on the 1st is still the 30th of November in São Paulo.
  {
    id: "cb_2",
    status: "brand_new_status",
    amount: -1050,
    count: 0,
    day: "2026-12-01",
    at: "2026-12-01T01:30:00.000Z",
    note: 'a; b, "c"',
  },
  { id: "cb_3", status: "won", amount: null, count: 1, day: "2026-12-02", at: null, note: "" },
];

const ctx = (locale: Locale, timeZone = "America/Sao_Paulo"): ExportContext => ({
  locale,
  timeZone,
  t: createTranslator(locale),
});

describe("sheetCsv", () => {
  it("pt-BR: semicolons, decimal commas, dd/mm/aaaa, translated headers and codes, formulas guarded", () => {
    const csv = sheetCsv(sheet, rows, ctx("pt-BR"));
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
    const [header, ...body] = parseCsv(csv, ";");
    expect(header).toEqual([
      "ID da contestação",
      "Status",
      "Valor",
      "count",
      "day",
      "Aberta em (America/Sao_Paulo)",
      "Motivo",
    ]);
    expect(body[0]).toEqual([
      "cb_1",
      "Aguardando resposta",
      "1234,56",
      "3",
      "22/11/2026",
      "22/11/2026 14:05:09",
      '\'=HYPERLINK("http://x")',
    ]);
    // A code the dictionary does not know is kept; a field with the separator and quotes is quoted.
    expect(body[1]).toEqual([
      "cb_2",
      "brand_new_status",
      "-10,50",
      "0",
      "01/12/2026",
      "30/11/2026 22:30:00",
      'a; b, "c"',
    ]);
    expect(body[2]?.slice(2, 6)).toEqual(["", "1", "02/12/2026", ""]);
    // Amounts have no thousands separator, so a Brazilian Excel reads "1234,56" as a number.
    expect(csv).not.toContain("1.234,56");
  });

  it("en: commas, decimal points, ISO-like dates, English headers and codes", () => {
    const csv = sheetCsv(sheet, rows, ctx("en"));
    const [header, ...body] = parseCsv(csv, ",");
    expect(header).toEqual(["Dispute ID", "Status", "Amount", "count", "day", "Opened (America/Sao_Paulo)", "Reason"]);
    expect(body[0]).toEqual([
      "cb_1",
      "Needs response",
      "1234.56",
      "3",
      "2026-11-22",
      "2026-11-22 14:05:09",
      '\'=HYPERLINK("http://x")',
    ]);
    expect(body[1]?.slice(2, 6)).toEqual(["-10.50", "0", "2026-12-01", "2026-11-30 22:30:00"]);
  });

  it("keeps a date the API sent unreadable as the text it came as, in both writers", () => {
    const odd = [{ ...rows[0], at: "amanhã" } as Item];
    const [, record] = parseCsv(sheetCsv(sheet, odd, ctx("pt-BR")), ";");
    expect(record?.[5]).toBe("amanhã");
    expect(sheetXlsx(sheet, odd, ctx("pt-BR")).data[1]?.[5]).toEqual({ type: String, value: "amanhã" });
  });

  it("writes times in the zone it is given", () => {
    const [header, first] = parseCsv(sheetCsv(sheet, rows, ctx("pt-BR", "America/Manaus")), ";");
    expect(header?.[5]).toBe("Aberta em (America/Manaus)");
    expect(first?.[5]).toBe("22/11/2026 13:05:09");
  });
});

async function readBack(locale: Locale) {
  const { data, options } = sheetXlsx(sheet, rows, ctx(locale));
  const buffer = await writeXlsxFile(data, options).toBuffer();
  return { data, options, cells: await readSheet(buffer) };
}

describe("sheetXlsx", () => {
  it("pt-BR: translated header, amounts as numbers in BRL format, dates as dates, codes translated", async () => {
    const { data, options, cells } = await readBack("pt-BR");
    expect(options.sheet).toBe("Contestações");
    expect(cells[0]).toEqual([
      "ID da contestação",
      "Status",
      "Valor",
      "count",
      "day",
      "Aberta em (America/Sao_Paulo)",
      "Motivo",
    ]);
    const [id, status, amount, count, day, at, note] = cells[1] ?? [];
    expect([id, status, amount, count]).toEqual(["cb_1", "Aguardando resposta", 1234.56, 3]);
    // Date cells hold the zone's wall-clock time (a spreadsheet date has no zone).
    expect(day).toEqual(new Date("2026-11-22T00:00:00.000Z"));
    expect(at).toEqual(new Date("2026-11-22T14:05:09.000Z"));
    // A string cell: shown as typed, never run (no apostrophe needed, none added).
    expect(note).toBe('=HYPERLINK("http://x")');
    expect(cells[2]?.slice(1, 3)).toEqual(["brand_new_status", -10.5]);
    expect(cells[2]?.[5]).toEqual(new Date("2026-11-30T22:30:00.000Z"));
    // Formats as written: BRL for money, dd/mm/yyyy for days.
    expect(data[1]?.[2]).toMatchObject({ type: Number, format: XLSX_BRL_FORMAT });
    expect(data[1]?.[4]).toMatchObject({ type: Date, format: "dd/mm/yyyy" });
    expect(data[1]?.[5]).toMatchObject({ type: Date, format: "dd/mm/yyyy hh:mm:ss" });
    expect(data[1]?.[6]).toMatchObject({ type: String });
    // Missing values are empty cells.
    expect(cells[3]?.[2]).toBeNull();
    expect(cells[3]?.[5]).toBeNull();
  });

  it("en: English header and codes, the same numbers and dates", async () => {
    const { data, cells } = await readBack("en");
    expect(cells[0]?.[0]).toBe("Dispute ID");
    expect(cells[1]?.slice(1, 3)).toEqual(["Needs response", 1234.56]);
    expect(data[1]?.[4]).toMatchObject({ format: "yyyy-mm-dd" });
  });
});

describe("exportFileName", () => {
  it("is dated in the zone (its language: file-name.test.ts)", () => {
    const now = Date.parse("2026-12-01T01:30:00.000Z");
    const t = createTranslator("en");
    expect(exportFileName(sheet.file, "csv", { t, timeZone: "America/Sao_Paulo" }, { now })).toBe(
      "chargebacks-2026-11-30.csv",
    );
    expect(exportFileName(sheet.file, "xlsx", { t, timeZone: "UTC" }, { now })).toBe("chargebacks-2026-12-01.xlsx");
  });
});
