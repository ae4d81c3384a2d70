import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NewPayoutFlow } from "@/components/payouts/new-payout-flow";
import { classifySendFailure } from "@/components/payouts/send-outcome";
import { BffRequestError } from "@/lib/browser/bff-client/errors";
import { renderWithProviders } from "../helpers/render";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn(), back: vi.fn() }),
  usePathname: () => "/payouts/new",
  useSearchParams: () => new URLSearchParams(),
}));

interface Sent {
  key: string | null;
  body: unknown;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function registerPayout(key: string) {
  return {
    id: "po_test_1",
    idempotency_key: key,
    state: "submitted",
    status: "pending",
    amount_centavos: 123456,
    fee_centavos: 1234,
    net_centavos: 122222,
    pix_key_masked: "a***@example.com",
    pix_key_type: "email",
    end_to_end_id: "E9999999920261122000000000000001",
    failure_reason: null,
    created_by: { name: "Olivia", role: "operator" },
    created_at: "2026-11-22T10:00:00.000Z",
    updated_at: "2026-11-22T10:00:00.000Z",
    last_request_id: "req_1",
    last_error: null,
  };
}

const retrieved = {
  id: "po_test_1",
  status: "paid",
  amount_centavos: 123456,
  fee_centavos: 1234,
  net_centavos: 122222,
  end_to_end_id: "E9999999920261122000000000000001",
  created_at: "2026-11-22T10:00:00.000Z",
  paid_at: "2026-11-22T10:00:02.000Z",
  bank_account: { holder_name: "Ana Souza", pix_key_masked: "a***@example.com", pix_key_type: "email" },
  register: null,
};

let posts: Sent[];
let answers: Array<(sent: Sent) => Response | Promise<Response>>;

beforeEach(() => {
  // The flow keeps its key for the tab: every test starts with a fresh tab.
  window.sessionStorage.clear();
  posts = [];
  answers = [];
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(async (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      // The review step's look-up: nothing known (its own tests are in payout-review-estimate.test.tsx).
      if (init?.method === "POST" && url === "/api/payouts/preview")
        return json({
          data: { amount_centavos: 0, fee_estimate: null, estimated_net_centavos: null, last_paid_to: null },
          error: null,
          request_id: null,
        });
      if (init?.method === "POST" && url.startsWith("/api/payouts")) {
        const headers = new Headers(init.headers);
        const sent = { key: headers.get("Idempotency-Key"), body: JSON.parse(String(init.body)) as unknown };
        posts.push(sent);
        const answer = answers.shift();
        if (!answer) throw new Error("unexpected POST");
        return answer(sent);
      }
      if (url.startsWith("/api/payouts/po_test_1"))
        return json({ data: retrieved, error: null, request_id: "req_get" });
      if (url.startsWith("/api/payouts"))
        return json({ data: { items: [], next_cursor: null }, error: null, request_id: null });
      throw new Error(`unexpected fetch ${url}`);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderFlow() {
  const { user } = renderWithProviders(<NewPayoutFlow />);
  return { user };
}

async function fillAndReview(user: ReturnType<typeof userEvent.setup>, amount = "1234,56", email = "ana@example.com") {
  const amountInput = screen.getByLabelText("Valor");
  await user.clear(amountInput);
  await user.type(amountInput, amount);
  await user.selectOptions(screen.getByLabelText("Tipo de chave"), "email");
  const key = screen.getByLabelText("Chave Pix");
  await user.clear(key);
  await user.type(key, email);
  await user.click(screen.getByRole("button", { name: "Revisar repasse" }));
  await screen.findByRole("heading", { name: "Revise antes de enviar" });
}

const success = (sent: Sent) =>
  json({ data: registerPayout(sent.key ?? ""), error: null, request_id: "req_post" }, 201);
const outcomeUnknown = (sent: Sent) =>
  json(
    {
      data: null,
      error: {
        code: "payout_outcome_unknown",
        message: "no answer",
        details: { idempotency_key: sent.key, cause: "upstream_timeout" },
      },
      request_id: "req_lost",
    },
    504,
  );

describe("new payout flow: one idempotency key per operation", () => {
  it("sends nothing while the form is invalid", async () => {
    const { user } = renderFlow();
    await user.click(screen.getByRole("button", { name: "Revisar repasse" }));
    expect(await screen.findAllByText("Campo obrigatório.")).toHaveLength(2);
    expect(posts).toHaveLength(0);
  });

  it("a double click on confirm sends one request, with the key and the normalised body", async () => {
    let release: () => void = () => undefined;
    answers.push((sent) => new Promise<Response>((resolve) => (release = () => resolve(success(sent)))));
    const { user } = renderFlow();
    await fillAndReview(user, "1.234,56", "Ana@Example.com");
    const confirm = screen.getByRole("button", { name: "Confirmar e enviar" });
    await user.dblClick(confirm);
    await user.click(confirm);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ amount_centavos: 123456, pix_key_type: "email", pix_key: "ana@example.com" });
    expect(posts[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    release();
    await screen.findByRole("heading", { name: "Comprovante" });
    expect(screen.getAllByText(posts[0]?.key ?? "missing").length).toBeGreaterThan(0);
    expect(await screen.findByText("Repasse pago")).toBeInTheDocument();
  });

  it("after an unknown outcome it locks the form and 'check again' re-sends the same key and body", async () => {
    answers.push(outcomeUnknown, success);
    const { user } = renderFlow();
    await fillAndReview(user);
    await user.click(screen.getByRole("button", { name: "Confirmar e enviar" }));

    expect(await screen.findByRole("heading", { name: "Não sabemos se o repasse foi criado" })).toBeInTheDocument();
    expect(screen.getByText("req_lost")).toBeInTheDocument();
    expect(screen.getByText("Causa: A API de pagamentos não respondeu a tempo.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Voltar e editar" })).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Valor")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Verificar de novo" }));
    await screen.findByRole("heading", { name: "Comprovante" });
    expect(posts).toHaveLength(2);
    expect(posts[1]?.key).toBe(posts[0]?.key);
    expect(posts[1]?.body).toEqual(posts[0]?.body);
  });

  it("a network failure is an unknown outcome too, never a silent retry", async () => {
    answers.push(() => Promise.reject(new TypeError("Failed to fetch")), success);
    const { user } = renderFlow();
    await fillAndReview(user);
    await user.click(screen.getByRole("button", { name: "Confirmar e enviar" }));
    await screen.findByRole("heading", { name: "Não sabemos se o repasse foi criado" });
    expect(posts).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Verificar de novo" }));
    await screen.findByRole("heading", { name: "Comprovante" });
    expect(posts[1]?.key).toBe(posts[0]?.key);
  });

  it("a 422 goes back to the form with the message on its field and values kept; the edited payout gets a new key", async () => {
    answers.push(
      () =>
        json(
          {
            data: null,
            error: {
              code: "validation_error",
              message: "bad",
              fields: { amount_centavos: "must be greater than the fee (50 centavos)" },
            },
            request_id: "req_422",
          },
          422,
        ),
      success,
    );
    const { user } = renderFlow();
    await fillAndReview(user, "0,50");
    await user.click(screen.getByRole("button", { name: "Confirmar e enviar" }));

    await screen.findByRole("heading", { name: "Valor e destino" });
    const amount = screen.getByLabelText("Valor");
    expect(amount).toHaveValue("0,50");
    expect(amount).toHaveAttribute("aria-invalid", "true");
    expect(amount).toHaveAccessibleDescription(/must be greater than the fee/);
    expect(screen.getByLabelText("Chave Pix")).toHaveValue("ana@example.com");
    await waitFor(() => expect(amount).toHaveFocus());

    await fillAndReview(user, "10,00");
    await user.click(screen.getByRole("button", { name: "Confirmar e enviar" }));
    await screen.findByRole("heading", { name: "Comprovante" });
    expect(posts).toHaveLength(2);
    expect(posts[1]?.key).not.toBe(posts[0]?.key);
    expect(posts[1]?.body).toEqual({ amount_centavos: 1000, pix_key_type: "email", pix_key: "ana@example.com" });
  });

  it("going back to edit before sending keeps the key; 'New payout' after a receipt renews it", async () => {
    answers.push(success, success);
    const { user } = renderFlow();
    await fillAndReview(user);
    const shownKey = screen.getByText(/^Chave de idempotência:/).textContent ?? "";
    await user.click(screen.getByRole("button", { name: "Voltar e editar" }));
    expect(screen.getByLabelText("Valor")).toHaveValue("1.234,56");
    await user.click(screen.getByRole("button", { name: "Revisar repasse" }));
    await screen.findByRole("heading", { name: "Revise antes de enviar" });
    expect(screen.getByText(/^Chave de idempotência:/).textContent).toBe(shownKey);
    await user.click(screen.getByRole("button", { name: "Confirmar e enviar" }));
    await screen.findByRole("heading", { name: "Comprovante" });
    expect(shownKey).toContain(posts[0]?.key ?? "missing");

    await user.click(screen.getByRole("button", { name: "Novo repasse" }));
    await screen.findByRole("heading", { name: "Valor e destino" });
    expect(screen.getByLabelText("Valor")).toHaveValue("");
    await fillAndReview(user, "5,00", "bia@example.com");
    await user.click(screen.getByRole("button", { name: "Confirmar e enviar" }));
    await screen.findByRole("heading", { name: "Comprovante" });
    expect(posts[1]?.key).not.toBe(posts[0]?.key);
  });

  it("a 409 idempotency_conflict explains itself and a new payout uses a new key", async () => {
    answers.push(
      () => json({ data: null, error: { code: "idempotency_conflict", message: "used" }, request_id: null }, 409),
      success,
    );
    const { user } = renderFlow();
    await fillAndReview(user);
    await user.click(screen.getByRole("button", { name: "Confirmar e enviar" }));
    expect(
      await screen.findByRole("heading", { name: "Esta chave de idempotência já foi usada em outro repasse" }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Iniciar novo repasse" }));
    await screen.findByRole("heading", { name: "Valor e destino" });
    expect(screen.getByLabelText("Valor")).toHaveValue("1.234,56");
    await user.click(screen.getByRole("button", { name: "Revisar repasse" }));
    await user.click(await screen.findByRole("button", { name: "Confirmar e enviar" }));
    await screen.findByRole("heading", { name: "Comprovante" });
    expect(posts[1]?.key).not.toBe(posts[0]?.key);
  });
});

describe("classifySendFailure", () => {
  const err = (status: number, code: string, fields?: Record<string, string>) =>
    new BffRequestError({ status, code, message: code, fields });
  it.each([
    [err(504, "payout_outcome_unknown"), "uncertain"],
    [err(0, "network_error"), "uncertain"],
    [err(502, "upstream_unavailable"), "uncertain"],
    [err(500, "internal_error"), "uncertain"],
    [err(201, "invalid_response"), "uncertain"],
    [err(409, "idempotency_conflict"), "conflict"],
    [err(409, "payout_in_progress"), "uncertain"],
    [err(409, "payout_handled"), "closed"],
    [err(422, "validation_error", { pix_key: "validation.pixKey.cpf" }), "invalid"],
    [err(422, "validation_error"), "refused"],
    [err(403, "forbidden"), "refused"],
    [new Error("boom"), "uncertain"],
  ])("%o → %s", (error, expected) => {
    expect(classifySendFailure(error)).toBe(expected);
  });
});
