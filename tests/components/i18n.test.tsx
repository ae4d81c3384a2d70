import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { act, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { I18nProvider, MessagesScope, useI18n } from "@/lib/browser/i18n";
import { pickMessages, ROOT_MESSAGE_GROUPS } from "@/lib/shared/i18n/message-groups";
import { resolveLocale, resolveTimeZone } from "@/lib/shared/i18n/config";
import { dictionaries } from "@/lib/shared/i18n/dictionaries";
import { createI18n, createTranslator, hasMessage } from "@/lib/shared/i18n/translate";

const ptKeys = Object.keys(dictionaries["pt-BR"]).sort();
const enKeys = Object.keys(dictionaries.en).sort();
const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

describe("dictionaries", () => {
  it("en has every pt-BR key", () => {
    expect(ptKeys.filter((k) => !enKeys.includes(k))).toEqual([]);
  });

  it("pt-BR has every en key", () => {
    expect(enKeys.filter((k) => !ptKeys.includes(k))).toEqual([]);
  });

  it("no entry is empty, and placeholders match between languages", () => {
    const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort().join(",");
    for (const key of ptKeys) {
      const pt = dictionaries["pt-BR"][key as keyof (typeof dictionaries)["pt-BR"]];
      const en = dictionaries.en[key as keyof (typeof dictionaries)["en"]];
      expect(pt.trim(), key).not.toBe("");
      expect(en.trim(), key).not.toBe("");
      expect(placeholders(en), key).toBe(placeholders(pt));
    }
  });

  it("translates every validation.* key used in lib/", () => {
    const root = path.resolve(__dirname, "../../lib");
    const used = new Set<string>();
    for (const file of filesUnder(root)) {
      if (file.includes(`${path.sep}i18n${path.sep}`)) continue;
      // Code only: examples in comments are not messages.
      const code = readFileSync(file, "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/^\s*\/\/.*$/gm, "");
      for (const match of code.matchAll(/["'`](validation\.[A-Za-z0-9_.]+)["'`]/g)) used.add(match[1] as string);
    }
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((key) => !hasMessage(key, "pt-BR"))).toEqual([]);
    expect([...used].filter((key) => !hasMessage(key, "en"))).toEqual([]);
  });
});

describe("t()", () => {
  const t = createTranslator("pt-BR");
  const tEn = createTranslator("en");

  it("translates known keys", () => {
    expect(t("validation.required")).toBe("Campo obrigatório.");
    expect(tEn("validation.required")).toBe("Required.");
    expect(t("validation.pixKey.cpf")).toBe("CPF inválido: confira os dígitos verificadores.");
  });

  it("falls back to the raw string for unknown keys (API messages pass through)", () => {
    expect(t("nope.unknown")).toBe("nope.unknown");
    expect(t("The payments API did not accept these credentials.")).toBe(
      "The payments API did not accept these credentials.",
    );
    expect(tEn("Saldo insuficiente")).toBe("Saldo insuficiente");
  });

  it("interpolates and formats numbers for the locale", () => {
    expect(t("common.copiedValue", { label: "ID" })).toBe("ID copiado");
    expect(t("table.rows", { count: 1 })).toBe("1 resultado");
    expect(t("table.rows", { count: 10000 })).toBe("10.000 resultados");
    expect(tEn("table.rows", { count: 10000 })).toBe("10,000 results");
    expect(tEn("table.rows", { count: 1 })).toBe("1 result");
  });
});

describe("formatters", () => {
  it("formats BRL from centavos", () => {
    expect(nbsp(createI18n("pt-BR", "America/Sao_Paulo").formatMoney(123456))).toBe("R$ 1.234,56");
    expect(nbsp(createI18n("pt-BR", "America/Sao_Paulo").formatMoney(5))).toBe("R$ 0,05");
    expect(nbsp(createI18n("en", "America/Sao_Paulo").formatMoney(123456))).toBe("R$1,234.56");
    expect(createI18n("pt-BR", "America/Sao_Paulo").formatMoney(null)).toBe("");
  });

  it("formats dates in the operator's zone and names the zone", () => {
    const iso = "2026-03-10T02:30:00Z"; // 23:30 on the 9th in São Paulo, 22:30 in Manaus
    const sp = createI18n("pt-BR", "America/Sao_Paulo");
    expect(nbsp(sp.formatDateTime(iso))).toBe("09/03/2026, 23:30");
    expect(nbsp(createI18n("pt-BR", "America/Manaus").formatDateTime(iso))).toBe("09/03/2026, 22:30");
    expect(nbsp(createI18n("pt-BR", "UTC").formatDate(iso, { dateStyle: "short" }))).toBe("10/03/2026");
    expect(sp.timeZoneName(iso)).toMatch(/BRT|GMT-3/);
    expect(nbsp(sp.formatDateTime(iso, { withZone: true }))).toMatch(/23:30.*(BRT|GMT-3)/);
  });

  it("formats relative times", () => {
    const now = Date.parse("2026-01-01T12:00:00Z");
    expect(nbsp(createI18n("pt-BR", "UTC").formatRelative("2026-01-01T15:00:00Z", now))).toBe("em 3 h");
    expect(nbsp(createI18n("en", "UTC").formatRelative("2026-01-01T15:00:00Z", now))).toMatch(/^in 3 h/);
    expect(nbsp(createI18n("pt-BR", "UTC").formatRelative("2026-01-01T11:55:00Z", now))).toBe("há 5 min.");
  });

  it("resolves cookie values safely", () => {
    expect(resolveLocale(undefined)).toBe("pt-BR");
    expect(resolveLocale("en-US")).toBe("en");
    expect(resolveLocale("fr")).toBe("pt-BR");
    expect(resolveTimeZone("America/Manaus")).toBe("America/Manaus");
    expect(resolveTimeZone("Not/AZone")).toBe("America/Sao_Paulo");
    expect(resolveTimeZone(undefined)).toBe("America/Sao_Paulo");
  });
});

describe("I18nProvider", () => {
  function Probe() {
    const { t, locale, setLocale, formatMoney } = useI18n();
    return (
      <div>
        <p>{t("nav.payouts")}</p>
        <p data-testid="money">{formatMoney(100)}</p>
        <button type="button" onClick={() => setLocale(locale === "en" ? "pt-BR" : "en")}>
          switch
        </button>
      </div>
    );
  }

  it("switches language at once and remembers it in the locale cookie", () => {
    render(
      <I18nProvider locale="pt-BR" timeZone="America/Sao_Paulo">
        <Probe />
      </I18nProvider>,
    );
    expect(screen.getByText("Repasses")).toBeInTheDocument();
    act(() => screen.getByRole("button", { name: "switch" }).click());
    expect(screen.getByText("Payouts")).toBeInTheDocument();
    expect(document.cookie).toContain("locale=en");
    expect(document.documentElement.lang).toBe("en");
    expect(nbsp(screen.getByTestId("money").textContent ?? "")).toBe("R$1.00");
  });
});

describe("a page's message groups", () => {
  const pt = dictionaries["pt-BR"];

  function Probe({ keys }: { keys: string[] }) {
    const { t, has, locale, setLocale } = useI18n();
    return (
      <div>
        {keys.map((key) => (
          <p key={key} data-testid={key}>
            {t(key)} {has(key) ? "(has)" : "(has not)"}
          </p>
        ))}
        <button type="button" onClick={() => setLocale(locale === "en" ? "pt-BR" : "en")}>
          switch
        </button>
      </div>
    );
  }

  function Page({ keys }: { keys: string[] }) {
    return (
      <I18nProvider locale="pt-BR" messages={pickMessages(pt, ROOT_MESSAGE_GROUPS)} groups={ROOT_MESSAGE_GROUPS}>
        <MessagesScope locale="pt-BR" groups={["insights"]} messages={pickMessages(pt, ["insights"])}>
          <Probe keys={keys} />
        </MessagesScope>
      </I18nProvider>
    );
  }

  it("reads the root layout's groups and the page's own", () => {
    const errors = vi.spyOn(console, "error");
    render(<Page keys={["nav.payouts", "insights.tab.disputes"]} />);
    expect(screen.getByTestId("nav.payouts")).toHaveTextContent(`${pt["nav.payouts"]} (has)`);
    expect(screen.getByTestId("insights.tab.disputes")).toHaveTextContent(`${pt["insights.tab.disputes"]} (has)`);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it("says in the console when the page reads a key of a group it was not sent (once), and shows the key", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(<Page keys={["payouts.new.title", "Saldo insuficiente.", "payouts.new.title"]} />);
    expect(screen.getAllByTestId("payouts.new.title")[0]).toHaveTextContent("payouts.new.title (has not)");
    expect(screen.getByTestId("Saldo insuficiente.")).toHaveTextContent("Saldo insuficiente. (has not)");
    const said = errors.mock.calls.map((call) => String(call[0])).filter((text) => text.startsWith("i18n:"));
    expect(said).toEqual([expect.stringContaining('"payouts.new.title" is not among the messages this page was sent')]);
    errors.mockRestore();
  });

  it("keeps the page's groups when the server drew it in the new language before that dictionary arrived", () => {
    const errors = vi.spyOn(console, "error");
    render(
      <I18nProvider locale="pt-BR" messages={pickMessages(pt, ROOT_MESSAGE_GROUPS)} groups={ROOT_MESSAGE_GROUPS}>
        <MessagesScope locale="en" groups={["insights"]} messages={pickMessages(dictionaries.en, ["insights"])}>
          <Probe keys={["insights.tab.disputes", "nav.payouts"]} />
        </MessagesScope>
      </I18nProvider>,
    );
    expect(screen.getByTestId("insights.tab.disputes")).toHaveTextContent(dictionaries.en["insights.tab.disputes"]);
    expect(screen.getByTestId("nav.payouts")).toHaveTextContent(pt["nav.payouts"]);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it("after a switch of language holds the new language's whole dictionary, and leaves out the page's old one", async () => {
    render(<Page keys={["insights.tab.disputes", "payouts.new.title"]} />);
    await act(async () => screen.getByRole("button", { name: "switch" }).click());
    expect(await screen.findByText(`${dictionaries.en["insights.tab.disputes"]} (has)`)).toBeInTheDocument();
    expect(screen.getByTestId("payouts.new.title")).toHaveTextContent(`${dictionaries.en["payouts.new.title"]} (has)`);
  });
});

describe("plurals", () => {
  it("says '0 resultados' in Portuguese (Brazilian usage, not CLDR's 'one' for zero)", () => {
    const t = createTranslator("pt-BR");
    expect(t("table.rows", { count: 0 })).toBe("0 resultados");
    expect(t("table.rows", { count: 1 })).toBe("1 resultado");
    expect(t("table.rows", { count: 2 })).toBe("2 resultados");
  });

  it("uses a key's own wording for none when it has one ('Nenhum…', not 'só os 0 …')", () => {
    const t = createTranslator("pt-BR");
    expect(t("payouts.totals.feeNote", { count: 0 })).toContain("Nenhum deles tem tarifa conhecida");
    expect(t("payouts.totals.feeNote", { count: 3 })).toContain("somam só os 3 repasses com tarifa conhecida");
    expect(createTranslator("en")("payouts.totals.feeNote", { count: 0 })).toContain("None of them has a known fee");
  });
});
