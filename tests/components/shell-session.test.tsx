import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SessionBanners } from "@/components/shell/session-banners";
import { UserMenu } from "@/components/shell/user-menu";
import { I18nProvider } from "@/lib/browser/i18n";
import { sessionKeys } from "@/lib/browser/query/session";
import type { Role } from "@/lib/shared/auth/roles";
import type { SessionInfo } from "@/lib/shared/schemas/session";
import {
  fail,
  newQueryClient,
  ok,
  renderWithProviders,
  session,
  stubFetch,
  type FetchCall,
} from "../helpers/payouts-dom";

const router = { replace: vi.fn(), push: vi.fn(), refresh: vi.fn(), prefetch: vi.fn(), back: vi.fn() };
vi.mock("next/navigation", () => ({
  useRouter: () => router,
  usePathname: () => "/",
  useSearchParams: () => new URLSearchParams(),
}));

const ACME = "7f1c2b9e-4d2a-4c5e-9b1a-0a1b2c3d4e5f";
const BETA = "2d9e8f7a-6b5c-4d3e-8f1a-9b8c7d6e5f4a";

let calls: FetchCall[];
let workspaces: unknown[];
let switchAnswer: () => Response;

beforeEach(() => {
  Object.values(router).forEach((fn) => fn.mockReset());
  workspaces = [{ businessId: ACME, name: "Acme", role: "operator", require2fa: false }];
  switchAnswer = () =>
    ok({
      next: "done",
      session: session("support", { business: { id: BETA, name: "Beta" } }),
    });
  calls = stubFetch([
    (call) => (call.method === "GET" && call.url === "/api/session/workspace" ? ok(workspaces) : undefined),
    (call) => (call.method === "PUT" && call.url === "/api/session/workspace" ? switchAnswer() : undefined),
  ]);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function openMenu(info: SessionInfo, options: { client?: ReturnType<typeof newQueryClient> } = {}) {
  const rendered = renderWithProviders(<UserMenu session={info} />, { role: info.role, client: options.client });
  await rendered.user.click(screen.getByRole("button", { name: new RegExp(`^Conta: ${info.person.name}`) }));
  return { ...rendered, menu: await screen.findByRole("menu", { name: "Conta" }) };
}

describe("the user menu", () => {
  it.each<[Role, string]>([
    ["owner", "Proprietário"],
    ["admin", "Administrador"],
    ["operator", "Operador"],
    ["finance", "Financeiro"],
    ["support", "Suporte"],
  ])("shows %s's name, e-mail, role label and workspace", async (role, label) => {
    const info = session(role);
    const { menu } = await openMenu(info);
    expect(screen.getByRole("button", { name: `Conta: ${info.person.name} (${label})` })).toBeInTheDocument();
    const description = document.getElementById(menu.getAttribute("aria-describedby") ?? "");
    expect(description).toHaveTextContent(info.person.name);
    expect(description).toHaveTextContent(info.person.email);
    expect(description).toHaveTextContent(label);
    expect(description).toHaveTextContent("Acme");
  });

  it("names the roles in English too", async () => {
    const info = session("finance");
    renderWithProviders(
      <I18nProvider locale="en" timeZone="America/Sao_Paulo">
        <UserMenu session={info} />
      </I18nProvider>,
      { role: "finance" },
    );
    expect(screen.getByRole("button", { name: "Account: Fernanda Costa (Finance)" })).toBeInTheDocument();
  });

  it("offers no switch to a person in one workspace", async () => {
    const { menu } = await openMenu(session("operator"));
    await waitFor(() => expect(calls.some((c) => c.url === "/api/session/workspace")).toBe(true));
    expect(within(menu).queryByText("Trocar de espaço de trabalho")).not.toBeInTheDocument();
    expect(within(menu).queryAllByRole("menuitemradio")).toHaveLength(0);
  });

  it("switches a person in several workspaces, then reads the pages again in the new one", async () => {
    workspaces = [
      { businessId: ACME, name: "Acme", role: "operator", require2fa: false },
      { businessId: BETA, name: "Beta", role: "support", require2fa: true },
    ];
    const client = newQueryClient();
    client.setQueryData(["payouts", "stale-from-acme"], { items: [] });
    const { user, menu } = await openMenu(session("operator"), { client });
    const beta = await within(menu).findByRole("menuitemradio", { name: /Beta.*Suporte/ });
    expect(within(menu).getByRole("menuitemradio", { name: /Acme.*Operador/ })).toHaveAttribute("aria-checked", "true");
    expect(beta).toHaveAttribute("aria-checked", "false");

    await user.click(beta);
    await waitFor(() => expect(router.refresh).toHaveBeenCalled());
    const put = calls.filter((c) => c.method === "PUT");
    expect(put).toEqual([expect.objectContaining({ url: "/api/session/workspace", body: { businessId: BETA } })]);
    // Support's home; nothing cached for Acme survives; the new session is the cached one.
    expect(router.replace).toHaveBeenCalledWith("/payouts");
    expect(client.getQueryData(["payouts", "stale-from-acme"])).toBeUndefined();
    expect(client.getQueryData<SessionInfo>(sessionKeys.current())?.business.id).toBe(BETA);
  });

  it("choosing the current workspace sends nothing", async () => {
    workspaces = [
      { businessId: ACME, name: "Acme", role: "operator", require2fa: false },
      { businessId: BETA, name: "Beta", role: "support", require2fa: false },
    ];
    const { user, menu } = await openMenu(session("operator"));
    await user.click(await within(menu).findByRole("menuitemradio", { name: /Acme/ }));
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(0);
    expect(router.replace).not.toHaveBeenCalled();
  });

  it("a failed switch leaves the person where they were, and says so", async () => {
    workspaces = [
      { businessId: ACME, name: "Acme", role: "operator", require2fa: false },
      { businessId: BETA, name: "Beta", role: "support", require2fa: false },
    ];
    switchAnswer = () => fail(404, { code: "not_found", message: "You are not a member of this workspace." });
    const { Toaster } = await import("@/components/ui/toaster");
    renderWithProviders(<Toaster />);
    const { user, menu } = await openMenu(session("operator"));
    await user.click(await within(menu).findByRole("menuitemradio", { name: /Beta/ }));
    expect(
      await screen.findByText("Não foi possível trocar de espaço de trabalho. Você continua em Acme."),
    ).toBeInTheDocument();
    expect(router.replace).not.toHaveBeenCalled();
    expect(router.refresh).not.toHaveBeenCalled();
  });
});

describe("the shell's banners", () => {
  it("show nothing when the workspace is ready", () => {
    renderWithProviders(<SessionBanners session={session("operator")} />);
    expect(screen.queryByTestId("session-banners")).not.toBeInTheDocument();
  });

  it("tell the owner that the workspace has no API key, with a link to Settings", () => {
    renderWithProviders(<SessionBanners session={session("owner", { credentialMissing: true })} />);
    expect(
      screen.getByRole("heading", { name: "Este espaço de trabalho ainda não tem chave de API" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Informar a chave de API" })).toHaveAttribute("href", "/settings");
  });

  it.each<Role>(["admin", "operator", "finance", "support"])(
    "tell %s to ask the owner for the API key, with no link",
    (role) => {
      renderWithProviders(<SessionBanners session={session(role, { credentialMissing: true })} />);
      const banners = screen.getByTestId("session-banners");
      expect(banners).toHaveTextContent("Este espaço de trabalho ainda não tem chave de API");
      expect(banners).toHaveTextContent("Peça a ele");
      expect(within(banners).queryByRole("link")).not.toBeInTheDocument();
    },
  );

  it("send a person without 2FA in a workspace that requires it to their account's security page", () => {
    renderWithProviders(
      <SessionBanners session={session("finance", { twoFactor: { enabled: false, pending: true } })} />,
    );
    expect(
      screen.getByRole("heading", { name: "Este espaço de trabalho exige verificação em duas etapas" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ativar a verificação em duas etapas" })).toHaveAttribute(
      "href",
      "/account/security",
    );
  });

  it("say it in English too", () => {
    renderWithProviders(
      <I18nProvider locale="en" timeZone="America/Sao_Paulo">
        <SessionBanners
          session={session("owner", { credentialMissing: true, twoFactor: { enabled: false, pending: true } })}
        />
      </I18nProvider>,
    );
    expect(screen.getByRole("heading", { name: "This workspace has no API key yet" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "This workspace requires two-step verification" })).toBeInTheDocument();
  });
});
