/**
 * Every message a person reads comes from the dictionaries, by code, in the language they chose: every error code
 * of the BFF's catalogue, every audit action and every one of the server's own actors, in pt-BR and in English;
 * the error panel never shows the server's English text, and shows the provider's own words labelled as theirs.
 */
import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { useActivityLabels } from "@/components/activity/activity-labels";
import { ErrorPanel } from "@/components/ui/error-panel";
import { BffRequestError } from "@/lib/browser/bff-client/errors";
import { I18nProvider } from "@/lib/browser/i18n";
import { ERROR_CODES } from "@/lib/shared/errors/catalogue";
import { dictionaries } from "@/lib/shared/i18n/dictionaries";
import { AUDIT_ACTIONS, SYSTEM_ACTORS } from "@/lib/shared/schemas/activity";

const LOCALES = ["pt-BR", "en"] as const;
type Locale = (typeof LOCALES)[number];

function inLocale(locale: Locale) {
  return function InLocale({ children }: { children: ReactNode }) {
    return (
      <I18nProvider locale={locale} timeZone="America/Sao_Paulo" messages={dictionaries[locale]}>
        {children}
      </I18nProvider>
    );
  };
}

const messages = (locale: Locale) => dictionaries[locale] as Record<string, string>;

describe.each(LOCALES)("in %s", (locale) => {
  it("every error code of the catalogue has its text, and pt-BR's is not the English one", () => {
    for (const code of Object.keys(ERROR_CODES)) {
      const text = messages(locale)[`errors.${code}`];
      expect(text, `errors.${code}`).toBeTruthy();
      if (locale === "pt-BR") expect(text, `errors.${code} in pt-BR`).not.toBe(messages("en")[`errors.${code}`]);
    }
  });

  it("every audit action and every one of the server's own actors has its text", () => {
    for (const action of AUDIT_ACTIONS) expect(messages(locale)[`activity.action.${action}`], action).toBeTruthy();
    const held: { labels?: ReturnType<typeof useActivityLabels> } = {};
    function Probe() {
      held.labels = useActivityLabels();
      return null;
    }
    render(<Probe />, { wrapper: inLocale(locale) });
    for (const name of Object.values(SYSTEM_ACTORS)) {
      const shown = held.labels?.actorName({ name, role: "system" });
      expect(shown, name).toBe(messages(locale)[`activity.systemActor.${name.replace(/\s+/g, "_")}`]);
    }
    // An audit entry's failure reads in words, not as its code.
    expect(held.labels?.error({ code: "upstream_timeout", message: "The payments API did not answer in time." })).toBe(
      messages(locale)["errors.upstream_timeout"],
    );
  });

  it("the error panel shows the code's text, never the server's English, and the provider's words as theirs", () => {
    const serverEnglish = "The payments API is busy or unavailable. Try again shortly.";
    render(
      <ErrorPanel
        error={
          new BffRequestError({ status: 503, code: "upstream_unavailable", message: serverEnglish, requestId: "req_1" })
        }
      />,
      {
        wrapper: inLocale(locale),
      },
    );
    expect(screen.getByRole("heading", { name: messages(locale)["errors.upstream_unavailable"] })).toBeInTheDocument();
    if (locale === "pt-BR") expect(screen.queryByText(serverEnglish)).not.toBeInTheDocument();

    const provider = new BffRequestError({
      status: 404,
      code: "not_found",
      message: "No subaccount with this id.",
      providerMessage: "No subaccount with this id.",
    });
    render(<ErrorPanel error={provider} />, { wrapper: inLocale(locale) });
    const label = (messages(locale)["errors.providerSaid"] ?? "").replace("{message}", "No subaccount with this id.");
    expect(screen.getByText(label)).toBeInTheDocument();
  });
});
