import { useQuery } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SubaccountEditForm } from "@/components/subaccounts/subaccount-edit-form";
import { currentToasts } from "@/components/ui/toast";
import { subaccountQuery } from "@/lib/browser/query/subaccounts";
import type { KnownSubaccount } from "@/lib/shared/schemas/known-subaccount";
import { renderWithProviders } from "../helpers/render";
import { stubFetchEachTest } from "../helpers/fetch-stub";

const KNOWN: KnownSubaccount = {
  id: "sa_demo_1",
  name: "Loja Centro",
  email: "loja@acme.example.com",
  document: "52998224725",
  external_reference: "acme-loja-centro",
  daily_limit_centavos: 500_000,
  monthly_limit_centavos: 10_000_000,
  is_blocked: false,
  updated_at: "2026-11-22T10:00:00.000Z",
  updated_by: "Olivia Operadora",
};

function envelope(data: unknown, status = 200, error: unknown = null, requestId: string | null = "req_ok"): Response {
  return new Response(JSON.stringify({ data, error, request_id: requestId }), {
    status,
    headers: { "content-type": "application/json" },
  });
}

const fetchSpy = stubFetchEachTest();

/** As the detail page does: the form's baseline is the detail query, which a successful save updates. */
function Harness({ initial }: { initial: KnownSubaccount | null }) {
  const { data } = useQuery({ ...subaccountQuery("sa_demo_1"), enabled: false, initialData: initial ?? undefined });
  return <SubaccountEditForm id="sa_demo_1" subaccount={data ?? null} />;
}

function renderForm(subaccount: KnownSubaccount | null) {
  const { user, client } = renderWithProviders(<Harness initial={subaccount} />);
  return { user, client };
}

/** The PATCH calls: body and idempotency key of each. */
function patches(): Array<{ body: unknown; key: string | null; url: string }> {
  return fetchSpy.mock.calls
    .filter(([, init]) => init?.method === "PATCH")
    .map(([url, init]) => ({
      url: String(url),
      body: JSON.parse(String(init?.body)) as unknown,
      key: new Headers(init?.headers).get("Idempotency-Key"),
    }));
}

function describedText(input: HTMLElement): string {
  const ids = (input.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" | ");
}

const review = () => screen.getByRole("button", { name: "Revisar e salvar" });

describe("SubaccountEditForm, subaccount unknown to the dashboard", () => {
  it("sends only the filled fields after a current → new review, with an idempotency key", async () => {
    fetchSpy.mockResolvedValue(envelope({ ...KNOWN, monthly_limit_centavos: 5_000_000 }));
    const { user } = renderForm(null);
    expect(review()).toBeDisabled();

    await user.type(screen.getByRole("textbox", { name: /Limite diário/ }), "5.000,00");
    await user.type(screen.getByRole("textbox", { name: /Limite mensal/ }), "50.000,00");
    expect(screen.getByText("2 campos alterados")).toBeInTheDocument();
    await user.click(review());

    const dialog = await screen.findByRole("alertdialog", { name: "Confirmar alterações" });
    const rows = within(dialog).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.textContent?.replace(/\s+/g, " "))).toEqual([
      "Limite diáriodesconhecido passa a ser R$ 5.000,00",
      "Limite mensaldesconhecido passa a ser R$ 50.000,00",
    ]);
    expect(fetchSpy).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole("button", { name: "Salvar alterações" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    const [call] = patches();
    expect(patches()).toHaveLength(1);
    expect(call?.url).toBe("/api/subaccounts/sa_demo_1");
    expect(call?.body).toEqual({ daily_limit_centavos: 500_000, monthly_limit_centavos: 5_000_000 });
    expect(call?.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("checks the document's check digits next to the field and sends nothing", async () => {
    const { user } = renderForm(null);
    const document = screen.getByRole("textbox", { name: /CPF ou CNPJ/ });
    await user.type(document, "12345678900");
    await user.tab();
    expect(document).toHaveValue("123.456.789-00");
    expect(describedText(document)).toContain("CPF ou CNPJ inválido: confira os dígitos verificadores.");
    await user.click(review());
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(document).toHaveAttribute("aria-invalid", "true");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("does not let unreadable money through as 'no change'", async () => {
    const { user } = renderForm(null);
    await user.type(screen.getByRole("textbox", { name: /Nome/ }), "Loja Nova");
    const daily = screen.getByRole("textbox", { name: /Limite diário/ });
    await user.type(daily, "5 mil");
    await user.click(review());
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(describedText(daily)).toContain("Valor inválido. Use, por exemplo, 1.234,56.");
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe("SubaccountEditForm, known subaccount", () => {
  it("starts from the current state and has nothing to save until something really changes", async () => {
    const { user } = renderForm(KNOWN);
    expect(screen.getByRole("textbox", { name: "Nome" })).toHaveValue("Loja Centro");
    expect(screen.getByRole("textbox", { name: "CPF ou CNPJ" })).toHaveValue("529.982.247-25");
    expect(screen.getByRole("textbox", { name: "Limite diário" })).toHaveValue("5.000,00");
    expect(review()).toBeDisabled();

    // Same value after normalising (spaces, e-mail case) is not a change.
    const email = screen.getByRole("textbox", { name: "E-mail" });
    await user.clear(email);
    await user.type(email, " LOJA@acme.example.com ");
    expect(review()).toBeDisabled();
    expect(screen.getByText("Nenhuma alteração")).toBeInTheDocument();
  });

  it("rejects a monthly limit below the current daily limit, even when only the monthly one changes", async () => {
    const { user } = renderForm(KNOWN);
    const monthly = screen.getByRole("textbox", { name: "Limite mensal" });
    await user.clear(monthly);
    await user.type(monthly, "1.000,00");
    await user.click(review());
    expect(await screen.findByText("O limite mensal não pode ser menor que o diário.")).toBeInTheDocument();
    expect(describedText(monthly)).toContain("O limite mensal não pode ser menor que o diário.");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("keeps one idempotency key across retries of the same change, a new one for a different change and after success", async () => {
    fetchSpy
      .mockResolvedValueOnce(
        envelope(
          null,
          503,
          { code: "upstream_unavailable", message: "The payments API is unavailable." },
          "req_fail_1",
        ),
      )
      .mockResolvedValueOnce(
        envelope(null, 504, { code: "upstream_timeout", message: "No answer in time." }, "req_fail_2"),
      )
      .mockResolvedValueOnce(
        envelope(
          null,
          503,
          { code: "upstream_unavailable", message: "The payments API is unavailable." },
          "req_fail_3",
        ),
      )
      .mockResolvedValueOnce(envelope({ ...KNOWN, name: "Loja Centro Sul" }))
      .mockResolvedValueOnce(envelope({ ...KNOWN, name: "Loja Centro Sul", email: "sul@acme.example.com" }));
    const { user } = renderForm(KNOWN);
    const name = screen.getByRole("textbox", { name: "Nome" });
    await user.clear(name);
    await user.type(name, "Loja Centro Norte");
    await user.click(review());
    let dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByRole("row", { name: /Nome/ }).textContent?.replace(/\s+/g, " ")).toBe(
      "NomeLoja Centro passa a ser Loja Centro Norte",
    );
    await user.click(within(dialog).getByRole("button", { name: "Salvar alterações" }));

    // The failure stays in the dialog with its request id; retrying reuses the key.
    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("A API de pagamentos está indisponível no momento.");
    expect(alert).toHaveTextContent("req_fail_1");
    await user.click(within(dialog).getByRole("button", { name: "Tentar salvar de novo" }));
    await within(dialog).findByText(/req_fail_2/);
    expect(patches().map((p) => p.key)).toHaveLength(2);
    expect(patches()[1]?.key).toBe(patches()[0]?.key);

    // A different change is a different operation: a new key.
    await user.click(within(dialog).getByRole("button", { name: "Voltar e editar" }));
    expect(name).toHaveValue("Loja Centro Norte");
    expect(screen.getByRole("alert")).toHaveTextContent("req_fail_2");
    await user.clear(name);
    await user.type(name, "Loja Centro Sul");
    await user.click(review());
    dialog = await screen.findByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Salvar alterações" }));
    await within(dialog).findByText(/req_fail_3/);
    await user.click(within(dialog).getByRole("button", { name: "Tentar salvar de novo" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    const keys = patches().map((p) => p.key);
    expect(keys).toHaveLength(4);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys[3]).toBe(keys[2]);
    expect(patches()[3]?.body).toEqual({ name: "Loja Centro Sul" });

    // After success the next edit gets a fresh key.
    const email = screen.getByRole("textbox", { name: "E-mail" });
    await user.clear(email);
    await user.type(email, "sul@acme.example.com");
    await user.click(review());
    dialog = await screen.findByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Salvar alterações" }));
    await waitFor(() => expect(patches()).toHaveLength(5));
    expect(patches()[4]?.key).not.toBe(keys[3]);
    expect(patches()[4]?.body).toEqual({ email: "sul@acme.example.com" });
  });

  it("puts the API's field errors next to the fields and keeps what was typed", async () => {
    fetchSpy.mockResolvedValueOnce(
      envelope(
        null,
        422,
        {
          code: "validation_error",
          message: "Some fields are invalid.",
          fields: { email: "email is already used by another subaccount" },
        },
        "req_422",
      ),
    );
    const { user } = renderForm(KNOWN);
    const email = screen.getByRole("textbox", { name: "E-mail" });
    await user.clear(email);
    await user.type(email, "outra@acme.example.com");
    await user.click(review());
    const dialog = await screen.findByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Salvar alterações" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(email).toHaveValue("outra@acme.example.com");
    expect(describedText(email)).toContain("email is already used by another subaccount");
    expect(email).toHaveAttribute("aria-invalid", "true");
  });
});

describe("SubaccountEditForm, a retry answered with the replay of an older change", () => {
  it("warns that nothing changed and shows the newer state the dashboard keeps", async () => {
    const newer = { ...KNOWN, name: "Loja Centro Nova", updated_at: "2026-11-22T11:00:00.000Z" };
    fetchSpy.mockResolvedValueOnce(envelope({ ...newer, replayed_older_change: true }));
    const { user } = renderForm(KNOWN);
    const name = screen.getByRole("textbox", { name: "Nome" });
    await user.clear(name);
    await user.type(name, "Loja Centro Antiga");
    await user.click(review());
    const dialog = await screen.findByRole("alertdialog", { name: "Confirmar alterações" });
    await user.click(within(dialog).getByRole("button", { name: "Salvar alterações" }));

    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(currentToasts().at(-1)).toMatchObject({
      kind: "warning",
      message:
        "Esta alteração de Loja Centro Nova já tinha sido feita antes de uma mudança mais recente. A API repetiu a resposta antiga, que não muda nada aqui: os dados mostrados são os mais recentes.",
    });
    expect(screen.getByRole("textbox", { name: "Nome" })).toHaveValue("Loja Centro Nova");
  });
});
