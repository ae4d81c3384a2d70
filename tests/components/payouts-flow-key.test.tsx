import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NEW_PAYOUT_KEY_STORAGE } from "@/components/payouts/flow-key";
import { NewPayoutFlow } from "@/components/payouts/new-payout-flow";
import type { RegisterPayout } from "@/lib/shared/schemas/register";
import {
  fail,
  ok,
  previewRoute,
  registerRow,
  renderWithProviders,
  stubFetch,
  type FetchCall,
  type Route,
} from "../helpers/payouts-dom";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn(), back: vi.fn() }),
  usePathname: () => "/payouts/new",
  useSearchParams: () => new URLSearchParams(),
}));

/** What the register holds, by idempotency key (what GET /api/payouts?search=<key> finds). */
let register: Map<string, RegisterPayout>;
let answers: Array<(call: FetchCall) => Response>;
let calls: FetchCall[];

const routes: Route[] = [
  previewRoute(),
  (call) => {
    if (call.method !== "POST" || !call.url.startsWith("/api/payouts")) return undefined;
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected POST ${call.url}`);
    return answer(call);
  },
  (call) => {
    if (call.method !== "GET" || !call.url.startsWith("/api/payouts?")) return undefined;
    const search = new URL(call.url, "http://x").searchParams.get("search") ?? "";
    const found = register.get(search);
    return ok({ items: found ? [found] : [], next_cursor: null });
  },
  (call) => (call.url.startsWith("/api/payouts/po_") ? fail(404, { code: "not_found", message: "no" }) : undefined),
];
const payoutPosts = () => calls.filter((c) => c.method === "POST" && c.url === "/api/payouts");
const reviewPosts = () => calls.filter((c) => c.method === "POST" && c.url === "/api/payouts/review");
const storedKey = (): string | null => {
  const raw = window.sessionStorage.getItem(NEW_PAYOUT_KEY_STORAGE);
  return raw ? (JSON.parse(raw) as { key: string }).key : null;
};

const submitted = (key: string) =>
  registerRow({
    idempotency_key: key,
    id: "po_key_1",
    state: "submitted",
    status: "pending",
    review: null,
    last_error: null,
  });
const answerSubmitted = (call: FetchCall) =>
  ok(submitted(call.idempotencyKey ?? String((call.body as { idempotency_key?: string }).idempotency_key)), 201);
const answerUnknown = (call: FetchCall) => {
  register.set(
    call.idempotencyKey ?? "",
    registerRow({ idempotency_key: call.idempotencyKey ?? "", state: "uncertain", review: null }),
  );
  return fail(
    504,
    {
      code: "payout_outcome_unknown",
      message: "no answer",
      details: { idempotency_key: call.idempotencyKey, state: "uncertain", cause: "upstream_timeout" },
    },
    "req_lost",
  );
};

beforeEach(() => {
  window.sessionStorage.clear();
  register = new Map();
  answers = [];
  calls = stubFetch(routes);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Opens the page as after a reload: a fresh React tree and cache, the same tab (sessionStorage). */
function openPage() {
  const rendered = renderWithProviders(<NewPayoutFlow />);
  return { user: userEvent.setup(), unmount: rendered.unmount };
}

async function fillAndReview(user: ReturnType<typeof userEvent.setup>, amount: string, email: string): Promise<string> {
  const amountInput = await screen.findByLabelText("Valor");
  await user.clear(amountInput);
  await user.type(amountInput, amount);
  await user.selectOptions(screen.getByLabelText("Tipo de chave"), "email");
  const key = screen.getByLabelText("Chave Pix");
  await user.clear(key);
  await user.type(key, email);
  await user.click(screen.getByRole("button", { name: "Revisar repasse" }));
  await screen.findByRole("heading", { name: "Revise antes de enviar" });
  const text = screen.getByText(/^Chave de idempotência:/).textContent ?? "";
  const match = /[0-9a-f-]{36}/.exec(text);
  expect(match).not.toBeNull();
  return match?.[0] ?? "";
}

describe("the new-payout flow keeps its key for the tab", () => {
  it("the same contents after a reload get the same key; changed contents get a new one; no Pix key is stored", async () => {
    const first = openPage();
    const key = await fillAndReview(first.user, "321,00", "ana@example.com");
    expect(storedKey()).toBe(key);
    expect(window.sessionStorage.getItem(NEW_PAYOUT_KEY_STORAGE)).not.toContain("ana@example.com");
    first.unmount();

    const second = openPage();
    expect(await fillAndReview(second.user, "321,00", "Ana@Example.com")).toBe(key);
    await second.user.click(screen.getByRole("button", { name: "Voltar e editar" }));
    const other = await fillAndReview(second.user, "321,01", "ana@example.com");
    expect(other).not.toBe(key);
    expect(storedKey()).toBe(other);
  });

  it("after an unknown outcome and a reload, it offers that payout instead of a new one; 'check again' re-sends its key and shows the receipt", async () => {
    answers.push(answerUnknown);
    const first = openPage();
    const key = await fillAndReview(first.user, "321,00", "ana@example.com");
    await first.user.click(screen.getByRole("button", { name: "Confirmar e enviar" }));
    await screen.findByRole("heading", { name: "Não sabemos se o repasse foi criado" });
    first.unmount();

    register.set(key, registerRow({ idempotency_key: key, state: "needs_review" }));
    const second = openPage();
    expect(
      await screen.findByRole("heading", { name: "Você tem um repasse anterior nesta aba com resultado desconhecido" }),
    ).toBeInTheDocument();
    expect(screen.getByTestId("earlier-payout")).toHaveTextContent(key);
    expect(screen.getByTestId("earlier-payout")).not.toHaveTextContent(/nenhum valor foi enviado|nada foi enviado/i);
    expect(screen.getByRole("link", { name: "Ver o repasse" })).toHaveAttribute("href", `/payouts?entry=${key}`);
    expect(screen.queryByLabelText("Valor")).not.toBeInTheDocument();

    answers.push(answerSubmitted);
    await second.user.click(screen.getByRole("button", { name: "Verificar de novo (mesma chave)" }));
    await screen.findByRole("heading", { name: "Comprovante" });
    expect(reviewPosts().map((c) => c.body)).toEqual([{ action: "check_again", idempotency_key: key }]);
    expect(payoutPosts()).toHaveLength(1);
    // Resolved: the key is forgotten.
    expect(storedKey()).toBeNull();
  });

  it("choosing a different payout keeps the earlier key bound to its contents: the same details re-send it", async () => {
    const first = openPage();
    const made = await fillAndReview(first.user, "50,00", "bia@example.com");
    first.unmount();
    register.set(made, registerRow({ idempotency_key: made, state: "uncertain", review: null }));

    const second = openPage();
    await second.user.click(await screen.findByRole("button", { name: "Fazer um repasse diferente" }));
    expect(await fillAndReview(second.user, "50,00", "bia@example.com")).toBe(made);
    answers.push(answerSubmitted);
    await second.user.click(screen.getByRole("button", { name: "Confirmar e enviar" }));
    await screen.findByRole("heading", { name: "Comprovante" });
    expect(payoutPosts().map((c) => c.idempotencyKey)).toEqual([made]);
  });

  it("after a receipt the key is forgotten: the same contents after a reload are a new payout", async () => {
    answers.push(answerSubmitted);
    const first = openPage();
    const key = await fillAndReview(first.user, "10,00", "caio@example.com");
    await first.user.click(screen.getByRole("button", { name: "Confirmar e enviar" }));
    await screen.findByRole("heading", { name: "Comprovante" });
    expect(storedKey()).toBeNull();
    first.unmount();

    const second = openPage();
    expect(await fillAndReview(second.user, "10,00", "caio@example.com")).not.toBe(key);
  });

  it("a sent payout found after a reload is offered with 'view it'; a new payout then forgets its key", async () => {
    const first = openPage();
    const key = await fillAndReview(first.user, "12,00", "dani@example.com");
    first.unmount();
    register.set(key, submitted(key));

    const second = openPage();
    expect(
      await screen.findByRole("heading", {
        name: "Você tem um repasse anterior nesta aba que foi aceito pelo provedor",
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ver o repasse" })).toHaveAttribute("href", "/payouts/po_key_1");
    expect(screen.queryByRole("button", { name: /Verificar de novo/ })).not.toBeInTheDocument();
    await second.user.click(screen.getByRole("button", { name: "Novo repasse" }));
    expect(await screen.findByLabelText("Valor")).toBeInTheDocument();
    expect(storedKey()).toBeNull();
  });

  it("a payout a person closed as handled is not offered, and its key is forgotten", async () => {
    const first = openPage();
    const key = await fillAndReview(first.user, "13,00", "edu@example.com");
    first.unmount();
    register.set(
      key,
      registerRow({
        idempotency_key: key,
        state: "handled",
        review: null,
        handled: { by: "Olivia", at: "2026-11-22T11:00:00.000Z", note: "ok" },
      }),
    );

    openPage();
    expect(await screen.findByLabelText("Valor")).toBeInTheDocument();
    await waitFor(() => expect(storedKey()).toBeNull());
    expect(screen.queryByTestId("earlier-payout")).not.toBeInTheDocument();
  });
});
