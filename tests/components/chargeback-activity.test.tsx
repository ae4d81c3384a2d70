/**
 * The audit log's pure rules and its before → after rendering (kept with the
 * chargebacks tests: both pages belong to the same feature owner).
 */
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  ACTIVITY_SHEET,
  activityUrlSchema,
  diffSnapshots,
  searchEntries,
  sortEntries,
  targetHref,
  toApiFilters,
} from "@/components/activity/activity-model";
import { ChangeSummary, ChangeTable } from "@/components/activity/change-list";
import { DateRangeFields as DateRangeFilter } from "@/components/ui/date-range-fields";
import { FILTER_DAY_MAX, FILTER_DAY_MIN, filterDateSchema } from "@/lib/shared/schemas/dates";
import { parseCsv } from "@/lib/shared/csv";
import { sheetCsv } from "@/lib/shared/export";
import { createTranslator } from "@/lib/shared/i18n/translate";
import { ACTIVITY_ACTIONS } from "@/lib/browser/query/activity";
import type { ActivityEntry } from "@/lib/shared/schemas/activity";

function entry(over: Partial<ActivityEntry>): ActivityEntry {
  return {
    id: "1",
    occurred_at: "2026-11-22T15:04:05Z",
    actor: { name: "Olivia", role: "operator" },
    action: "subaccount.update",
    target_type: "subaccount",
    target_id: "sa_demo_1",
    before: null,
    after: null,
    idempotency_key: "key-123456789",
    outcome: "success",
    request_id: "req_abc",
    error: null,
    ...over,
  };
}

describe("toApiFilters", () => {
  it("turns calendar days in the operator's zone into an exclusive instant range", () => {
    const state = activityUrlSchema.parse({
      actor: "  Olivia ",
      action: "payout.create",
      from: "2026-11-01",
      to: "2026-11-22",
    });
    expect(toApiFilters(state, "America/Sao_Paulo")).toEqual({
      actor: "Olivia",
      action: "payout.create",
      from: "2026-11-01T03:00:00Z",
      to: "2026-11-23T03:00:00Z",
    });
    expect(toApiFilters(activityUrlSchema.parse({ from: "2026-11-01" }), "UTC")).toEqual({
      from: "2026-11-01T00:00:00Z",
    });
    expect(toApiFilters(activityUrlSchema.parse({ from: "not-a-date" }), "UTC")).toEqual({});
  });

  it("sends only days in the filters' range, whose instants the BFF takes in any zone", () => {
    for (const day of [
      "0000-01-01",
      "0001-01-01",
      "0020-06-15",
      "1969-12-31",
      "1999-12-31",
      "2000-01-01",
      "2099-12-31",
      "9999-12-31",
    ]) {
      expect(toApiFilters(activityUrlSchema.parse({ from: day, to: day }), "America/Sao_Paulo"), day).toEqual({});
    }
    for (const zone of ["Pacific/Kiritimati", "Etc/GMT+12", "America/Sao_Paulo"]) {
      const filters = toApiFilters(activityUrlSchema.parse({ from: FILTER_DAY_MIN, to: FILTER_DAY_MAX }), zone);
      expect(filterDateSchema.safeParse(filters.from).success, `${zone} from ${filters.from}`).toBe(true);
      expect(filterDateSchema.safeParse(filters.to).success, `${zone} to ${filters.to}`).toBe(true);
    }
  });
});

describe("DateRangeFilter (typed days in the app's format)", () => {
  const labels = { group: "Datas", from: "De", to: "Até", zoneHint: "" };
  const bounds = {
    min: FILTER_DAY_MIN,
    max: FILTER_DAY_MAX,
    message: "Use uma data de 1º de janeiro de 2000 a 1º de janeiro de 2100.",
  };

  it("says beside a day out of range (from the URL or typed) why it is not applied", () => {
    const { rerender } = render(
      <DateRangeFilter
        from="2026-11-01"
        to={undefined}
        onChange={() => undefined}
        zone="BRT"
        labels={labels}
        bounds={bounds}
      />,
    );
    expect(screen.getByLabelText("De")).toHaveValue("01/11/2026");
    expect(screen.getByLabelText("De")).toHaveAttribute("placeholder", "dd/mm/aaaa");
    expect(screen.queryByText(bounds.message)).toBeNull();
    expect(screen.getByLabelText("De")).not.toHaveAttribute("aria-invalid");

    rerender(
      <DateRangeFilter
        from="0002-01-01"
        to="2026-11-22"
        onChange={() => undefined}
        zone="BRT"
        labels={labels}
        bounds={bounds}
      />,
    );
    const message = screen.getByText(bounds.message);
    expect(screen.getByLabelText("De")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("De").getAttribute("aria-describedby")?.split(" ")).toContain(message.id);
    expect(screen.getByLabelText("Até")).not.toHaveAttribute("aria-invalid");
  });

  it("hands over a typed day as YYYY-MM-DD, and an impossible one as nothing, said beside the pair", () => {
    const patches: Array<{ from?: string | null; to?: string | null }> = [];
    render(
      <DateRangeFilter
        from={undefined}
        to={undefined}
        onChange={(patch) => patches.push(patch)}
        zone="BRT"
        labels={labels}
        bounds={bounds}
      />,
    );
    fireEvent.change(screen.getByLabelText("Até"), { target: { value: "15/12/2026" } });
    expect(patches).toEqual([{ to: "2026-12-15" }]);
    fireEvent.change(screen.getByLabelText("De"), { target: { value: "31/02/2026" } });
    expect(patches).toHaveLength(1);
    const message = screen.getByText("Essa data não existe: confira o dia e o mês.");
    expect(screen.getByLabelText("De")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("De").getAttribute("aria-describedby")?.split(" ")).toContain(message.id);
    expect(screen.getByRole("button", { name: "Abrir calendário: De" })).toBeInTheDocument();
  });
});

describe("targetHref", () => {
  it("links payouts, subaccounts and payment links, and nothing else", () => {
    expect(targetHref({ target_type: "payout", target_id: "po_1" })).toBe("/payouts/po_1");
    expect(targetHref({ target_type: "subaccount", target_id: "sa 1" })).toBe("/subaccounts/sa%201");
    expect(targetHref({ target_type: "payment_link", target_id: "pl_1" })).toBe("/payment-links?id=pl_1");
    expect(targetHref({ target_type: "session", target_id: "s1" })).toBeNull();
    expect(targetHref({ target_type: "payout", target_id: null })).toBeNull();
  });
});

describe("diffSnapshots", () => {
  it("compares field by field and marks what changed", () => {
    const changes = diffSnapshots(
      { name: "Loja", daily_limit_centavos: 500000, is_blocked: false },
      { name: "Loja", daily_limit_centavos: 600000, is_blocked: true },
    );
    expect(changes.map((c) => [c.field, c.changed])).toEqual([
      ["name", false],
      ["daily_limit_centavos", true],
      ["is_blocked", true],
    ]);
  });

  it("treats a creation (no before) as all new, and keeps fields only in before", () => {
    expect(diffSnapshots(null, { slug: "a" })).toEqual([
      { field: "slug", before: undefined, after: "a", inBefore: false, inAfter: true, changed: true },
    ]);
    expect(diffSnapshots({ a: 1, gone: 2 }, { a: 1 }).find((c) => c.field === "gone")).toMatchObject({
      inBefore: true,
      inAfter: false,
      changed: true,
    });
    expect(diffSnapshots(null, null)).toEqual([]);
    expect(diffSnapshots("x", "y")).toEqual([
      { field: "value", before: "x", after: "y", inBefore: true, inAfter: true, changed: true },
    ]);
  });
});

describe("ChangeSummary / ChangeTable", () => {
  it("formats money, yes/no and documents, before → after", () => {
    const e = entry({
      before: { daily_limit_centavos: 500000, is_blocked: false, document: "12345678909" },
      after: { daily_limit_centavos: 600000, is_blocked: true, document: "12345678909" },
    });
    const { container } = render(<ChangeSummary entry={e} />);
    expect(container).toHaveTextContent("Limite diário: R$ 5.000,00 para R$ 6.000,00");
    expect(container).toHaveTextContent("Bloqueada: Não para Sim");
    expect(container).not.toHaveTextContent("Documento");
  });

  it("shows every field in the table, the document formatted", () => {
    const e = entry({ before: { document: "12345678909", name: "A" }, after: { document: "12345678909", name: "B" } });
    render(<ChangeTable entry={e} />);
    expect(screen.getAllByText("123.456.789-09")).toHaveLength(2);
    expect(screen.getByRole("rowheader", { name: /Nome/ })).toHaveTextContent("alterado");
  });

  it("lets an e-mail break only before its @ and dots, in the summary and the table", () => {
    const e = entry({
      before: { email: "loja.centro@acme.example.com" },
      after: { email: "retry-1@acme.example.com" },
    });
    const { container } = render(<ChangeSummary entry={e} />);
    expect(container).toHaveTextContent("E-mail: loja.centro@acme.example.com para retry-1@acme.example.com");
    expect(container.querySelectorAll("[data-email]")).toHaveLength(2);
    expect(container.querySelector("ins [data-email]")?.innerHTML).toBe("retry-1<wbr>@acme<wbr>.example<wbr>.com");
    const table = render(<ChangeTable entry={e} />);
    expect(table.container.querySelectorAll("td [data-email]")).toHaveLength(2);
  });

  it("caps the list and says how many more", () => {
    const after = { a: 1, b: 2, c: 3, d: 4, e: 5 };
    const { container } = render(<ChangeSummary entry={entry({ after })} limit={3} />);
    expect(container).toHaveTextContent("+2 campos");
  });
});

describe("search, sort and CSV", () => {
  const entries = [
    entry({
      id: "3",
      actor: { name: "Zeca", role: "operator" },
      action: "payout.create",
      occurred_at: "2026-11-22T10:00:00Z",
    }),
    entry({
      id: "2",
      actor: { name: "Ana", role: "operator" },
      action: "session.sign_in",
      request_id: "req_find_me",
      occurred_at: "2026-11-21T10:00:00Z",
    }),
    entry({
      id: "1",
      actor: { name: "Élio", role: "viewer" },
      action: "payment_link.create",
      occurred_at: "2026-11-20T10:00:00Z",
      after: { name: 'Curso, "online"', amount_centavos: 12345 },
    }),
  ];
  const label = (a: string) => a;
  const hay = (e: ActivityEntry) =>
    [e.actor.name, e.request_id ?? "", e.action]
      .join(" ")
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase();

  it("searches without accents and sorts with the log's order as the tie-breaker", () => {
    expect(searchEntries(entries, "elio", hay).map((e) => e.id)).toEqual(["1"]);
    expect(searchEntries(entries, "req_find_me", hay).map((e) => e.id)).toEqual(["2"]);
    expect(sortEntries(entries, [{ id: "actor", desc: false }], label).map((e) => e.id)).toEqual(["2", "1", "3"]);
    expect(sortEntries(entries, [{ id: "occurred_at", desc: false }], label).map((e) => e.id)).toEqual(["1", "2", "3"]);
    expect(sortEntries(entries, [], label).map((e) => e.id)).toEqual(["3", "2", "1"]);
  });

  it("exports every entry in pt-BR: translated headers, action, role, target and outcome, time in the zone, snapshots as JSON", () => {
    const csv = sheetCsv(ACTIVITY_SHEET, entries, {
      locale: "pt-BR",
      timeZone: "America/Sao_Paulo",
      t: createTranslator("pt-BR"),
    });
    const [header, ...rows] = parseCsv(csv, ";");
    expect(header).toContain("Quando (America/Sao_Paulo)");
    expect(rows).toHaveLength(3);
    const byHeader = (row: readonly string[] | undefined) =>
      Object.fromEntries((header ?? []).map((h, i) => [h, row?.[i]]));
    const last = byHeader(rows[2]);
    expect(last).toMatchObject({
      "ID do registro": "1",
      "Quando (America/Sao_Paulo)": "20/11/2026 07:00:00",
      Quem: "Élio",
      // A role the dashboard has no word for is kept as recorded.
      Papel: "viewer",
      Ação: "Criou link de pagamento",
      "Tipo do alvo": "Subconta",
      Resultado: "Sucesso",
      "ID da requisição": "req_abc",
    });
    expect(JSON.parse(last.Depois ?? "")).toEqual({ name: 'Curso, "online"', amount_centavos: 12345 });
    expect(byHeader(rows[0]).Papel).toBe("Operador");
  });

  it("exports in English with commas and ISO-like times", () => {
    const csv = sheetCsv(ACTIVITY_SHEET, entries, {
      locale: "en",
      timeZone: "America/Sao_Paulo",
      t: createTranslator("en"),
    });
    const [header, , , last] = parseCsv(csv, ",");
    expect(header?.slice(0, 2)).toEqual(["Entry ID", "When (America/Sao_Paulo)"]);
    expect(last?.slice(0, 2)).toEqual(["1", "2026-11-20 07:00:00"]);
    expect(last).toContain("Created a payment link");
  });

  it("offers every action the ledger records", () => {
    expect(ACTIVITY_ACTIONS).toContain("payment_link.create");
    expect(new Set(ACTIVITY_ACTIONS).size).toBe(ACTIVITY_ACTIONS.length);
  });
});
