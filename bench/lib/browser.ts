/** Chromium for the page rows: the system's (or CHROMIUM_PATH), with the e2e suite's flags. */
import { chromium, type Browser, type BrowserContext } from "@playwright/test";
import { CHROMIUM_ARGS } from "../../playwright.config";
import { findChromium, machineFacts } from "../../tests/tooling/browser";
import type { BenchContext } from "./context";

export { CHROMIUM_ARGS };

export function locateChromium(): { path: string } | { missing: string } {
  const found = findChromium(machineFacts(process.env, () => chromium.executablePath()));
  return found ? { path: found } : { missing: "no Chromium (apt-get install chromium, or set CHROMIUM_PATH)" };
}

export function chromiumPath(ctx: BenchContext): string {
  if ("missing" in ctx.chromium) throw new Error(ctx.chromium.missing);
  return ctx.chromium.path;
}

export async function launch(ctx: BenchContext): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(ctx), args: CHROMIUM_ARGS, timeout: 60_000 });
}

/** A fresh context (empty cache) carrying the session cookie when `cookie` is given. */
export async function freshContext(browser: Browser, appUrl: string, cookie: string | null): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  if (cookie) {
    const [name = "", value = ""] = cookie.split(/=(.*)/s);
    await context.addCookies([{ name, value, url: appUrl }]);
  }
  return context;
}

/** Runs `fn` with a browser that is closed afterwards, whatever happens. */
export async function withBrowser<T>(ctx: BenchContext, fn: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await launch(ctx);
  try {
    return await fn(browser);
  } finally {
    await browser.close().catch(() => undefined);
  }
}

/** The main pages: path and whether it needs a session. */
export const MAIN_ROUTES: readonly { name: string; path: string; signedIn: boolean }[] = [
  { name: "sign-in", path: "/login", signedIn: false },
  { name: "overview", path: "/", signedIn: true },
  { name: "payouts", path: "/payouts", signedIn: true },
  { name: "new payout", path: "/payouts/new", signedIn: true },
  { name: "payout detail", path: "/payouts/po_demo_paid", signedIn: true },
  { name: "payment links", path: "/payment-links", signedIn: true },
  { name: "new payment link", path: "/payment-links/new", signedIn: true },
  { name: "chargebacks", path: "/chargebacks", signedIn: true },
  { name: "subaccounts", path: "/subaccounts", signedIn: true },
  { name: "subaccount detail", path: "/subaccounts/sa_demo_1", signedIn: true },
  { name: "activity", path: "/activity", signedIn: true },
  { name: "insights", path: "/insights", signedIn: true },
];
