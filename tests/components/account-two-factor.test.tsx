import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { TwoFactorCard } from "@/components/account/two-factor-card";
import { summariseUserAgent } from "@/components/account/user-agent";
import { ok, renderWithProviders, stubFetch, type FetchCall } from "../helpers/payouts-dom";

const CODES = Array.from({ length: 10 }, (_, i) => `7kq2-m9xd-4hbz-p0w${i}`);
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
let enabled = false;
let calls: FetchCall[];

const profile = () => ({
  id: "4f0c1b9e-0000-4000-8000-000000000001",
  name: "Olivia Santos",
  email: "operator@acme.example",
  password_changed_at: "2026-06-01T12:00:00.000Z",
  two_factor: {
    enabled,
    enabled_at: enabled ? "2026-06-02T12:00:00.000Z" : null,
    required: true,
    pending: !enabled,
    recovery_codes_left: enabled ? 10 : 0,
  },
});

beforeEach(() => {
  enabled = false;
  calls = stubFetch([
    (call) => (call.url === "/api/account" ? ok(profile()) : undefined),
    (call) =>
      call.url === "/api/account/two-factor/setup"
        ? ok({
            qr_code: "data:image/svg+xml;base64,PHN2Zy8+",
            otpauth_uri: `otpauth://totp/Pix%20Ops:operator%40acme.example?secret=${SECRET}`,
            secret: SECRET,
            expires_at: "2026-06-02T12:15:00.000Z",
          })
        : undefined,
    (call) => {
      if (call.url !== "/api/account/two-factor/confirm") return undefined;
      enabled = true;
      return ok({ recovery_codes: CODES });
    },
    (call) => (call.url.startsWith("/api/session") ? ok({}) : undefined),
  ]);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

it("sets 2FA up from the server's QR code and key, then shows the recovery codes once", async () => {
  const { user } = renderWithProviders(<TwoFactorCard />, { role: "operator" });
  expect(await screen.findByText("Este espaço de trabalho exige verificação em duas etapas")).toBeInTheDocument();

  await user.click(screen.getByRole("button", { name: "Ativar verificação em duas etapas" }));
  const qr = await screen.findByRole("img", { name: "Código QR para o aplicativo autenticador" });
  expect(qr).toHaveAttribute("src", "data:image/svg+xml;base64,PHN2Zy8+");
  expect(screen.getByText("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP")).toBeInTheDocument();

  await user.type(screen.getByLabelText("Código de 6 dígitos do aplicativo"), "123 456");
  await user.click(screen.getByRole("button", { name: "Confirmar e ativar" }));
  expect(calls.find((c) => c.url === "/api/account/two-factor/confirm")?.body).toEqual({ code: "123456" });

  for (const code of CODES) expect(await screen.findByText(code)).toBeInTheDocument();
  await waitFor(() => expect(screen.getByText("Ativa")).toBeInTheDocument());
  await user.click(screen.getByRole("button", { name: "Guardei os códigos" }));

  // Gone for good: nothing on the page shows them again, and nothing asks the server for them.
  for (const code of CODES) expect(screen.queryByText(code)).not.toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Gerar novos códigos" })).toBeInTheDocument();
  expect(calls.filter((c) => c.url.includes("recovery-codes"))).toEqual([]);
  expect(calls.filter((c) => c.url === "/api/account/two-factor/confirm")).toHaveLength(1);
});

it("summarises a User-Agent as browser and system", () => {
  expect(
    summariseUserAgent(
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
    ),
  ).toEqual({ browser: "Chrome", os: "Windows" });
  expect(
    summariseUserAgent(
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Safari/604.1",
    ),
  ).toEqual({ browser: "Safari", os: "iOS" });
  expect(summariseUserAgent("curl/8.5.0")).toBeNull();
  expect(summariseUserAgent(null)).toBeNull();
});
