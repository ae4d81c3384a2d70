import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { auditFieldChanges, describeChanges, pendingChanges } from "@/components/subaccounts/subaccount-changes";
import { SubaccountHistory } from "@/components/subaccounts/subaccount-history";
import type { ActivityEntry } from "@/lib/shared/schemas/activity";
import { renderWithProviders } from "../helpers/render";
import { stubTableLayout } from "../helpers/table-layout";
import { stubFetchEachTest } from "../helpers/fetch-stub";

vi.mock("next/navigation", () => ({
  useRouter: () => ({
    replace: vi.fn(),
    push: vi.fn(),
    refresh: vi.fn(),
    back: vi.fn(),
    forward: vi.fn(),
    prefetch: vi.fn(),
  }),
  usePathname: () => "/subaccounts/sa_demo_1",
  useSearchParams: () => new URLSearchParams(),
}));

const BASE = {
  name: "Loja Centro",
  email: "loja@acme.example.com",
  document: "52998224725",
  daily_limit_centavos: 500_000,
  monthly_limit_centavos: 10_000_000,
  is_blocked: false,
};

describe("change helpers", () => {
  it("lists only the fields an audit entry changed, before → after", () => {
    expect(auditFieldChanges(BASE, { ...BASE, monthly_limit_centavos: 5_000_000 })).toEqual([
      { field: "monthly_limit_centavos", before: 10_000_000, after: 5_000_000 },
    ]);
    expect(auditFieldChanges({ is_blocked: false }, { is_blocked: true })).toEqual([
      { field: "is_blocked", before: false, after: true },
    ]);
    // First change of a subaccount the dashboard did not know: every field, before unknown.
    expect(auditFieldChanges(null, { name: "X", is_blocked: false }).map((c) => [c.field, c.before])).toEqual([
      ["name", undefined],
      ["is_blocked", undefined],
    ]);
    // Fields the dashboard does not know are kept, after the known ones.
    expect(auditFieldChanges({}, { extra: 1, name: "Y" }).map((c) => c.field)).toEqual(["name", "extra"]);
    expect(auditFieldChanges(BASE, null)).toEqual([]);
  });

  it("treats blank and normalised-equal fields as no change", () => {
    const values = {
      name: " Loja Centro ",
      email: "LOJA@acme.example.com",
      document: "529.982.247-25",
      daily_limit_centavos: 500_000,
      monthly_limit_centavos: 9_000_000,
    };
    expect(pendingChanges(values, BASE)).toEqual({ monthly_limit_centavos: 9_000_000 });
    expect(pendingChanges({ name: "", email: "", document: "", daily_limit_centavos: undefined }, null)).toEqual({});
    expect(pendingChanges({ name: "Nova", email: "", document: "" }, null)).toEqual({ name: "Nova" });
    expect(describeChanges({ name: "Nova" }, null)).toEqual([{ field: "name", before: undefined, after: "Nova" }]);
  });
});

const ENTRIES: ActivityEntry[] = [
  {
    id: "3",
    occurred_at: "2026-11-22T13:10:00.000Z",
    actor: { name: "Olivia Operadora", role: "operator" },
    action: "subaccount.update",
    target_type: "subaccount",
    target_id: "sa_demo_1",
    before: BASE,
    after: { daily_limit_centavos: 0 },
    idempotency_key: "k3",
    outcome: "failure",
    request_id: "req_fail",
    error: { code: "validation_error", message: "daily_limit_centavos must be greater than 0" },
  },
  {
    id: "2",
    occurred_at: "2026-11-22T13:05:00.000Z",
    actor: { name: "Olivia Operadora", role: "operator" },
    action: "subaccount.block",
    target_type: "subaccount",
    target_id: "sa_demo_1",
    before: { is_blocked: false },
    after: { is_blocked: true },
    idempotency_key: "k2",
    outcome: "success",
    request_id: "req_block",
    error: null,
  },
  {
    id: "1",
    occurred_at: "2026-11-22T13:00:00.000Z",
    actor: { name: "Bruno Backoffice", role: "operator" },
    action: "subaccount.update",
    target_type: "subaccount",
    target_id: "sa_demo_1",
    before: BASE,
    after: { ...BASE, daily_limit_centavos: 600_000, document: "12ABC34501DE35" },
    idempotency_key: "k1",
    outcome: "success",
    request_id: "req_update",
    error: null,
  },
];

stubTableLayout({ viewport: 800, row: 64, width: 1000 });

const fetchSpy = stubFetchEachTest();

describe("SubaccountHistory", () => {
  it("asks the audit log for this subaccount and shows who, when, what changed, the outcome and the request id", async () => {
    fetchSpy.mockResolvedValue(
      new Response(JSON.stringify({ data: { items: ENTRIES, next_cursor: null }, error: null, request_id: null }), {
        status: 200,
        headers: { "content-type": "application/json" },
      }),
    );
    renderWithProviders(<SubaccountHistory id="sa_demo_1" />);

    await screen.findByText("Bruno Backoffice");
    const table = screen.getByRole("table", { name: "Histórico" });
    const url = new URL(String(fetchSpy.mock.calls[0]?.[0]), "http://localhost");
    // The subaccount's own history route, which every role that may see subaccounts may read (not the whole log).
    expect(url.pathname).toBe("/api/subaccounts/sa_demo_1/history");

    const rows = within(table)
      .getAllByRole("row")
      .filter((row) => row.hasAttribute("data-index"));
    expect(rows).toHaveLength(3);
    const [failed, blocked, updated] = rows as [HTMLElement, HTMLElement, HTMLElement];

    expect(failed).toHaveTextContent("Falhou");
    // The failure in the reader's language, by its code; not the raw code, not the server's English.
    expect(failed).toHaveTextContent("Alguns campos precisam de correção.");
    expect(failed).not.toHaveTextContent("validation_error");
    expect(failed).not.toHaveTextContent("must be greater than 0");
    expect(failed).toHaveTextContent(/Limite diário:\s*R\$\s5\.000,00\s*passa a ser\s*R\$\s0,00/);
    expect(within(failed).getByRole("button", { name: "Copiar ID da requisição" })).toBeInTheDocument();
    expect(failed).toHaveTextContent("req_fail");

    expect(blocked).toHaveTextContent("Bloqueio");
    expect(blocked).toHaveTextContent(/Situação:\s*Ativa\s*passa a ser\s*Bloqueada/);
    expect(blocked).toHaveTextContent("Concluída");

    expect(updated).toHaveTextContent("Bruno Backoffice");
    expect(updated).toHaveTextContent(/CPF ou CNPJ:\s*529\.982\.247-25\s*passa a ser\s*12\.ABC\.345\/01DE-35/);
    expect(updated).toHaveTextContent(/Limite diário:\s*R\$\s5\.000,00\s*passa a ser\s*R\$\s6\.000,00/);
    // Unchanged fields are not listed.
    expect(updated).not.toHaveTextContent("Limite mensal");
    // Times in the operator's zone (São Paulo by default): 13:00 UTC is 10:00.
    expect(updated).toHaveTextContent("22/11/2026, 10:00");
  });
});
