/**
 * A subaccount id this dashboard has no record of: the page says so up front, with what the person can do,
 * instead of a full page of actions that fail on a wrong id; when they go on, the unknown state gets one
 * "block or unblock…" action that asks which, never both buttons side by side.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { SubaccountDetail } from "@/components/subaccounts/subaccount-detail";
import { renderWithProviders } from "../helpers/render";

vi.mock("next/navigation", async () => (await import("../helpers/next-navigation")).mockedNavigation);

function envelope(data: unknown, status: number, error: unknown = null): Response {
  return new Response(JSON.stringify({ data, error, request_id: "req_1" }), {
    status,
    headers: { "content-type": "application/json" },
  });
}

let fetchSpy: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchSpy = vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    if (url.includes("/history")) return envelope({ items: [], next_cursor: null }, 200);
    return envelope(null, 404, {
      code: "subaccount_unknown",
      message: "This dashboard has not seen this subaccount yet.",
    });
  });
  vi.stubGlobal("fetch", fetchSpy);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const header = () => document.querySelector<HTMLElement>("[data-slot=page-header]")!;

it("says up front that there is no record of the id, and offers no action until the person goes on", async () => {
  renderWithProviders(<SubaccountDetail id="sa_ghost" />, { role: "operator" });
  expect(await screen.findByRole("heading", { name: "Este painel não tem registro desta subconta" })).toBeVisible();
  expect(screen.getByText(/Confira o ID/)).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Abrir outro ID" })).toHaveAttribute("href", "/subaccounts");
  // Nothing that would only fail on a wrong id: no block, no unblock, no edit form.
  expect(within(header()).queryAllByRole("button", { name: /Bloquear|Desbloquear/ })).toHaveLength(0);
  expect(screen.queryByRole("textbox", { name: /^Nome/ })).not.toBeInTheDocument();
  expect(screen.queryByRole("heading", { name: "Editar subconta" })).not.toBeInTheDocument();
});

it("going on, the unknown state offers one block-or-unblock action that asks which, with nothing chosen", async () => {
  const { user } = renderWithProviders(<SubaccountDetail id="sa_ghost" />, { role: "operator" });
  await user.click(await screen.findByRole("button", { name: "Alterar esta subconta mesmo assim" }));

  expect(screen.getByRole("textbox", { name: /^Nome/ })).toHaveValue("");
  const actions = within(header()).getAllByRole("button", { name: /Bloquear|Desbloquear/ });
  expect(actions.map((button) => button.textContent)).toEqual(["Bloquear ou desbloquear…"]);

  await user.click(actions[0]!);
  const dialog = await screen.findByRole("alertdialog", { name: "Bloquear ou desbloquear a subconta sa_ghost?" });
  const block = within(dialog).getByRole("radio", { name: "Bloquear subconta" });
  const unblock = within(dialog).getByRole("radio", { name: "Desbloquear subconta" });
  expect(block).not.toBeChecked();
  expect(unblock).not.toBeChecked();
  expect(within(dialog).getByRole("button", { name: "Escolha bloquear ou desbloquear" })).toBeDisabled();

  await user.click(unblock);
  const confirm = within(dialog).getByRole("button", { name: "Desbloquear subconta" });
  expect(confirm).toBeEnabled();
  await user.click(block);
  expect(within(dialog).getByRole("button", { name: "Bloquear subconta" })).toBeEnabled();
  // Nothing was sent while choosing; confirming sends the choice.
  const puts = () => fetchSpy.mock.calls.filter(([, init]) => init?.method === "PUT");
  expect(puts()).toHaveLength(0);
  await user.click(within(dialog).getByRole("button", { name: "Bloquear subconta" }));
  await waitFor(() => expect(puts()).toHaveLength(1));
  const [url, init] = puts()[0]!;
  expect(String(url)).toContain("/api/subaccounts/sa_ghost/blocked");
  expect(JSON.parse(String(init?.body))).toMatchObject({ is_blocked: true });
});
