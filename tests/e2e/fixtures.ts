/**
 * Shared helpers for the end-to-end journeys: signing in through the BFF (the
 * sign-in journey itself uses the form), sandbox fault control, and the axe check.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Page } from "@playwright/test";

export const ACME = {
  apiKey: "sk_sandbox_acme",
  accessToken: "at_sandbox_acme",
  businessId: "7f1c2b9e-4d2a-4c5e-9b1a-0a1b2c3d4e5f",
} as const;
export const BETA = {
  apiKey: "sk_sandbox_beta",
  accessToken: "at_sandbox_beta",
  businessId: "2d9e8f7a-6b5c-4d3e-8f1a-9b8c7d6e5f4a",
} as const;

export const SANDBOX_URL = `http://127.0.0.1:${process.env.E2E_SANDBOX_PORT ?? 4110}`;

/** Same origin as playwright.config.ts's baseURL. */
export const APP_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;

async function postSession(page: Page, body: Record<string, string>): Promise<void> {
  const response = await page.request.post(`${APP_URL}/api/session`, {
    headers: { "content-type": "application/json", "x-requested-by": "dashboard", origin: APP_URL },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Signs in as an operator of Acme (or another business) without the form. */
export async function signInAsOperator(page: Page, operatorName = "Olivia Operadora", apiKey: string = ACME.apiKey): Promise<void> {
  await postSession(page, { apiKey, operatorName });
}

/** Signs in as a viewer (finance, support) of Acme without the form. */
export async function signInAsViewer(page: Page, operatorName = "Vera Suporte"): Promise<void> {
  await postSession(page, { accessToken: ACME.accessToken, businessId: ACME.businessId, operatorName });
}

/** Switches the UI language (the choice is remembered in a cookie). */
export async function useLanguage(page: Page, locale: "pt-BR" | "en"): Promise<void> {
  await page.context().addCookies([{ name: "locale", value: locale, url: APP_URL }]);
}

/** Sandbox fault injection (see docs/sandbox.md). */
export async function addSandboxFault(request: APIRequestContext, rule: Record<string, unknown>): Promise<void> {
  const response = await request.post(`${SANDBOX_URL}/__sandbox/faults`, { data: rule });
  expect(response.ok()).toBeTruthy();
}

export async function clearSandboxFaults(request: APIRequestContext): Promise<void> {
  await request.delete(`${SANDBOX_URL}/__sandbox/faults`);
}

export async function sandboxPayoutsWithKey(request: APIRequestContext, key: string): Promise<Array<{ id: string }>> {
  const response = await request.get(`${SANDBOX_URL}/__sandbox/payouts`);
  const body = (await response.json()) as { data: Array<{ id: string; idempotency_key: string }> };
  return body.data.filter((p) => p.idempotency_key === key);
}

/** Fails on any serious or critical axe violation of the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`)).toEqual([]);
}

/** Saves a small screenshot for the README when SCREENSHOTS=1. */
export async function screenshotForReadme(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS !== "1") return;
  // JPEG at 1280×720 keeps each picture small enough to live in the repository.
  await page.screenshot({ path: `docs/screenshots/${name}.jpg`, type: "jpeg", quality: 70, fullPage: false });
}
