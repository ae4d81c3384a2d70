import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PaymentLinkForm } from "@/components/payment-links/payment-link-form";
import type { PaymentLink } from "@/lib/shared/schemas/payment-link";
import { paymentLinkKeys } from "@/lib/browser/query/payment-links";
import { newQueryClient, renderWithProviders } from "../helpers/render";
import { resetRouter, router } from "../helpers/next-navigation";

vi.mock("next/navigation", async () => (await import("../helpers/next-navigation")).mockedNavigation);

const CREATED = {
  id: "pl_new",
  name: "Curso Intensivo",
  description: "",
  slug: "curso-intensivo",
  amount_centavos: 123456,
  min_amount_centavos: null,
  collect_customer_data: true,
  max_sales: 50,
  expires_at: "2030-06-15T17:30:00Z",
  starts_at: "2026-11-22T12:00:00Z",
  status: "pending",
  checkouts_started: 0,
  sales_count: 0,
  visits: 0,
  revenue_centavos: 0,
  created_at: "2026-11-22T12:00:00Z",
};

function envelope(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

let fetchSpy: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchSpy = vi.fn<typeof fetch>();
  vi.stubGlobal("fetch", fetchSpy);
  resetRouter("/payment-links/new");
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderForm() {
  const client = newQueryClient();
  const existing: PaymentLink[] = [
    {
      ...CREATED,
      id: "pl_old",
      name: "Antigo",
      slug: "antigo",
      status: "active",
      description: "",
      collect_customer_data: false,
    },
  ];
  client.setQueryData(paymentLinkKeys.list(), existing);
  const { user } = renderWithProviders(<PaymentLinkForm baseUrl="https://pay.example.com/l/" />, { client });
  return { user, client };
}

function describedText(input: HTMLElement): string {
  const ids = (input.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" | ");
}

const nameInput = () => screen.getByLabelText("Nome");
const slugInput = () => screen.getByLabelText("Slug (endereço)");
const fixedAmount = () => screen.getByRole("textbox", { name: "Valor fixo" });
const submit = () => screen.getByRole("button", { name: "Criar link" });

describe("PaymentLinkForm", () => {
  it("suggests the slug from the name until the operator edits it, and again once the slug is cleared", async () => {
    const { user } = renderForm();
    await user.type(nameInput(), "Café da Manhã Especial");
    expect(slugInput()).toHaveValue("cafe-da-manha-especial");
    expect(screen.getByTestId("slug-preview")).toHaveTextContent("https://pay.example.com/l/cafe-da-manha-especial");

    await user.clear(slugInput());
    await user.type(slugInput(), "cafe");
    await user.type(nameInput(), " 2");
    expect(slugInput()).toHaveValue("cafe");

    await user.clear(slugInput());
    await user.type(nameInput(), "!");
    expect(slugInput()).toHaveValue("cafe-da-manha-especial-2");
  });

  it("previews a slug typed with a space or an accent as written, not percent-encoded", async () => {
    const { user } = renderForm();
    await user.type(slugInput(), "Promoção de verão");
    await user.tab();
    expect(screen.getByTestId("slug-preview")).toHaveTextContent("https://pay.example.com/l/Promoção de verão");
    expect(screen.getByTestId("slug-preview").textContent).not.toContain("%");
  });

  it("shows errors next to the fields and sends nothing for invalid input", async () => {
    const { user } = renderForm();
    await user.click(submit());
    expect((await screen.findAllByText("Campo obrigatório.")).length).toBeGreaterThan(0);
    expect(describedText(nameInput())).toContain("Campo obrigatório.");
    // An empty slug is required like the name; the length and character rule is for a typed wrong slug.
    expect(describedText(slugInput())).toContain("Campo obrigatório.");
    expect(describedText(slugInput())).not.toContain("Use de 3 a 64");
    expect(describedText(fixedAmount())).toContain("Informe um valor fixo ou um valor mínimo.");

    await user.type(nameInput(), "X");
    await user.clear(slugInput());
    await user.type(slugInput(), "Com Espaço");
    await user.type(fixedAmount(), "10");
    fireEvent.change(screen.getByLabelText(/^Expira em/), { target: { value: "01/01/2020 10:00" } });
    await user.type(screen.getByLabelText(/Limite de vendas/), "0");
    await user.click(submit());
    await waitFor(() => expect(describedText(slugInput())).toContain("Use de 3 a 64 letras minúsculas"));
    expect(describedText(screen.getByLabelText(/^Expira em/))).toContain(
      "A data de expiração precisa estar no futuro.",
    );
    expect(describedText(screen.getByLabelText(/Limite de vendas/))).toContain("Deve ser maior que zero.");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it.each([
    ["-1", "Deve ser maior que zero."],
    ["1,5", "Use um número inteiro."],
    ["1,000", "Use um número inteiro."],
    ["5a0", "Use um número inteiro."],
  ])(
    "a sales limit typed as %j is refused as typed, next to the field, and nothing is sent",
    async (typed, message) => {
      const { user } = renderForm();
      await user.type(nameInput(), "Curso");
      await user.type(fixedAmount(), "10");
      const limit = screen.getByLabelText(/Limite de vendas/);
      await user.type(limit, typed);
      // What was typed stays: it is not turned into another number.
      expect(limit).toHaveValue(typed);
      await user.click(submit());
      await waitFor(() => expect(describedText(limit)).toContain(message));
      expect(fetchSpy).not.toHaveBeenCalled();
    },
  );

  it("refuses an expiry more than 5 years ahead next to the field, and sends nothing", async () => {
    const { user } = renderForm();
    await user.type(nameInput(), "Curso");
    await user.type(fixedAmount(), "10");
    const expiry = screen.getByLabelText(/^Expira em/);
    fireEvent.change(expiry, { target: { value: `15/06/${new Date().getUTCFullYear() + 6} 10:00` } });
    await user.click(submit());
    await waitFor(() =>
      expect(describedText(expiry)).toContain("A data de expiração pode ser no máximo daqui a 5 anos."),
    );
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("sends nothing while the expiry's text cannot be read (31/02, half a time), rather than a link that never expires", async () => {
    const { user } = renderForm();
    await user.type(nameInput(), "Curso");
    await user.type(fixedAmount(), "10");
    const expiry = screen.getByLabelText(/^Expira em/);
    fireEvent.change(expiry, { target: { value: "31/02/2030 10:00" } });
    await user.click(submit());
    expect(describedText(expiry)).toContain("Essa data ou hora não existe");
    expect(expiry).toHaveFocus();
    fireEvent.change(expiry, { target: { value: "28/02/2030 10" } });
    await user.click(submit());
    expect(describedText(expiry)).toContain("Data e hora incompletas: use dd/mm/aaaa hh:mm.");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("posts exact centavos, the expiry in UTC and an idempotency key, then opens the new link in the list", async () => {
    fetchSpy.mockResolvedValue(envelope({ data: CREATED, error: null, request_id: "req_1" }, 201));
    const { user, client } = renderForm();
    await user.type(nameInput(), "Curso Intensivo");
    await user.type(fixedAmount(), "1.234,56");
    await user.type(screen.getByLabelText(/Limite de vendas/), "50");
    fireEvent.change(screen.getByLabelText(/^Expira em/), { target: { value: "15/06/2030 14:30" } });
    await user.click(screen.getByRole("checkbox", { name: "Coletar dados do cliente" }));
    await user.click(submit());

    await waitFor(() => expect(router.push).toHaveBeenCalledWith("/payment-links?id=pl_new"));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe("/api/payment-links");
    expect(init?.method).toBe("POST");
    const headers = new Headers(init?.headers);
    expect(headers.get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers.get("X-Requested-By")).toBe("dashboard");
    expect(JSON.parse(String(init?.body))).toEqual({
      name: "Curso Intensivo",
      slug: "curso-intensivo",
      amount_centavos: 123456,
      max_sales: 50,
      expires_at: "2030-06-15T17:30:00Z",
      collect_customer_data: true,
    });
    const list = client.getQueryData<PaymentLink[]>(paymentLinkKeys.list());
    expect(list?.map((l) => l.id)).toEqual(["pl_new", "pl_old"]);
  });

  it("sends the minimum amount instead when the operator switches the choice, keeping what was typed", async () => {
    fetchSpy.mockResolvedValue(
      envelope(
        { data: { ...CREATED, amount_centavos: null, min_amount_centavos: 2500 }, error: null, request_id: "req_1" },
        201,
      ),
    );
    const { user } = renderForm();
    await user.type(nameInput(), "Doação");
    await user.type(fixedAmount(), "25");
    await user.click(screen.getByRole("radio", { name: "Valor mínimo" }));
    const min = screen.getByRole("textbox", { name: "Valor mínimo" });
    expect(min).toHaveValue("25,00");
    expect(screen.queryByRole("textbox", { name: "Valor fixo" })).not.toBeInTheDocument();
    await user.click(submit());
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    const body = JSON.parse(String(fetchSpy.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body.min_amount_centavos).toBe(2500);
    expect(body).not.toHaveProperty("amount_centavos");
  });

  it("puts slug_taken on the slug field, keeps the input and retries with the same idempotency key", async () => {
    fetchSpy
      .mockResolvedValueOnce(
        envelope(
          {
            data: null,
            error: {
              code: "slug_taken",
              message: "A payment link with this slug already exists.",
              fields: { slug: "is already taken" },
            },
            request_id: "req_dup",
          },
          409,
        ),
      )
      .mockResolvedValueOnce(
        envelope({ data: { ...CREATED, slug: "curso-2" }, error: null, request_id: "req_2" }, 201),
      );
    const { user } = renderForm();
    await user.type(nameInput(), "Curso Intensivo");
    await user.type(fixedAmount(), "99,90");
    await user.click(submit());

    await waitFor(() => expect(describedText(slugInput())).toContain("Este slug já está em uso"));
    expect(slugInput()).toHaveAttribute("aria-invalid", "true");
    expect(slugInput()).toHaveFocus();
    expect(screen.getByRole("alert")).toHaveTextContent("req_dup");
    expect(nameInput()).toHaveValue("Curso Intensivo");
    expect(fixedAmount()).toHaveValue("99,90");
    expect(router.push).not.toHaveBeenCalled();

    await user.clear(slugInput());
    await user.type(slugInput(), "curso-2");
    await user.click(submit());
    await waitFor(() => expect(router.push).toHaveBeenCalled());
    const keys = fetchSpy.mock.calls.map((call) => new Headers(call[1]?.headers).get("Idempotency-Key"));
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it("disables submit while the request is in flight, so a double click sends one request", async () => {
    let resolve: (response: Response) => void = () => undefined;
    fetchSpy.mockImplementation(() => new Promise<Response>((r) => (resolve = r)));
    const { user } = renderForm();
    await user.type(nameInput(), "Curso Intensivo");
    await user.type(fixedAmount(), "10");
    await user.dblClick(submit());
    await waitFor(() => expect(screen.getByRole("button", { name: "Criando link…" })).toBeDisabled());
    await user.click(screen.getByRole("button", { name: "Criando link…" }));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    resolve(envelope({ data: CREATED, error: null, request_id: "req_1" }, 201));
    await waitFor(() => expect(router.push).toHaveBeenCalledTimes(1));
  });
});
