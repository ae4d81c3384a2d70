/**
 * Issue 8 in the browser: a throttled sign-in says when to try again; "sign out
 * everywhere" ends every session of the business at once.
 */
import { ACME, expect, expectNoSeriousA11yViolations, signInAsOperator, test } from "./fixtures";

test("after too many wrong keys the sign-in page says when to try again, and keeps the form locked", async ({
  page,
}) => {
  // No TRUST_PROXY on the test server: this address is the browser's own claim, which the throttle keys on anyway.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": "203.0.113.250" });
  await page.goto("/login");
  const apiKey = page.getByLabel("Chave de API", { exact: true });
  const submit = page.getByRole("button", { name: "Entrar" });
  await page.getByLabel("Seu nome", { exact: true }).fill("Mallory");

  for (let attempt = 0; attempt < 10; attempt++) {
    await apiKey.fill(`sk_guess_${attempt}_${Date.now()}`);
    await submit.click();
    await expect(apiKey).toHaveAttribute("aria-invalid", "true");
  }
  await apiKey.fill(ACME.apiKey);
  await submit.click();

  const notice = page.getByRole("alert").filter({ hasText: "Tentativas de entrada demais" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(/Tente de novo às \d{2}:\d{2} \(Brasília \/ São Paulo\)/);
  await expect(submit).toBeDisabled();
  await expect(page).toHaveURL(/\/login/);
  await expectNoSeriousA11yViolations(page);
});

test("an operator signs out everywhere: every session of the business ends, on every browser", async ({ browser }) => {
  const mine = await browser.newContext();
  const colleagues = await browser.newContext();
  const me = await mine.newPage();
  const colleague = await colleagues.newPage();
  await signInAsOperator(me, "Ana Operadora");
  await signInAsOperator(colleague, "Caio Operador");
  await colleague.goto("/payouts");
  await expect(colleague.getByRole("heading", { level: 1, name: "Repasses" })).toBeVisible();

  await me.goto("/");
  await me.getByRole("button", { name: /Conta: Ana Operadora/ }).click();
  await me.getByRole("menuitem", { name: "Sair de todos os lugares" }).click();
  const dialog = me.getByRole("alertdialog", { name: "Encerrar todas as sessões desta empresa?" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(me);
  await dialog.getByRole("button", { name: "Encerrar todas" }).click();
  await expect(me).toHaveURL(/\/login/);

  await colleague.reload();
  await expect(colleague).toHaveURL(/\/login/);

  await mine.close();
  await colleagues.close();
});
