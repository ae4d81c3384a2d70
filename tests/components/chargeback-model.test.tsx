import { describe, expect, it } from "vitest";
import {
  chargebacksSheet,
  chargebackUrlSchema,
  filterChargebacks,
  searchText,
  sortChargebacks,
  summarize,
  unknownFields,
} from "@/components/chargebacks/chargeback-model";
import { HOUR_MS, urgencyOf } from "@/lib/shared/chargebacks/deadline";
import { dateWindow } from "@/lib/shared/format/date-window";
import { formatDuration } from "@/components/chargebacks/deadline";
import { parseCsv } from "@/lib/shared/csv";
import { sheetCsv } from "@/lib/shared/export";
import type { Locale } from "@/lib/shared/i18n/config";
import { createTranslator } from "@/lib/shared/i18n/translate";
import { chargebackListSchema, type Chargeback } from "@/lib/shared/schemas/chargeback";

const NOW = Date.parse("2026-11-22T15:00:00Z"); // 12:00 in São Paulo
const at = (hours: number) => new Date(NOW + hours * HOUR_MS).toISOString();

const rows: Chargeback[] = chargebackListSchema.parse([
  {
    id: "cb_card_later",
    kind: "card_chargeback",
    status: "needs_response",
    amount_centavos: "150000",
    created_at: "2026-11-10T12:00:00Z",
    respond_by: at(100),
    customer_name: "Ana Souza",
    card_brand: "visa",
    card_last4: "4242",
    network_case_id: "NC0000000001",
  },
  {
    id: "cb_med_urgent",
    kind: "pix_med",
    status: "needs_response",
    amount_centavos: 5000,
    created_at: "2026-11-20T02:30:00Z",
    respond_by: at(5),
    customer_name: "João Conceição",
    payout_id: "po_demo_paid",
    end_to_end_id: "E9999999920261120",
  },
  {
    id: "cb_card_overdue",
    kind: "card_chargeback",
    status: "needs_response",
    amount_centavos: 999,
    created_at: "2026-11-01T12:00:00Z",
    respond_by: at(-2),
    customer_name: "Bia",
  },
  {
    id: "cb_med_review",
    kind: "pix_med",
    status: "under_review",
    amount_centavos: 20000,
    created_at: "2026-11-21T12:00:00Z",
    respond_by: at(30),
    customer_name: "Caio",
  },
  {
    id: "cb_card_72h",
    kind: "card_chargeback",
    status: "needs_response",
    amount_centavos: 1,
    created_at: "2026-11-21T12:00:00Z",
    respond_by: at(48),
    customer_name: "Duda",
  },
  {
    id: "cb_won_recent",
    kind: "card_chargeback",
    status: "won",
    amount_centavos: 700,
    created_at: "2026-10-01T12:00:00Z",
    respond_by: at(-24 * 10),
  },
  {
    id: "cb_lost_old",
    kind: "pix_med",
    status: "lost",
    amount_centavos: 800,
    created_at: "2026-09-01T12:00:00Z",
    respond_by: at(-24 * 60),
  },
  {
    id: "cb_weird",
    kind: "boleto_dispute",
    status: "escalated",
    created_at: "2026-11-22T02:00:00Z",
    extra: { nested: true },
  },
]);

const noFilters = chargebackUrlSchema.parse({});
const ctx = { timeZone: "America/Sao_Paulo", now: NOW };
const ids = (list: Chargeback[]) => list.map((c) => c.id);

describe("urgency of a response deadline", () => {
  it("tiers needs-response disputes by time left, and never colours the others as urgent", () => {
    const byId = Object.fromEntries(rows.map((r) => [r.id, urgencyOf(r, NOW)]));
    expect(byId).toEqual({
      cb_card_later: "later",
      cb_med_urgent: "due24h",
      cb_card_overdue: "overdue",
      cb_med_review: "waiting",
      cb_card_72h: "due72h",
      cb_won_recent: "closed",
      cb_lost_old: "closed",
      cb_weird: "none",
    });
  });

  it("writes time left precisely", () => {
    expect(formatDuration(5 * HOUR_MS + 12 * 60_000)).toBe("5 h 12 min");
    expect(formatDuration(52 * HOUR_MS)).toBe("2 d 4 h");
    expect(formatDuration(-2 * HOUR_MS)).toBe("2 h");
    expect(formatDuration(30_000)).toBe("< 1 min");
  });
});

describe("default order: open first, soonest deadline first", () => {
  it("puts open disputes by deadline (an unknown status counts as open; no deadline last among them), then closed ones, most recent first", () => {
    expect(ids(sortChargebacks(rows, [{ id: "respond_by", desc: false }]))).toEqual([
      "cb_card_overdue",
      "cb_med_urgent",
      "cb_med_review",
      "cb_card_72h",
      "cb_card_later",
      "cb_weird",
      "cb_won_recent",
      "cb_lost_old",
    ]);
  });

  it("descending keeps open ones first, latest deadline on top", () => {
    expect(ids(sortChargebacks(rows, [{ id: "respond_by", desc: true }])).slice(0, 2)).toEqual([
      "cb_card_later",
      "cb_card_72h",
    ]);
  });

  it("sorts by amount with missing amounts last", () => {
    const sorted = ids(sortChargebacks(rows, [{ id: "amount_centavos", desc: true }]));
    expect(sorted[0]).toBe("cb_card_later");
    expect(sorted.at(-1)).toBe("cb_weird");
  });
});

describe("filters", () => {
  it("by kind, including unknown kinds", () => {
    expect(ids(filterChargebacks(rows, { ...noFilters, kind: "pix_med" }, ctx))).toEqual([
      "cb_med_urgent",
      "cb_med_review",
      "cb_lost_old",
    ]);
    expect(ids(filterChargebacks(rows, { ...noFilters, kind: "boleto_dispute" }, ctx))).toEqual(["cb_weird"]);
  });

  it("by status, and 'open' means not decided: needs response, under review, or a status the dashboard does not know", () => {
    expect(filterChargebacks(rows, { ...noFilters, status: "needs_response" }, ctx)).toHaveLength(4);
    expect(ids(filterChargebacks(rows, { ...noFilters, status: "open" }, ctx))).toEqual([
      "cb_card_later",
      "cb_med_urgent",
      "cb_card_overdue",
      "cb_med_review",
      "cb_card_72h",
      "cb_weird",
    ]);
  });

  it("by deadline window", () => {
    expect(ids(filterChargebacks(rows, { ...noFilters, deadline: "overdue" }, ctx))).toEqual(["cb_card_overdue"]);
    expect(ids(filterChargebacks(rows, { ...noFilters, deadline: "24h" }, ctx))).toEqual([
      "cb_med_urgent",
      "cb_card_overdue",
    ]);
    expect(ids(filterChargebacks(rows, { ...noFilters, deadline: "72h" }, ctx))).toEqual([
      "cb_med_urgent",
      "cb_card_overdue",
      "cb_card_72h",
    ]);
  });

  it("by created date, as calendar days in the operator's zone", () => {
    // 2026-11-20T02:30Z is the 19th in São Paulo (23:30), the 20th in UTC.
    expect(ids(filterChargebacks(rows, { ...noFilters, from: "2026-11-20", to: "2026-11-20" }, ctx))).toEqual([]);
    expect(ids(filterChargebacks(rows, { ...noFilters, from: "2026-11-19", to: "2026-11-19" }, ctx))).toEqual([
      "cb_med_urgent",
    ]);
    expect(
      ids(filterChargebacks(rows, { ...noFilters, from: "2026-11-20", to: "2026-11-20" }, { ...ctx, timeZone: "UTC" })),
    ).toEqual(["cb_med_urgent"]);
    const { start, end } = dateWindow("2026-11-21", "2026-11-21", "America/Sao_Paulo");
    expect(new Date(start ?? 0).toISOString()).toBe("2026-11-21T03:00:00.000Z");
    expect(new Date(end ?? 0).toISOString()).toBe("2026-11-22T03:00:00.000Z");
  });

  it("searches ids, customers (without accents), payout ids, E2E ids and unknown fields", () => {
    const search = (q: string) => ids(filterChargebacks(rows, { ...noFilters, q }, ctx));
    expect(search("cb_med_urgent")).toEqual(["cb_med_urgent"]);
    expect(search("conceicao")).toEqual(["cb_med_urgent"]);
    expect(search("po_demo_paid")).toEqual(["cb_med_urgent"]);
    expect(search("E9999999920261120")).toEqual(["cb_med_urgent"]);
    expect(search("NC0000000001")).toEqual(["cb_card_later"]);
    expect(searchText(rows[0] as Chargeback)).toContain("ana souza");
  });
});

describe("summary", () => {
  it("counts needs-action (needs_response only), urgent, under review and the open amount", () => {
    expect(summarize(rows, NOW)).toEqual({
      total: 8,
      needsAction: 4,
      overdue: 1,
      due24h: 1,
      underReview: 1,
      openAmount: 150000 + 5000 + 999 + 20000 + 1,
      open: 6,
      med: 3,
      card: 4,
    });
  });
});

const csvIn = (locale: Locale, view: readonly Chargeback[], timeZone = "America/Sao_Paulo") =>
  sheetCsv(chargebacksSheet(view), view, { locale, timeZone, t: createTranslator(locale) });

describe("CSV of the view", () => {
  it("pt-BR: translated headers, kind and status in words, ';', decimal commas, dd/mm/aaaa, exactly the rows given", () => {
    const view = sortChargebacks(filterChargebacks(rows, { ...noFilters, kind: "card_chargeback" }, ctx), [
      { id: "respond_by", desc: false },
    ]);
    const csv = csvIn("pt-BR", view);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const [header, ...records] = parseCsv(csv, ";");
    expect(header).toEqual([
      "ID da contestação",
      "Tipo",
      "Status",
      "Valor",
      "Motivo",
      "Código do motivo",
      "Cliente",
      "Aberta em (America/Sao_Paulo)",
      "Prazo de resposta (America/Sao_Paulo)",
      "ID do repasse",
      "ID fim a fim (E2E)",
      "Bandeira",
      "Cartão",
      "network_case_id",
    ]);
    expect(records.map((r) => r[0])).toEqual(["cb_card_overdue", "cb_card_72h", "cb_card_later", "cb_won_recent"]);
    const later = records[2] ?? [];
    expect(later.slice(0, 4)).toEqual(["cb_card_later", "Cartão", "Aguardando resposta", "1500,00"]);
    expect(later[7]).toBe("10/11/2026 09:00:00");
    expect(later.at(-1)).toBe("NC0000000001");
    expect(records[1]?.[3]).toBe("0,01");
    expect(csv).not.toContain("needs_response");
  });

  it("en: English headers and words, ',', decimal points, ISO-like dates", () => {
    const view = filterChargebacks(rows, { ...noFilters, q: "cb_card_later" }, ctx);
    const [header, later] = parseCsv(csvIn("en", view), ",");
    expect(header?.slice(0, 4)).toEqual(["Dispute ID", "Kind", "Status", "Amount"]);
    expect(header?.[7]).toBe("Opened (America/Sao_Paulo)");
    expect(later?.slice(0, 4)).toEqual(["cb_card_later", "Card", "Needs response", "1500.00"]);
    expect(later?.[7]).toBe("2026-11-10 09:00:00");
  });

  it("lists unknown fields present, objects as JSON", () => {
    expect(unknownFields(rows)).toEqual(["extra", "network_case_id"]);
    const [header, record] = parseCsv(csvIn("pt-BR", [rows[7] as Chargeback], "UTC"), ";");
    expect(header?.at(-1)).toBe("extra");
    expect(record?.at(-1)).toBe('{"nested":true}');
  });
});
