import { describe, expect, it } from "vitest";
import { asciiFileName, EXPORT_FILES, exportFileName } from "@/lib/shared/export";
import { createTranslator } from "@/lib/shared/i18n/translate";

const pt = { t: createTranslator("pt-BR"), timeZone: "America/Sao_Paulo" };
const en = { t: createTranslator("en"), timeZone: "America/Sao_Paulo" };
// 2026-11-28 01:30 UTC is still the 27th in São Paulo (−03:00).
const now = Date.parse("2026-11-28T01:30:00Z");

describe("export file names", () => {
  it.each([
    ["chargebacks", "contestacoes-2026-11-27.csv", "chargebacks-2026-11-27.csv"],
    ["payouts", "repasses-2026-11-27.csv", "payouts-2026-11-27.csv"],
    ["paymentLinks", "links-de-pagamento-2026-11-27.csv", "payment-links-2026-11-27.csv"],
    ["activity", "atividade-2026-11-27.csv", "activity-2026-11-27.csv"],
    ["securityHistory", "historico-de-seguranca-2026-11-27.csv", "security-history-2026-11-27.csv"],
  ] as const)("names %s in the reader's language", (file, inPortuguese, inEnglish) => {
    expect(exportFileName(file, "csv", pt, { now })).toBe(inPortuguese);
    expect(exportFileName(file, "csv", en, { now })).toBe(inEnglish);
  });

  it("names every export in both languages with ASCII letters, digits and dashes only", () => {
    for (const reader of [pt, en])
      for (const file of EXPORT_FILES)
        expect(exportFileName(file, "xlsx", reader, { now })).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*-2026-11-27\.xlsx$/);
  });

  it("dates the file in the reader's zone and keeps a detail (an id) after the list's name", () => {
    expect(exportFileName("payouts", "xlsx", { ...pt, timeZone: "UTC" }, { now })).toBe("repasses-2026-11-28.xlsx");
    expect(exportFileName("securityHistory", "csv", pt, { now, detail: "mem_Ab12" })).toBe(
      "historico-de-seguranca-mem_Ab12-2026-11-27.csv",
    );
    expect(exportFileName("securityHistory", "csv", en, { now, detail: 'a/b"c' })).toBe(
      "security-history-a-b-c-2026-11-27.csv",
    );
  });

  it("folds accents and joins words with one dash", () => {
    expect(asciiFileName("Histórico de  Segurança ")).toBe("historico-de-seguranca");
    expect(asciiFileName("Contestações / MED")).toBe("contestacoes-med");
  });
});
