/**
 * The insights tables' exports carry the table's own rows: the payouts series with every point and a totals row
 * that is their sum to the centavo, in the reader's language (pt-BR: semicolons and decimal commas; en: commas and
 * points), and the disputes' due buckets by their names.
 */
import { describe, expect, it } from "vitest";
import {
  disputeGroupsSheet,
  disputesDueSheet,
  payoutSeriesRows,
  payoutSeriesSheet,
} from "@/components/insights/insight-exports";
import { parseCsv } from "@/lib/shared/csv";
import { sheetCsv, type ExportContext } from "@/lib/shared/export";
import type { Locale } from "@/lib/shared/i18n/config";
import { createTranslator } from "@/lib/shared/i18n/translate";
import { DISPUTES, POINTS, WINDOW_7D } from "../components/insights-fixtures";

const ctx = (locale: Locale): ExportContext => ({ locale, timeZone: "America/Sao_Paulo", t: createTranslator(locale) });

describe("the payouts series export", () => {
  it("has every point and the totals row, to the centavo, in pt-BR", () => {
    const c = ctx("pt-BR");
    const rows = payoutSeriesRows(POINTS, WINDOW_7D, { intlLocale: "pt-BR", t: c.t });
    const [header, ...body] = parseCsv(sheetCsv(payoutSeriesSheet("Período (America/Sao_Paulo)"), rows, c), ";");
    expect(header?.slice(0, 6)).toEqual([
      "Período (America/Sao_Paulo)",
      "Início do período (America/Sao_Paulo)",
      "Quantidade",
      "Valor",
      "Tarifa",
      "Líquido",
    ]);
    expect(header).toContain("Falharam (valor)");
    expect(body).toHaveLength(POINTS.length + 1);
    expect(body.map((row) => row[0])).toEqual(["20 de nov.", "21 de nov.", "22 de nov.", "Total"]);
    // The label as the table says it, and a date a spreadsheet sorts and filters: dd/mm/aaaa in the zone.
    expect(body.map((row) => row[1])).toEqual([
      "20/11/2026 00:00:00",
      "21/11/2026 00:00:00",
      "22/11/2026 00:00:00",
      "",
    ]);
    const total = body[3] as string[];
    expect(total.slice(2, 6)).toEqual(["8", "2678,11", "2,02", "1498,32"]);
    const failedAmount = header?.indexOf("Falharam (valor)") ?? -1;
    expect(total[failedAmount]).toBe("100,00");
  });

  it("writes English headers and decimal points in English", () => {
    const c = ctx("en");
    const rows = payoutSeriesRows(POINTS, WINDOW_7D, { intlLocale: "en-US", t: c.t });
    const [header, ...body] = parseCsv(sheetCsv(payoutSeriesSheet("Period (America/Sao_Paulo)"), rows, c), ",");
    expect(header?.slice(1, 4)).toEqual(["Period start (America/Sao_Paulo)", "Count", "Amount"]);
    expect(body[0]?.[1]).toBe("2026-11-20 00:00:00");
    expect(body.at(-1)?.slice(0, 4)).toEqual(["Total", "", "8", "2678.11"]);
  });

  it("labels week points as the week of their first day in the window, in the reader's language", () => {
    const weekly = { ...WINDOW_7D, bucket: "week" as const };
    const points = [POINTS[0], POINTS[2]].flatMap((p) => (p ? [p] : []));
    const pt = payoutSeriesRows(points, weekly, { intlLocale: "pt-BR", t: ctx("pt-BR").t });
    expect(pt.map((row) => row.period)).toEqual(["Semana de 20 de nov.", "Semana de 22 de nov.", "Total"]);
    const en = payoutSeriesRows(points, weekly, { intlLocale: "en-US", t: ctx("en").t });
    expect(en[0]?.period).toBe("Week of Nov 20");
  });
});

describe("the disputes export", () => {
  it("names each due bucket in the reader's language, with its count and amount", () => {
    const [, ...body] = parseCsv(sheetCsv(disputesDueSheet(), DISPUTES.by_due, ctx("pt-BR")), ";");
    expect(body[0]).toEqual(["Prazo vencido", "2", "200,00"]);
    expect(body.map((row) => row[0])).toEqual([
      "Prazo vencido",
      "Vence hoje",
      "Em 1 a 3 dias",
      "Em 4 a 7 dias",
      "Mais tarde",
      "Sem prazo",
    ]);
  });

  it("names kinds and statuses as the chargebacks page does, and keeps one it does not know as the API sent it", () => {
    const rows = [...DISPUTES.by_kind, { key: "boleto_claim", count: 1, amount_centavos: 1 }];
    const [header, ...body] = parseCsv(sheetCsv(disputeGroupsSheet("kind"), rows, ctx("en")), ",");
    expect(header).toEqual(["Kind", "Open", "Amount"]);
    expect(body).toEqual([
      ["Pix MED", "9", "900.09"],
      ["boleto_claim", "1", "0.01"],
    ]);
  });
});
