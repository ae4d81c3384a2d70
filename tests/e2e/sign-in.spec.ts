/**
 * Signing in with the form as a person (e-mail and password; pt-BR and English;
 * typed, or filled in from the sandbox's list of demo people), each role landing
 * on its home, a refused pair (one answer whatever was wrong), following `next`,
 * and signing out. (The second step, the authenticator code, is for people with
 * 2FA; the demo people have none.)
 */
import type { Page } from "@playwright/test";
import {
  DEMO_NAMES,
  DEMO_PASSWORD,
  demoEmail,
  expectNoSeriousA11yViolations,
  screenshotForReadme,
  useLanguage,
  expect,
  test,
} from "./fixtures";

async function openAccountMenu(page: Page, name: RegExp): Promise<void> {
  await page.getByRole("button", { name }).click();
}

/** Types a person's e-mail and password into the form (pt-BR labels unless told) and submits. */
async function signInWithForm(
  page: Page,
  email: string,
  password: string,
  labels = { email: "E-mail", password: "Senha", submit: "Entrar" },
): Promise<void> {
  await page.getByLabel(labels.email, { exact: true }).fill(email);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByRole("button", { name: labels.submit, exact: true }).click();
}

test("an operator signs in with the form (pt-BR) and lands on the overview", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1, name: "Entrar no painel" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshotForReadme(page, "login");

  await signInWithForm(page, demoEmail("operator"), DEMO_PASSWORD);

  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole("button", { name: new RegExp(`Conta: ${DEMO_NAMES.operator} \\(Operador\\)`) }),
  ).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Navegação principal" });
  await expect(nav.getByRole("link", { name: "Repasses", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Links de pagamento" })).toBeVisible();
  // The activity log and chargebacks are finance's.
  await expect(nav.getByRole("link", { name: "Atividade" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Contestações" })).toHaveCount(0);
});

test("support picks their demo account from the sandbox list (English), signs in and lands on the payout lookup", async ({
  page,
}) => {
  await useLanguage(page, "en");
  await page.goto("/login");
  const sandbox = page.getByRole("region", { name: "Sandbox mode" });
  await expect(sandbox.getByTestId("sandbox-password")).toHaveText(DEMO_PASSWORD);
  await sandbox.getByRole("button", { name: `Fill in ${DEMO_NAMES.support} (Acme)` }).click();
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue(demoEmail("support"));
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue(DEMO_PASSWORD);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();

  await expect(page).toHaveURL(/\/payouts$/);
  await expect(page.getByRole("heading", { level: 1, name: "Payouts" })).toBeVisible();
  await expect(page.getByLabel("Payout id", { exact: true })).toBeFocused();
  await expect(
    page.getByRole("button", { name: new RegExp(`Account: ${DEMO_NAMES.support} \\(Support\\)`) }),
  ).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  await expect(nav.getByRole("link")).toHaveText(["Payouts"]);
  await expect(page.getByRole("link", { name: /New payout/ })).toHaveCount(0);
});

test("finance signs in with the form (pt-BR) and is taken to the payout they asked for", async ({ page }) => {
  await page.goto("/payouts/po_demo_paid");
  await expect(page).toHaveURL(/\/login\?next=%2Fpayouts%2Fpo_demo_paid$/);
  await signInWithForm(page, demoEmail("finance"), DEMO_PASSWORD);

  await expect(page).toHaveURL(/\/payouts\/po_demo_paid$/);
  await expect(page.getByTestId("payout-amount")).toHaveText(/R\$\s1\.500,00/);
  await expect(
    page.getByRole("button", { name: new RegExp(`Conta: ${DEMO_NAMES.finance} \\(Financeiro\\)`) }),
  ).toBeVisible();
});

test("a wrong password gets one answer that does not say which was wrong, keeps the e-mail and stays on /login", async ({
  page,
}) => {
  await page.goto("/login");
  await signInWithForm(page, demoEmail("operator"), "not-the-password");

  const refused = page.getByRole("alert").filter({ hasText: "E-mail ou senha incorretos." });
  await expect(refused).toBeVisible();
  await expect(refused).toContainText("Confira os dois e tente de novo.");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue(demoEmail("operator"));
  const password = page.getByLabel("Senha", { exact: true });
  await expect(password).toHaveValue("");
  // Ready for the next try: the cleared password field has the focus.
  await expect(password).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  expect((await page.request.get("/api/session")).status()).toBe(401);
});

test("an e-mail nobody has (English) gets the same answer as a wrong password", async ({ page }) => {
  await useLanguage(page, "en");
  await page.goto("/login");
  await signInWithForm(page, `nobody-${Date.now()}@acme.example`, DEMO_PASSWORD, {
    email: "E-mail",
    password: "Password",
    submit: "Sign in",
  });
  await expect(page.getByRole("alert").filter({ hasText: "E-mail or password is wrong." })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get("/api/session")).status()).toBe(401);
});

test("signing out returns to /login and the dashboard is no longer reachable", async ({ page }) => {
  await page.goto("/login");
  await signInWithForm(page, demoEmail("operator"), DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);

  await openAccountMenu(page, new RegExp(`Conta: ${DEMO_NAMES.operator}`));
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
  await signInWithForm(page, demoEmail("operator"), DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: new RegExp(`Conta: ${DEMO_NAMES.operator}`) })).toBeVisible();

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
