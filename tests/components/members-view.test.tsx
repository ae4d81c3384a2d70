/**
 * The members page on the shared list: each member is a row of the table (a card below `sm`, the same cells
 * placed by card-layout.ts) holding every action it had (role, deactivate / reactivate, reset 2FA) and the
 * member's security history, whose side panel offers the same CSV / Excel buttons as the person's own history.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { MembersView } from "@/components/members/members-view";
import { ok, stubFetch, type FetchCall } from "../helpers/payouts-dom";
import { renderWithProviders } from "../helpers/render";

const members = [
  {
    member_id: "m_owner",
    name: "Olga Dona",
    email: "owner@acme.example",
    role: "owner",
    status: "active",
    two_factor: true,
    joined_at: "2026-01-02T12:00:00.000Z",
  },
  {
    member_id: "m_fin",
    name: "Fábio Finanças",
    email: "finance@acme.example",
    role: "finance",
    status: "active",
    two_factor: true,
    joined_at: "2026-02-03T12:00:00.000Z",
  },
  {
    member_id: "m_sup",
    name: "Sara Suporte",
    email: "support@acme.example",
    role: "support",
    status: "deactivated",
    two_factor: false,
    joined_at: "2026-03-04T12:00:00.000Z",
  },
];

const event = {
  id: "ev_1",
  at: "2026-11-20T13:05:00.000Z",
  kind: "sign_in_succeeded",
  reason: "ok",
  factor: "totp",
  client_address: "203.0.113.9",
  address_verified: true,
  user_agent: null,
};

let calls: FetchCall[];
function stub() {
  calls = stubFetch([
    (call) => (call.url === "/api/members" ? ok({ members, invitations: [] }) : undefined),
    (call) =>
      call.url.startsWith("/api/members/m_fin/security-events") ? ok({ items: [event], next_cursor: null }) : undefined,
  ]);
}

function memberRow(email: string): HTMLElement {
  const row = screen.getByRole("table", { name: "Membros" }).querySelector<HTMLElement>(`tr[data-member="${email}"]`);
  if (!row) throw new Error(`no row for ${email}`);
  return row;
}

// jsdom has no layout: give the page a viewport and rows a height, as a browser would.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, "clientHeight", {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.slot === "data-table-scroll" ? 600 : this.tagName === "TR" ? 40 : 0;
    },
  });
});
afterAll(() => {
  Reflect.deleteProperty(HTMLElement.prototype, "clientHeight");
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("MembersView", () => {
  it("shows each member as a row that is also its phone card, with every action in it", async () => {
    stub();
    const { user } = renderWithProviders(<MembersView actor={{ id: "m_owner", role: "owner" }} />);
    await screen.findByText("Fábio Finanças");

    // The card's places: name on top, e-mail under it, status opposite; the rest labelled lines.
    const finance = memberRow("finance@acme.example");
    const place = (role: string) => [...finance.querySelectorAll(`td[data-card="${role}"]`)].map((c) => c.textContent);
    expect(place("title")).toEqual(["Fábio Finanças "]);
    expect(place("subtitle")).toEqual(["finance@acme.example"]);
    expect(place("status")).toEqual(["Ativo"]);
    expect(finance.className).toContain("max-sm:grid");

    // Every action of the row is inside it.
    const inRow = within(finance);
    expect(inRow.getByRole("combobox", { name: "Mudar papel" })).toHaveValue("finance");
    expect(inRow.getByRole("button", { name: "Desativar" })).toBeInTheDocument();
    expect(inRow.getByRole("button", { name: "Redefinir verificação" })).toBeInTheDocument();
    expect(inRow.getByRole("button", { name: "Histórico de segurança" })).toBeInTheDocument();
    // A deactivated member: reactivate, no role select, no 2FA reset.
    const support = within(memberRow("support@acme.example"));
    expect(support.getByRole("button", { name: "Reativar" })).toBeInTheDocument();
    expect(support.queryByRole("combobox", { name: "Mudar papel" })).toBeNull();
    expect(support.queryByRole("button", { name: "Redefinir verificação" })).toBeNull();
    // The signed-in person cannot change themselves, but can read their history.
    const own = within(memberRow("owner@acme.example"));
    expect(own.queryByRole("button", { name: "Desativar" })).toBeNull();
    expect(own.getByRole("button", { name: "Histórico de segurança" })).toBeInTheDocument();

    // The list gets the shared table's column chooser and the cards' sort.
    expect(screen.getByRole("button", { name: "Colunas" })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: "Ordenar por" }), "name");
    const order = () =>
      [...screen.getByRole("table", { name: "Membros" }).querySelectorAll("tr[data-member]")].map((r) =>
        r.getAttribute("data-member"),
      );
    expect(order()).toEqual(["finance@acme.example", "owner@acme.example", "support@acme.example"]);

    // Changing a role from the row asks first.
    await user.selectOptions(inRow.getByRole("combobox", { name: "Mudar papel" }), "operator");
    expect(await screen.findByRole("alertdialog", { name: "Mudar o papel de Fábio Finanças?" })).toBeInTheDocument();
  });

  it("opens the invitation and a row's confirmation (both loaded on demand); closing them puts focus back where it was", async () => {
    stub();
    const { user } = renderWithProviders(<MembersView actor={{ id: "m_owner", role: "owner" }} />);
    await screen.findByText("Fábio Finanças");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("alertdialog")).toBeNull();

    const inviteButton = screen.getByRole("button", { name: "Convidar" });
    expect(inviteButton).toHaveAttribute("aria-haspopup", "dialog");
    await user.click(inviteButton);
    const invite = await screen.findByRole("dialog", { name: "Convidar pessoa" });
    expect(inviteButton).toHaveAttribute("aria-expanded", "true");
    const roleSelect = within(invite).getByRole("combobox");
    expect(roleSelect).toHaveValue("operator");
    await user.type(within(invite).getByRole("textbox"), "nova@acme.example");
    await user.selectOptions(roleSelect, "finance");
    await user.click(within(invite).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(inviteButton).toHaveFocus();
    // Cancelled: the next invitation starts blank, with the default role again.
    await user.click(inviteButton);
    const again = await screen.findByRole("dialog", { name: "Convidar pessoa" });
    expect(within(again).getByRole("textbox")).toHaveValue("");
    expect(within(again).getByRole("combobox")).toHaveValue("operator");
    await user.click(within(again).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    const deactivate = within(memberRow("finance@acme.example")).getByRole("button", { name: "Desativar" });
    await user.click(deactivate);
    const confirm = await screen.findByRole("alertdialog", { name: /Fábio Finanças/ });
    await user.click(within(confirm).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(deactivate).toHaveFocus();

    const history = within(memberRow("finance@acme.example")).getByRole("button", { name: "Histórico de segurança" });
    await user.click(history);
    await screen.findByRole("dialog", { name: "Histórico de segurança de Fábio Finanças" });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(history).toHaveFocus();
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
  });

  it("opens a member's security history with the CSV / Excel export of it", async () => {
    stub();
    const clicked: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute("href") ?? "", download: this.download });
    });
    onTestFinished(() => click.mockRestore());
    const { user } = renderWithProviders(<MembersView actor={{ id: "m_owner", role: "admin" }} />);
    await screen.findByText("Fábio Finanças");

    await user.click(within(memberRow("finance@acme.example")).getByRole("button", { name: "Histórico de segurança" }));
    const sheet = await screen.findByRole("dialog", { name: "Histórico de segurança de Fábio Finanças" });
    expect(await within(sheet).findByText("Entrou (código do aplicativo)")).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith("/api/members/m_fin/security-events?"))).toBe(true);

    await user.click(within(sheet).getByRole("button", { name: "Exportar CSV" }));
    await user.click(within(sheet).getByRole("button", { name: "Exportar Excel (.xlsx)" }));
    await waitFor(() => expect(clicked).toHaveLength(2));
    expect(clicked.map((c) => c.href)).toEqual([
      "/api/members/m_fin/security-events/export?format=csv",
      "/api/members/m_fin/security-events/export?format=xlsx",
    ]);
  });
});
