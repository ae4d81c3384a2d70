import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TwoFactorSetting } from "@/components/settings/two-factor-setting";
import { I18nProvider } from "@/lib/browser/i18n";
import { fail, ok, renderWithProviders, stubFetch } from "../helpers/payouts-dom";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("requiring two-step verification for everyone", () => {
  it.each([
    [
      "pt-BR",
      "Exigir verificação em duas etapas de todos",
      "Ative a sua verificação em duas etapas antes de exigi-la de todos.",
    ],
    [
      "en",
      "Require two-step verification for everyone",
      "Set up your own two-step verification before requiring it of everyone.",
    ],
  ] as const)("%s: the server's refusal is the checkbox's own error, translated", async (locale, label, message) => {
    const calls = stubFetch([
      (call) =>
        call.method === "GET" && call.url === "/api/workspace/settings"
          ? ok({ business: { id: "acme", name: "Acme" }, require2fa: false })
          : undefined,
      (call) =>
        call.method === "PATCH" && call.url === "/api/workspace/settings"
          ? fail(422, {
              code: "validation_error",
              message: "Set up your own first.",
              fields: { require2fa: "fieldErrors.require2faSelfFirst" },
            })
          : undefined,
    ]);
    const { user } = renderWithProviders(
      <I18nProvider locale={locale} timeZone="America/Sao_Paulo">
        <TwoFactorSetting />
      </I18nProvider>,
      { role: "owner" },
    );
    const checkbox = screen.getByRole("checkbox", { name: label });
    await waitFor(() => expect(checkbox).toBeEnabled());
    await user.click(checkbox);
    await waitFor(() => expect(checkbox).toHaveAttribute("aria-invalid", "true"));
    expect(checkbox).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.getByRole("alert")).toHaveTextContent(message);
    expect(calls.filter((call) => call.method === "PATCH")).toHaveLength(1);
  });
});
