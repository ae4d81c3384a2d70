import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RegisterEntrySheet } from "@/components/payouts/register-entry-sheet";
import { payoutKeys } from "@/lib/browser/query/payouts";
import type { RegisterPayout } from "@/lib/shared/schemas/register";
import {
  fail,
  newQueryClient,
  ok,
  registerRow,
  renderWithProviders,
  session,
  stubFetch,
  type FetchCall,
  type Route,
} from "../helpers/payouts-dom";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn(), back: vi.fn() }),
  usePathname: () => "/payouts",
  useSearchParams: () => new URLSearchParams(),
}));

let row: RegisterPayout;
let reviewAnswers: Array<(call: FetchCall) => Response | Promise<Response>>;
let calls: FetchCall[];

const routes: Route[] = [
  (call) => (call.url.startsWith("/api/session") ? ok(session("operator")) : undefined),
  (call) => {
    if (call.method !== "POST" || !call.url.startsWith("/api/payouts/review")) return undefined;
    const answer = reviewAnswers.shift();
    if (!answer) throw new Error("unexpected review POST");
    return answer(call);
  },
  (call) =>
    call.method === "GET" && call.url.startsWith("/api/payouts?") ? ok({ items: [row], next_cursor: null }) : undefined,
];
const reviewPosts = () => calls.filter((c) => c.method === "POST" && c.url.startsWith("/api/payouts/review"));

beforeEach(() => {
  row = registerRow();
  reviewAnswers = [];
  calls = stubFetch(routes);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderSheet(role: "operator" | "support" | "finance" = "operator") {
  const client = newQueryClient();
  const invalidate = vi.spyOn(client, "invalidateQueries");
  renderWithProviders(
    <RegisterEntrySheet idempotencyKey={row.idempotency_key} initial={row} onClose={() => undefined} />,
    { role, client },
  );
  return { user: userEvent.setup(), invalidate, sheet: screen.getByRole("dialog", { name: "Repasse sem ID" }) };
}

function expectInvalidatedByKeys(invalidate: ReturnType<typeof vi.spyOn>) {
  const keys = invalidate.mock.calls.map((args: unknown[]) =>
    JSON.stringify((args[0] as { queryKey: unknown }).queryKey),
  );
  expect(keys).toEqual(
    expect.arrayContaining([
      JSON.stringify(payoutKeys.lists()),
      JSON.stringify(payoutKeys.attention()),
      JSON.stringify(payoutKeys.details()),
    ]),
  );
}

describe("a payout waiting for a person", () => {
  it("says in plain words that the dashboard cannot know whether money moved, and why; never that nothing was sent", () => {
    const { sheet } = renderSheet();
    expect(within(sheet).getByRole("heading", { name: "O painel não sabe se o dinheiro saiu" })).toBeInTheDocument();
    expect(sheet).toHaveTextContent("O dinheiro pode ou não ter saído, e o painel não vai adivinhar");
    expect(within(sheet).getByTestId("review-reason")).toHaveTextContent(
      "Motivo: o prazo de reenvio automático acabou sem uma resposta definitiva.",
    );
    expect(within(sheet).getAllByText("Precisa de revisão").length).toBeGreaterThan(0);
    expect(sheet).not.toHaveTextContent(/nenhum valor foi enviado|nada foi enviado/i);
  });

  it("says a payout whose key was never sent is not sent, instead of that money may have moved", () => {
    row = registerRow({
      never_sent: true,
      sends: 0,
      review: { reason: "credential_unavailable", since: "2026-11-22T10:05:00.000Z" },
    });
    const { sheet } = renderSheet();
    expect(within(sheet).getByRole("heading", { name: "Este repasse nunca foi enviado" })).toBeInTheDocument();
    expect(sheet).toHaveTextContent("nenhum dinheiro saiu com esta chave");
    expect(sheet).not.toHaveTextContent("O dinheiro pode ou não ter saído");
    expect(within(sheet).getByRole("button", { name: "Verificar de novo (mesma chave)" })).toBeInTheDocument();
  });

  it("'Check again (same key)' re-sends with the row's key, shows the outcome and invalidates register, counts and detail", async () => {
    reviewAnswers.push(() => {
      // From now on the register has it as submitted.
      row = registerRow({ state: "submitted", status: "pending", id: "po_found_1", review: null });
      return ok(row);
    });
    const { user, invalidate, sheet } = renderSheet();
    await user.click(within(sheet).getByRole("button", { name: "Verificar de novo (mesma chave)" }));
    await waitFor(() => expect(reviewPosts()).toHaveLength(1));
    expect(reviewPosts()[0]?.body).toEqual({
      action: "check_again",
      idempotency_key: "11111111-2222-4333-8444-555555555555",
    });
    await waitFor(() => expectInvalidatedByKeys(invalidate));
    expect(await within(sheet).findByRole("link", { name: "Ver repasse" })).toHaveAttribute(
      "href",
      "/payouts/po_found_1",
    );
    expect(within(sheet).queryByRole("button", { name: /Verificar de novo/ })).not.toBeInTheDocument();
  });

  it("an upstream failure shows its message and request id", async () => {
    reviewAnswers.push(() => fail(502, { code: "upstream_unavailable", message: "provider down" }, "req_up_9"));
    const { user, sheet } = renderSheet();
    await user.click(within(sheet).getByRole("button", { name: "Verificar de novo (mesma chave)" }));
    const panel = await within(sheet).findByRole("alert");
    expect(panel).toHaveTextContent("Não foi possível verificar de novo");
    expect(panel).toHaveTextContent("req_up_9");
  });

  it.each(["support", "finance"] as const)(
    "%s (read-only) sees the state and the explanation but no actions",
    (role) => {
      const { sheet } = renderSheet(role);
      expect(within(sheet).getByRole("heading", { name: "O painel não sabe se o dinheiro saiu" })).toBeInTheDocument();
      expect(within(sheet).queryByRole("button", { name: /Verificar de novo/ })).not.toBeInTheDocument();
      expect(within(sheet).queryByRole("button", { name: "Marcar como resolvido" })).not.toBeInTheDocument();
      expect(sheet).toHaveTextContent("Só um operador pode resolver este repasse.");
    },
  );
});

describe("the 'Mark handled' dialog", () => {
  async function openDialog() {
    const rendered = renderSheet();
    await rendered.user.click(within(rendered.sheet).getByRole("button", { name: "Marcar como resolvido" }));
    const dialog = await screen.findByRole("dialog", { name: "Marcar repasse como resolvido" });
    return { ...rendered, dialog };
  }

  it("requires a note of at least 3 characters and sends nothing without one", async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole("button", { name: "Marcar como resolvido" }));
    const note = within(dialog).getByLabelText("Nota");
    expect(note).toHaveAttribute("aria-invalid", "true");
    expect(note).toHaveAccessibleDescription(/Escreva uma nota de 3 a 500 caracteres\./);
    await user.type(note, "ok");
    await user.click(within(dialog).getByRole("button", { name: "Marcar como resolvido" }));
    expect(note).toHaveAccessibleDescription(/Escreva uma nota de 3 a 500 caracteres\./);
    expect(reviewPosts()).toHaveLength(0);
  });

  it("confirms before closing the payout, puts a 422's field error next to its field, then closes it as handled", async () => {
    reviewAnswers.push(
      () =>
        fail(
          422,
          { code: "payout_mismatch", message: "does not match", fields: { payout_id: "validation.payoutMismatchKey" } },
          "req_422",
        ),
      (call) =>
        ok(
          registerRow({
            state: "handled",
            review: null,
            handled: {
              by: "Olivia",
              at: "2026-11-22T11:00:00.000Z",
              note: String((call.body as { note: string }).note),
            },
          }),
        ),
    );
    const { user, dialog, invalidate } = await openDialog();
    await user.type(within(dialog).getByLabelText("Nota"), "Conferido no painel do provedor");
    await user.type(within(dialog).getByLabelText(/ID do repasse encontrado no provedor/), "  po_wrong_1 ");
    await user.click(within(dialog).getByRole("button", { name: "Marcar como resolvido" }));

    // A confirmation first: nothing is sent until the person says yes.
    expect(await within(dialog).findByRole("heading", { name: "Encerrar este repasse?" })).toBeInTheDocument();
    expect(dialog).toHaveTextContent("O painel vai consultar o repasse po_wrong_1 no provedor");
    expect(reviewPosts()).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Sim, encerrar" }));

    const payoutId = await within(dialog).findByLabelText(/ID do repasse encontrado no provedor/);
    await waitFor(() => expect(payoutId).toHaveAttribute("aria-invalid", "true"));
    expect(payoutId).toHaveAccessibleDescription(/Esse repasse não pode ser este: foi para outra chave Pix\./);
    expect(within(dialog).getByLabelText("Nota")).toHaveValue("Conferido no painel do provedor");
    expect(reviewPosts()[0]?.body).toEqual({
      action: "mark_handled",
      idempotency_key: row.idempotency_key,
      note: "Conferido no painel do provedor",
      payout_id: "po_wrong_1",
    });

    await user.clear(payoutId);
    await user.click(within(dialog).getByRole("button", { name: "Marcar como resolvido" }));
    row = registerRow({
      state: "handled",
      review: null,
      handled: { by: "Olivia", at: "2026-11-22T11:00:00.000Z", note: "Conferido no painel do provedor" },
    });
    await user.click(await within(dialog).findByRole("button", { name: "Sim, encerrar" }));
    await waitFor(() =>
      expect(
        screen.queryByRole("dialog", { name: /Marcar repasse como resolvido|Encerrar este repasse/ }),
      ).not.toBeInTheDocument(),
    );
    expect(reviewPosts()[1]?.body).toEqual({
      action: "mark_handled",
      idempotency_key: row.idempotency_key,
      note: "Conferido no painel do provedor",
    });
    expectInvalidatedByKeys(invalidate);
    const handled = await screen.findByTestId("payout-handled");
    expect(handled).toHaveTextContent("Conferido no painel do provedor");
    expect(
      within(screen.getByRole("dialog", { name: "Repasse sem ID" })).getAllByText("Resolvido por uma pessoa").length,
    ).toBeGreaterThan(0);
  });

  it("asks before discarding a typed note", async () => {
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText("Nota"), "meio escrito");
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    expect(await within(dialog).findByRole("heading", { name: "Descartar a nota?" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Continuar editando" }));
    expect(within(dialog).getByLabelText("Nota")).toHaveValue("meio escrito");
    await user.keyboard("{Escape}");
    await user.click(await within(dialog).findByRole("button", { name: "Descartar" }));
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: /Marcar repasse|Descartar a nota/ })).not.toBeInTheDocument(),
    );
    expect(reviewPosts()).toHaveLength(0);
  });

  it("closing it gives focus back to the button that opened it", async () => {
    const { user, dialog, sheet } = await openDialog();
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Marcar repasse como resolvido" })).not.toBeInTheDocument(),
    );
    expect(within(sheet).getByRole("button", { name: "Marcar como resolvido" })).toHaveFocus();
  });

  it("Enter in a field asks for the confirmation; focus is never left on a button whose meaning changed (e.g. on 'Sim, encerrar')", async () => {
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText("Nota"), "Conferido");
    await user.type(within(dialog).getByLabelText(/ID do repasse encontrado no provedor/), "{Enter}");
    expect(await within(dialog).findByRole("heading", { name: "Encerrar este repasse?" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Sim, encerrar" })).not.toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Voltar" }));
    expect(await within(dialog).findByLabelText("Nota")).toHaveValue("Conferido");
    expect(within(dialog).getByRole("button", { name: "Marcar como resolvido" })).not.toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Marcar como resolvido" }));
    expect(await within(dialog).findByRole("button", { name: "Sim, encerrar" })).not.toHaveFocus();
    expect(reviewPosts()).toHaveLength(0);
  });

  it("stays open while marking: both buttons disabled, 'Salvando…', no ×, Escape ignored", async () => {
    let answer: (response: Response) => void = () => undefined;
    reviewAnswers.push(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText("Nota"), "Conferido");
    await user.click(within(dialog).getByRole("button", { name: "Marcar como resolvido" }));
    await user.click(await within(dialog).findByRole("button", { name: "Sim, encerrar" }));

    const saving = await within(dialog).findByRole("button", { name: "Salvando…" });
    expect(saving).toBeDisabled();
    expect(saving).toHaveAttribute("aria-busy", "true");
    expect(within(dialog).getByRole("button", { name: "Voltar" })).toBeDisabled();
    expect(within(dialog).queryByRole("button", { name: "Fechar" })).not.toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.getByRole("dialog", { name: "Encerrar este repasse?" })).toBe(dialog);

    answer(fail(502, { code: "upstream_unavailable", message: "provider down" }, "req_mh_1"));
    expect(await within(dialog).findByLabelText("Nota")).toHaveValue("Conferido");
  });

  it("a failure that names no field shows the error panel with its request id; a reopened dialog starts clean", async () => {
    reviewAnswers.push(() => fail(502, { code: "upstream_unavailable", message: "provider down" }, "req_mh_2"));
    const { user, dialog, sheet } = await openDialog();
    await user.type(within(dialog).getByLabelText("Nota"), "Conferido");
    await user.click(within(dialog).getByRole("button", { name: "Marcar como resolvido" }));
    await user.click(await within(dialog).findByRole("button", { name: "Sim, encerrar" }));

    const panel = await within(dialog).findByRole("alert");
    expect(panel).toHaveTextContent("req_mh_2");
    expect(within(dialog).getByRole("heading", { name: "Marcar repasse como resolvido" })).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await user.click(await within(dialog).findByRole("button", { name: "Descartar" }));
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: /Marcar repasse|Descartar a nota/ })).not.toBeInTheDocument(),
    );

    await user.click(within(sheet).getByRole("button", { name: "Marcar como resolvido" }));
    const reopened = await screen.findByRole("dialog", { name: "Marcar repasse como resolvido" });
    expect(within(reopened).queryByRole("alert")).not.toBeInTheDocument();
    expect(within(reopened).getByLabelText("Nota")).toHaveValue("");
  });
});
