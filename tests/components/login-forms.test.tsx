import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LoginScreen } from "@/components/login/login-screen";
import { postSignInTarget } from "@/components/login/post-sign-in";
import { renderWithProviders } from "../helpers/render";
import { BUSINESSES } from "@/sandbox/businesses";

/** What the sign-in page passes in sandbox mode (the server reads it from the running sandbox). */
const DEMO_BUSINESSES = BUSINESSES.map((b) => ({
  name: b.name,
  apiKey: b.apiKey,
  accessToken: b.accessToken,
  businessId: b.id,
}));

const router = {
  replace: vi.fn(),
  push: vi.fn(),
  refresh: vi.fn(),
  back: vi.fn(),
  forward: vi.fn(),
  prefetch: vi.fn(),
};
vi.mock("next/navigation", () => ({
  useRouter: () => router,
  usePathname: () => "/login",
  useSearchParams: () => new URLSearchParams(),
}));

const SESSION = {
  operatorName: "Maria Operadora",
  role: "operator",
  business: { id: "7f1c2b9e-4d2a-4c5e-9b1a-0a1b2c3d4e5f", name: "Acme" },
  sandbox: true,
  expiresAt: "2030-01-01T00:00:00Z",
  idleTimeoutSeconds: 1800,
};

function envelope(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

let fetchSpy: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchSpy = vi.fn<typeof fetch>();
  vi.stubGlobal("fetch", fetchSpy);
  window.localStorage.clear();
  Object.values(router).forEach((fn) => fn.mockReset());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderLogin(props: { sandbox?: boolean; next?: string | null } = {}) {
  const sandbox = props.sandbox ?? false;
  const { user } = renderWithProviders(
    <LoginScreen sandbox={sandbox} demoBusinesses={sandbox ? DEMO_BUSINESSES : []} next={props.next ?? null} />,
  );
  return { user };
}

/** The error message rendered for a field, found through the input's aria-describedby. */
function describedErrors(input: HTMLElement): string {
  const ids = (input.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" | ");
}

describe("operator sign-in", () => {
  it("shows messages next to the fields and does not call the API for bad input", async () => {
    const { user } = renderLogin();
    await user.click(screen.getByRole("button", { name: "Entrar" }));

    const apiKey = screen.getByLabelText("Chave de API");
    const name = screen.getByLabelText("Seu nome");
    expect(await screen.findByText("Chave de API inválida: confira se copiou a chave inteira.")).toBeInTheDocument();
    expect(screen.getByText("Informe seu nome (pelo menos 2 letras).")).toBeInTheDocument();
    expect(apiKey).toHaveAttribute("aria-invalid", "true");
    expect(describedErrors(apiKey)).toContain("Chave de API inválida");
    expect(describedErrors(name)).toContain("Informe seu nome");

    await user.type(apiKey, "short");
    await user.type(name, "M");
    await user.click(screen.getByRole("button", { name: "Entrar" }));
    expect(screen.getByText("Chave de API inválida: confira se copiou a chave inteira.")).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("posts the trimmed body with the dashboard headers and goes to next", async () => {
    fetchSpy.mockResolvedValue(envelope({ data: SESSION, error: null, request_id: "req_1" }));
    const { user } = renderLogin({ next: "/payouts?status=paid" });
    await user.type(screen.getByLabelText("Chave de API"), "  sk_sandbox_acme ");
    await user.type(screen.getByLabelText("Seu nome"), " Maria Operadora ");
    await user.click(screen.getByRole("button", { name: "Entrar" }));

    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe("/api/session");
    expect(init?.method).toBe("POST");
    const headers = new Headers(init?.headers);
    expect(headers.get("X-Requested-By")).toBe("dashboard");
    expect(headers.get("Content-Type")).toBe("application/json");
    expect(JSON.parse(String(init?.body))).toEqual({ apiKey: "sk_sandbox_acme", operatorName: "Maria Operadora" });
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith("/payouts?status=paid"));
    expect(window.localStorage.getItem("pixops.operatorName")).toBe("Maria Operadora");
  });

  it("keeps the submit disabled while the request is pending", async () => {
    let resolve: (r: Response) => void = () => undefined;
    fetchSpy.mockReturnValue(new Promise<Response>((r) => (resolve = r)));
    const { user } = renderLogin();
    await user.type(screen.getByLabelText("Chave de API"), "sk_sandbox_acme");
    await user.type(screen.getByLabelText("Seu nome"), "Maria");
    await user.click(screen.getByRole("button", { name: "Entrar" }));
    const button = await screen.findByRole("button", { name: "Entrando…" });
    expect(button).toBeDisabled();
    await user.click(button);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    resolve(envelope({ data: SESSION, error: null, request_id: null }));
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith("/"));
  });

  it("shows a refused credential next to the key, keeps what was typed, and shows the request id", async () => {
    fetchSpy.mockResolvedValue(
      envelope(
        {
          data: null,
          error: { code: "invalid_credentials", message: "The payments API did not accept these credentials." },
          request_id: "req_abc123",
        },
        401,
      ),
    );
    const { user } = renderLogin();
    const apiKey = screen.getByLabelText("Chave de API");
    await user.type(apiKey, "sk_wrong_key_123");
    await user.type(screen.getByLabelText("Seu nome"), "Maria");
    await user.click(screen.getByRole("button", { name: "Entrar" }));

    expect(await screen.findByText("Credencial recusada pela API. Confira e tente de novo.")).toBeInTheDocument();
    expect(apiKey).toHaveValue("sk_wrong_key_123");
    expect(apiKey).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("req_abc123")).toBeInTheDocument();
    expect(router.replace).not.toHaveBeenCalled();
  });

  it("puts server-side field errors on their fields", async () => {
    fetchSpy.mockResolvedValue(
      envelope(
        {
          data: null,
          error: {
            code: "validation_error",
            message: "Invalid body",
            fields: { operatorName: "validation.operatorName" },
          },
          request_id: null,
        },
        422,
      ),
    );
    const { user } = renderLogin();
    await user.type(screen.getByLabelText("Chave de API"), "sk_sandbox_acme");
    const name = screen.getByLabelText("Seu nome");
    await user.type(name, "Ma");
    await user.click(screen.getByRole("button", { name: "Entrar" }));
    await waitFor(() => expect(describedErrors(name)).toContain("Informe seu nome (pelo menos 2 letras)."));
    expect(name).toHaveValue("Ma");
  });

  it("shows other failures in an error panel with a retry-able form", async () => {
    fetchSpy.mockResolvedValue(
      envelope(
        { data: null, error: { code: "upstream_unavailable", message: "API down" }, request_id: "req_down" },
        503,
      ),
    );
    const { user } = renderLogin();
    await user.type(screen.getByLabelText("Chave de API"), "sk_sandbox_acme");
    await user.type(screen.getByLabelText("Seu nome"), "Maria");
    await user.click(screen.getByRole("button", { name: "Entrar" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("A API de pagamentos está indisponível no momento.")).toBeInTheDocument();
    expect(within(alert).getByText("req_down")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Entrar" })).toBeEnabled();
  });

  it("reports a network failure without redirecting", async () => {
    fetchSpy.mockRejectedValue(new TypeError("Failed to fetch"));
    const { user } = renderLogin();
    await user.type(screen.getByLabelText("Chave de API"), "sk_sandbox_acme");
    await user.type(screen.getByLabelText("Seu nome"), "Maria");
    await user.click(screen.getByRole("button", { name: "Entrar" }));
    expect(
      await screen.findByText("Sem conexão com o servidor. Verifique sua internet e tente de novo."),
    ).toBeInTheDocument();
  });
});

describe("viewer sign-in", () => {
  it("validates the access token and business id before calling the API", async () => {
    const { user } = renderLogin();
    await user.click(screen.getByRole("tab", { name: "Consulta (financeiro, suporte)" }));
    await user.type(screen.getByLabelText("Token de acesso"), "at_sandbox_acme");
    const businessId = screen.getByLabelText("ID da empresa");
    await user.type(businessId, "not-a-uuid");
    await user.type(screen.getByLabelText("Seu nome"), "Suporte");
    await user.click(screen.getByRole("button", { name: "Entrar" }));
    expect(await screen.findByText("ID da empresa inválido: use o UUID completo.")).toBeInTheDocument();
    expect(describedErrors(businessId)).toContain("ID da empresa inválido");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("signs a viewer in and lands on payouts", async () => {
    fetchSpy.mockResolvedValue(envelope({ data: { ...SESSION, role: "viewer" }, error: null, request_id: null }));
    const { user } = renderLogin({ next: "/subaccounts" });
    await user.click(screen.getByRole("tab", { name: "Consulta (financeiro, suporte)" }));
    await user.type(screen.getByLabelText("Token de acesso"), "at_sandbox_acme");
    await user.type(screen.getByLabelText("ID da empresa"), "7f1c2b9e-4d2a-4c5e-9b1a-0a1b2c3d4e5f");
    await user.type(screen.getByLabelText("Seu nome"), "Suporte");
    await user.click(screen.getByRole("button", { name: "Entrar" }));
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchSpy.mock.calls[0]?.[1]?.body))).toEqual({
      accessToken: "at_sandbox_acme",
      businessId: "7f1c2b9e-4d2a-4c5e-9b1a-0a1b2c3d4e5f",
      operatorName: "Suporte",
    });
    // A viewer cannot open /subaccounts, so `next` is not followed.
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith("/payouts"));
  });
});

describe("sandbox mode", () => {
  it("shows the demo credentials only in sandbox mode, and fills them in", async () => {
    const { user } = renderLogin({ sandbox: true });
    expect(screen.getByText("Modo sandbox")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Usar token de Beta" }));
    expect(screen.getByRole("tab", { name: "Consulta (financeiro, suporte)" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expect(screen.getByLabelText("Token de acesso")).toHaveValue("at_sandbox_beta");
    expect(screen.getByLabelText("ID da empresa")).toHaveValue("2d9e8f7a-6b5c-4d3e-8f1a-9b8c7d6e5f4a");
    await user.click(screen.getByRole("button", { name: "Usar chave de Acme" }));
    expect(screen.getByLabelText("Chave de API")).toHaveValue("sk_sandbox_acme");
  });

  it("hides them otherwise", () => {
    renderLogin({ sandbox: false });
    expect(screen.queryByText("Modo sandbox")).not.toBeInTheDocument();
    expect(screen.queryByText("sk_sandbox_acme")).not.toBeInTheDocument();
  });
});

describe("postSignInTarget", () => {
  it.each<[string | null, "operator" | "viewer", string]>([
    [null, "operator", "/"],
    [null, "viewer", "/payouts"],
    ["/payment-links?status=active", "operator", "/payment-links?status=active"],
    ["/payouts/po_123", "viewer", "/payouts/po_123"],
    ["/activity", "viewer", "/payouts"],
    ["//evil.example", "operator", "/"],
    ["/\\evil.example", "operator", "/"],
    ["https://evil.example/", "operator", "/"],
    ["javascript:alert(1)", "operator", "/"],
    ["/login?next=/x", "operator", "/"],
  ])("next=%s as %s → %s", (next, role, expected) => {
    expect(postSignInTarget(role, next)).toBe(expected);
  });
});
