import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LoginScreen } from "@/components/login/login-screen";
import { postSignInTarget } from "@/components/login/post-sign-in";
import type { SandboxPerson } from "@/components/login/sandbox-people";
import type { Role } from "@/lib/shared/auth/roles";
import { renderWithProviders } from "../helpers/render";
import { session } from "../helpers/payouts-dom";
import { resetRouter, router } from "../helpers/next-navigation";

const ACME_ID = "7f1c2b9e-4d2a-4c5e-9b1a-0a1b2c3d4e5f";
const BETA_ID = "2d9e8f7a-6b5c-4d3e-8f1a-9b8c7d6e5f4a";
const DEMO_PASSWORD = "sandbox-demo-password";

/** What the sign-in page passes in sandbox mode (the server lists them: sandboxDemoPeople()). */
const DEMO_PEOPLE: SandboxPerson[] = [
  { email: "owner@acme.example", name: "Helena Prado", role: "owner", businessId: ACME_ID, businessName: "Acme" },
  {
    email: "operator@acme.example",
    name: "Olivia Santos",
    role: "operator",
    businessId: ACME_ID,
    businessName: "Acme",
  },
  { email: "support@acme.example", name: "Sergio Alves", role: "support", businessId: ACME_ID, businessName: "Acme" },
  { email: "finance@beta.example", name: "Fernanda Costa", role: "finance", businessId: BETA_ID, businessName: "Beta" },
];

vi.mock("next/navigation", async () => (await import("../helpers/next-navigation")).mockedNavigation);

const CHALLENGE = "challenge_0123456789abcdef0123";

function envelope(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}
const done = (role: Role = "operator") =>
  envelope({ data: { next: "done", session: session(role) }, error: null, request_id: null });
const totp = () =>
  envelope({
    data: { next: "totp", challenge: CHALLENGE, expiresAt: "2030-01-01T00:05:00Z" },
    error: null,
    request_id: null,
  });
const failure = (status: number, code: string, extra: Record<string, unknown> = {}, requestId: string | null = null) =>
  envelope({ data: null, error: { code, message: code, ...extra }, request_id: requestId }, status);

let fetchSpy: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchSpy = vi.fn<typeof fetch>();
  vi.stubGlobal("fetch", fetchSpy);
  resetRouter("/login");
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderLogin(props: { sandbox?: boolean; next?: string | null } = {}) {
  const sandbox = props.sandbox ?? false;
  return renderWithProviders(
    <LoginScreen
      sandbox={sandbox}
      demo={sandbox ? { people: DEMO_PEOPLE, password: DEMO_PASSWORD } : null}
      next={props.next ?? null}
    />,
  );
}

/** The error message rendered for a field, found through the input's aria-describedby. */
function describedErrors(input: HTMLElement): string {
  const ids = (input.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" | ");
}

const email = () => screen.getByLabelText("E-mail");
const password = () => screen.getByLabelText("Senha");
const bodyOf = (call: number) => JSON.parse(String(fetchSpy.mock.calls[call]?.[1]?.body)) as unknown;

async function signInWithPassword(user: ReturnType<typeof renderLogin>["user"], address = "olivia@acme.example") {
  await user.type(email(), address);
  await user.type(password(), "correct horse battery");
  await user.click(screen.getByRole("button", { name: "Entrar" }));
}

describe("step one: e-mail and password", () => {
  it("labels the fields for password managers and shows the password on request", async () => {
    const { user } = renderLogin();
    expect(email()).toHaveAttribute("autocomplete", "username");
    expect(email()).toHaveAttribute("type", "email");
    expect(password()).toHaveAttribute("autocomplete", "current-password");
    expect(password()).toHaveAttribute("type", "password");
    await user.click(screen.getByRole("button", { name: "Mostrar Senha" }));
    expect(password()).toHaveAttribute("type", "text");
    // Nothing from the retired forms is left.
    expect(screen.queryByLabelText(/Chave de API|Token de acesso|Seu nome/)).not.toBeInTheDocument();
  });

  it("shows messages next to the fields and sends nothing for bad input", async () => {
    const { user } = renderLogin();
    await user.click(screen.getByRole("button", { name: "Entrar" }));
    await waitFor(() => expect(describedErrors(password())).toContain("Campo obrigatório."));
    expect(describedErrors(email())).toContain("E-mail inválido.");
    expect(email()).toHaveAttribute("aria-invalid", "true");

    await user.type(email(), "not-an-email");
    await user.type(password(), "x");
    await user.click(screen.getByRole("button", { name: "Entrar" }));
    await waitFor(() => expect(describedErrors(email())).toContain("E-mail inválido."));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("posts the trimmed e-mail and the password with the dashboard headers, then goes to next", async () => {
    fetchSpy.mockResolvedValue(done("operator"));
    const { user } = renderLogin({ next: "/payouts?status=paid" });
    await signInWithPassword(user, "  olivia@acme.example ");

    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe("/api/session");
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("X-Requested-By")).toBe("dashboard");
    expect(bodyOf(0)).toEqual({ email: "olivia@acme.example", password: "correct horse battery" });
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith("/payouts?status=paid"));
  });

  it("sends each role to its home when next is not theirs", async () => {
    fetchSpy.mockResolvedValue(done("support"));
    const { user } = renderLogin({ next: "/subaccounts" });
    await signInWithPassword(user);
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith("/payouts"));
  });

  it("keeps the button busy while the request is pending", async () => {
    let resolve: (r: Response) => void = () => undefined;
    fetchSpy.mockReturnValue(new Promise<Response>((r) => (resolve = r)));
    const { user } = renderLogin();
    await signInWithPassword(user);
    const button = await screen.findByRole("button", { name: "Entrando…" });
    expect(button).toBeDisabled();
    await user.click(button);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    resolve(done());
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith("/"));
  });

  it("says the e-mail or the password is wrong without saying which, keeping the e-mail", async () => {
    fetchSpy.mockResolvedValue(failure(401, "invalid_login"));
    const { user } = renderLogin();
    await signInWithPassword(user);

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("E-mail ou senha incorretos.");
    expect(email()).toHaveValue("olivia@acme.example");
    expect(email()).not.toHaveAttribute("aria-invalid", "true");
    expect(password()).not.toHaveAttribute("aria-invalid", "true");
    expect(password()).toHaveValue("");
    expect(password()).toHaveFocus();
    expect(router.replace).not.toHaveBeenCalled();
  });

  it("after a 429, says when to try again and keeps the form disabled", async () => {
    const retryAt = new Date(Date.now() + 10 * 60_000).toISOString();
    fetchSpy.mockResolvedValue(failure(429, "sign_in_throttled", { details: { retryAfterSeconds: 600, retryAt } }));
    const { user } = renderLogin();
    await signInWithPassword(user);
    const notice = await screen.findByRole("alert");
    expect(within(notice).getByText("Tentativas de entrada demais")).toBeInTheDocument();
    expect(notice).toHaveTextContent(/Tente de novo às \d{2}:\d{2}/);
    expect(screen.getByRole("button", { name: "Entrar" })).toBeDisabled();
  });

  it("shows other failures with their request id, the form still usable", async () => {
    fetchSpy.mockResolvedValue(failure(503, "upstream_unavailable", {}, "req_down"));
    const { user } = renderLogin();
    await signInWithPassword(user);
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Não foi possível entrar")).toBeInTheDocument();
    expect(within(alert).getByText("req_down")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Entrar" })).toBeEnabled();
  });
});

describe("step two: the authenticator app's code", () => {
  async function toSecondStep() {
    fetchSpy.mockResolvedValueOnce(totp());
    const rendered = renderLogin({ next: "/activity" });
    await signInWithPassword(rendered.user);
    const code = await screen.findByLabelText("Código do aplicativo autenticador");
    return { ...rendered, code };
  }

  it("asks for the 6-digit code, sends it with the challenge, then signs in", async () => {
    const { user, code } = await toSecondStep();
    expect(screen.getByText("Entrando como olivia@acme.example.")).toBeInTheDocument();
    expect(code).toHaveAttribute("inputmode", "numeric");
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(router.replace).not.toHaveBeenCalled();

    fetchSpy.mockResolvedValueOnce(done("finance"));
    await user.type(code, "123 456");
    await user.click(screen.getByRole("button", { name: "Verificar" }));
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(2));
    expect(fetchSpy.mock.calls[1]?.[0]).toBe("/api/session/second-factor");
    expect(bodyOf(1)).toEqual({ challenge: CHALLENGE, code: "123456" });
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith("/activity"));
  });

  it("sends nothing for a code that is not 6 digits", async () => {
    const { user, code } = await toSecondStep();
    await user.type(code, "12345");
    await user.click(screen.getByRole("button", { name: "Verificar" }));
    await waitFor(() => expect(describedErrors(code)).toContain("Informe os 6 dígitos do código."));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it("shows a wrong code next to the field", async () => {
    const { user, code } = await toSecondStep();
    fetchSpy.mockResolvedValueOnce(failure(401, "invalid_code"));
    await user.type(code, "000000");
    await user.click(screen.getByRole("button", { name: "Verificar" }));
    await waitFor(() => expect(describedErrors(code)).toContain("Código incorreto."));
    expect(code).toHaveAttribute("aria-invalid", "true");
    expect(router.replace).not.toHaveBeenCalled();
  });

  it("switches to a recovery code and back", async () => {
    const { user } = await toSecondStep();
    await user.click(screen.getByRole("button", { name: "Usar um código de recuperação" }));
    const recovery = screen.getByLabelText("Código de recuperação");
    expect(screen.queryByLabelText("Código do aplicativo autenticador")).not.toBeInTheDocument();

    fetchSpy.mockResolvedValueOnce(failure(401, "invalid_code"));
    await user.type(recovery, "7kq2-m9xd-4hbz-p0wc");
    await user.click(screen.getByRole("button", { name: "Verificar" }));
    await waitFor(() => expect(describedErrors(recovery)).toContain("Código de recuperação incorreto ou já usado."));
    expect(bodyOf(1)).toEqual({ challenge: CHALLENGE, recoveryCode: "7kq2-m9xd-4hbz-p0wc" });

    await user.click(screen.getByRole("button", { name: "Usar o código do aplicativo" }));
    expect(screen.getByLabelText("Código do aplicativo autenticador")).toHaveValue("");
    await user.click(screen.getByRole("button", { name: "Usar um código de recuperação" }));

    fetchSpy.mockResolvedValueOnce(done("operator"));
    await user.type(screen.getByLabelText("Código de recuperação"), "  aaaa-bbbb-cccc-dddd ");
    await user.click(screen.getByRole("button", { name: "Verificar" }));
    // An operator may not open /activity: their home instead.
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith("/"));
    expect(bodyOf(2)).toEqual({ challenge: CHALLENGE, recoveryCode: "aaaa-bbbb-cccc-dddd" });
  });

  it("an expired challenge sends the person back to step one, saying why, with the e-mail kept", async () => {
    const { user, code } = await toSecondStep();
    fetchSpy.mockResolvedValueOnce(failure(401, "sign_in_challenge_expired"));
    await user.type(code, "123456");
    await user.click(screen.getByRole("button", { name: "Verificar" }));

    expect(await screen.findByText("A verificação expirou")).toBeInTheDocument();
    expect(email()).toHaveValue("olivia@acme.example");
    expect(password()).toHaveValue("");
    expect(password()).toHaveFocus();
    expect(screen.queryByLabelText("Código do aplicativo autenticador")).not.toBeInTheDocument();

    // Signing in again starts a new challenge.
    fetchSpy.mockResolvedValueOnce(totp());
    await user.type(password(), "correct horse battery");
    await user.click(screen.getByRole("button", { name: "Entrar" }));
    expect(await screen.findByLabelText("Código do aplicativo autenticador")).toBeInTheDocument();
    expect(bodyOf(2)).toEqual({ email: "olivia@acme.example", password: "correct horse battery" });
  });

  it("Back returns to step one with the e-mail and no warning", async () => {
    const { user } = await toSecondStep();
    await user.click(screen.getByRole("button", { name: "Voltar" }));
    expect(email()).toHaveValue("olivia@acme.example");
    expect(screen.queryByText("A verificação expirou")).not.toBeInTheDocument();
  });
});

describe("sandbox mode", () => {
  it("lists the demo people by business, with role and e-mail, and fills the form with one", async () => {
    const { user } = renderLogin({ sandbox: true });
    const panel = screen.getByRole("region", { name: "Modo sandbox" });
    expect(panel).toHaveTextContent("existem só neste sandbox local");
    expect(within(panel).getByTestId("sandbox-password")).toHaveTextContent(DEMO_PASSWORD);

    const acme = within(panel).getByRole("region", { name: "Acme" });
    const beta = within(panel).getByRole("region", { name: "Beta" });
    expect(within(acme).getAllByRole("listitem")).toHaveLength(3);
    expect(acme).toHaveTextContent("Helena Prado");
    expect(acme).toHaveTextContent("Proprietário");
    expect(acme).toHaveTextContent("support@acme.example");
    expect(beta).toHaveTextContent("Fernanda Costa");
    expect(beta).toHaveTextContent("Financeiro");

    await user.click(within(beta).getByRole("button", { name: "Preencher com Fernanda Costa (Beta)" }));
    expect(email()).toHaveValue("finance@beta.example");
    expect(password()).toHaveValue(DEMO_PASSWORD);

    fetchSpy.mockResolvedValue(done("finance"));
    await user.click(screen.getByRole("button", { name: "Entrar" }));
    await waitFor(() => expect(bodyOf(0)).toEqual({ email: "finance@beta.example", password: DEMO_PASSWORD }));
  });

  it("shows nothing of them otherwise", () => {
    renderLogin({ sandbox: false });
    expect(screen.queryByText("Modo sandbox")).not.toBeInTheDocument();
    expect(screen.queryByText(DEMO_PASSWORD)).not.toBeInTheDocument();
    expect(screen.queryByText("owner@acme.example")).not.toBeInTheDocument();
  });
});

describe("postSignInTarget", () => {
  it.each<[string | null, Role, string]>([
    [null, "owner", "/"],
    [null, "admin", "/"],
    [null, "operator", "/"],
    [null, "finance", "/"],
    [null, "support", "/payouts"],
    ["/payment-links?status=active", "operator", "/payment-links?status=active"],
    ["/payouts/po_123", "support", "/payouts/po_123"],
    ["/activity", "support", "/payouts"],
    ["/activity", "finance", "/activity"],
    ["/members", "admin", "/members"],
    ["/settings", "operator", "/"],
    ["//evil.example", "operator", "/"],
    ["/\\evil.example", "operator", "/"],
    ["https://evil.example/", "operator", "/"],
    ["javascript:alert(1)", "operator", "/"],
    ["/login?next=/x", "operator", "/"],
  ])("next=%s as %s → %s", (next, role, expected) => {
    expect(postSignInTarget(role, next)).toBe(expected);
  });
});
