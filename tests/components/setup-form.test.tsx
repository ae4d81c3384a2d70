/**
 * The first owner's setup form: the optional access token (and a business name) left empty are simply not given;
 * a token that is given is checked for its shape before anything is sent.
 */
import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { SetupForm } from "@/components/setup/setup-form";
import { renderWithProviders } from "../helpers/render";
import { resetRouter, router } from "../helpers/next-navigation";
import { session } from "../helpers/payouts-dom";

vi.mock("next/navigation", async () => (await import("../helpers/next-navigation")).mockedNavigation);

const TOKEN = "Kz8r0s240wdtNJ2vp4xDxe_zpSZlAH148sWXIX1cIWA";
let fetchSpy: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchSpy = vi.fn<typeof fetch>(
    async () =>
      new Response(
        JSON.stringify({ data: { next: "done", session: session("owner") }, error: null, request_id: null }),
        {
          status: 200,
          headers: { "content-type": "application/json" },
        },
      ),
  );
  vi.stubGlobal("fetch", fetchSpy);
  resetRouter("/setup");
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function fillRequired(user: ReturnType<typeof renderWithProviders>["user"]) {
  await user.type(screen.getByLabelText("Seu nome"), "Helena Fundadora");
  await user.type(screen.getByLabelText("Seu e-mail"), "helena@acme.example");
  await user.type(screen.getByLabelText("Senha"), "owner journey passphrase 1");
  await user.type(screen.getByLabelText("Chave de API da empresa"), "sk_sandbox_acme");
}

it("an empty access token is not given: the form sends the owner and the API key only", async () => {
  const { user } = renderWithProviders(<SetupForm token={TOKEN} apiKeyProvisioned={false} businessName="" />);
  await fillRequired(user);
  await user.click(screen.getByRole("button", { name: "Criar e entrar" }));
  await waitFor(() => expect(router.replace).toHaveBeenCalledWith("/"));
  expect(fetchSpy).toHaveBeenCalledTimes(1);
  const body = JSON.parse(String(fetchSpy.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
  expect(body).toEqual({
    token: TOKEN,
    name: "Helena Fundadora",
    email: "helena@acme.example",
    password: "owner journey passphrase 1",
    businessName: "",
    apiKey: "sk_sandbox_acme",
  });
});

it("a malformed access token gets its message next to the field and nothing is sent", async () => {
  const { user } = renderWithProviders(<SetupForm token={TOKEN} apiKeyProvisioned={false} businessName="" />);
  await fillRequired(user);
  await user.type(screen.getByLabelText(/^Token de acesso/, { selector: "input" }), "short");
  await user.click(screen.getByRole("button", { name: "Criar e entrar" }));
  expect(await screen.findByText("Token de acesso inválido: confira se copiou o token inteiro.")).toBeInTheDocument();
  expect(fetchSpy).not.toHaveBeenCalled();
});
