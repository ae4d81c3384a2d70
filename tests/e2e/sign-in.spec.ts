/**
 * Signing in with the form (operator and viewer, pt-BR and English), a refused
 * credential, following `next`, and signing out.
 */
import type { Page } from "@playwright/test";
import { ACME, expectNoSeriousA11yViolations, screenshotForReadme, useLanguage, expect, test } from "./fixtures";

async function openAccountMenu(page: Page, name: RegExp): Promise<void> {
  await page.getByRole("button", { name }).click();
}

test("an operator signs in with the form (pt-BR) and lands on the overview", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1, name: "Entrar no painel" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshotForReadme(page, "login");

  await page.getByLabel("Chave de API", { exact: true }).fill(ACME.apiKey);
  await page.getByLabel("Seu nome", { exact: true }).fill("Otávio Operador");
  await page.getByRole("button", { name: "Entrar" }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: /Conta: Otávio Operador \(Operador\)/ })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Navegação principal" }).getByRole("link", { name: "Repasses", exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Navegação principal" }).getByRole("link", { name: "Atividade" }),
  ).toBeVisible();
});

test("a viewer signs in with the form (English) and lands on the payout lookup", async ({ page }) => {
  await useLanguage(page, "en");
  await page.goto("/login");
  await page.getByRole("tab", { name: "Viewer (finance, support)" }).click();
  await page.getByLabel("Access token", { exact: true }).fill(ACME.accessToken);
  await page.getByLabel("Business ID", { exact: true }).fill(` ${ACME.businessId} `);
  await page.getByLabel("Your name", { exact: true }).fill("Vera Support");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Sign in" }).click();

  await expect(page).toHaveURL(/\/payouts$/);
  await expect(page.getByRole("heading", { level: 1, name: "Payouts" })).toBeVisible();
  await expect(page.getByLabel("Payout id", { exact: true })).toBeFocused();
  await expect(page.getByRole("button", { name: /Account: Vera Support \(Viewer\)/ })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  await expect(nav.getByRole("link")).toHaveText(["Payouts", "Chargebacks"]);
  await expect(page.getByRole("link", { name: /New payout/ })).toHaveCount(0);
});

test("a viewer signs in with the form (pt-BR) and is taken to the payout they asked for", async ({ page }) => {
  await page.goto("/payouts/po_demo_paid");
  await expect(page).toHaveURL(/\/login\?next=%2Fpayouts%2Fpo_demo_paid$/);
  await page.getByRole("tab", { name: "Consulta (financeiro, suporte)" }).click();
  await page.getByLabel("Token de acesso", { exact: true }).fill(ACME.accessToken);
  await page.getByLabel("ID da empresa", { exact: true }).fill(ACME.businessId);
  await page.getByLabel("Seu nome", { exact: true }).fill("Vera Suporte");
  await page.getByRole("button", { name: "Entrar" }).click();

  await expect(page).toHaveURL(/\/payouts\/po_demo_paid$/);
  await expect(page.getByTestId("payout-amount")).toHaveText(/R\$\s1\.500,00/);
});

test("a wrong API key shows the error next to the field and does not leave /login", async ({ page }) => {
  await page.goto("/login");
  const apiKey = page.getByLabel("Chave de API", { exact: true });
  await apiKey.fill("sk_sandbox_wrong_key");
  await page.getByLabel("Seu nome", { exact: true }).fill("Olivia Operadora");
  await page.getByRole("button", { name: "Entrar" }).click();

  await expect(apiKey).toHaveAttribute("aria-invalid", "true");
  await expect(apiKey).toHaveAccessibleDescription(/Credencial recusada pela API\. Confira e tente de novo\./);
  await expect(page).toHaveURL(/\/login$/);
  await expect(apiKey).toHaveValue("sk_sandbox_wrong_key");
  await expectNoSeriousA11yViolations(page);
  expect((await page.request.get("/api/session")).status()).toBe(401);
});

test("a wrong access token (English) shows the error and keeps the viewer on /login", async ({ page }) => {
  await useLanguage(page, "en");
  await page.goto("/login?as=viewer");
  await page.getByLabel("Access token", { exact: true }).fill("at_sandbox_not_a_token");
  await page.getByLabel("Business ID", { exact: true }).fill(ACME.businessId);
  await page.getByLabel("Your name", { exact: true }).fill("Vera Support");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByLabel("Access token", { exact: true })).toHaveAccessibleDescription(
    /The API refused this credential\./,
  );
  await expect(page).toHaveURL(/\/login\?as=viewer$/);
});

test("signing out returns to /login and the dashboard is no longer reachable", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Chave de API", { exact: true }).fill(ACME.apiKey);
  await page.getByLabel("Seu nome", { exact: true }).fill("Olivia Operadora");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/$/);

  await openAccountMenu(page, /Conta: Olivia Operadora/);
  await page.getByRole("menuitem", { name: "Sair", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { level: 1, name: "Entrar no painel" })).toBeVisible();

  await page.goto("/payouts");
  await expect(page).toHaveURL(/\/login\?next=%2Fpayouts$/);
  await page.goto("/payouts/new");
  await expect(page).toHaveURL(/\/login\?next=%2Fpayouts%2Fnew$/);
  expect((await page.request.get("/api/payouts")).status()).toBe(401);

  // Back does not bring the dashboard back either.
  await page.goBack();
  await expect(page).toHaveURL(/\/login/);
});

test("after signing in with the form the session cookie is HttpOnly: the browser holds it, page scripts cannot read it", async ({
  page,
  context,
}) => {
  await page.goto("/login");
  await page.getByLabel("Chave de API", { exact: true }).fill(ACME.apiKey);
  await page.getByLabel("Seu nome", { exact: true }).fill("Olivia Operadora");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: /Conta: Olivia Operadora/ })).toBeVisible();

  // The browser keeps the session cookie (plain http here: no __Host- name, no Secure)...
  const held = (await context.cookies()).find((cookie) => cookie.name === "pixops_session");
  expect(held, "the context holds the session cookie").toBeDefined();
  expect(held?.httpOnly).toBe(true);
  expect(held?.sameSite).toBe("Strict");
  expect(held?.value.length).toBeGreaterThan(100);

  // ...and page scripts do not see it, though they do see a cookie they may read (so document.cookie works here).
  await page.evaluate(() => {
    document.cookie = "readable_probe=1; path=/; samesite=strict";
  });
  const visible = await page.evaluate(() => document.cookie);
  expect(visible).toContain("readable_probe=1");
  expect(visible).not.toContain("pixops_session");
  expect(visible).not.toContain(held?.value.slice(0, 24) ?? "unreachable");
});

test("the language menu turns the sign-in page to English and back, and the choice survives a reload", async ({
  page,
}) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1, name: "Entrar no painel" })).toBeVisible();

  // Only the page's own language travels with it; English is fetched when chosen.
  await page.getByRole("button", { name: "Idioma: Português (Brasil)" }).click();
  await page.getByRole("menuitemradio", { name: "English" }).click();
  await expect(page.getByRole("button", { name: "Language: English" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  await page.reload();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await page.getByRole("button", { name: "Language: English" }).click();
  await page.getByRole("menuitemradio", { name: "Português (Brasil)" }).click();
  await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
});
