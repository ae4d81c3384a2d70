/**
 * Issue 8 in the browser: a throttled sign-in says when to try again; the
 * owner's "sign out everywhere" ends every session of the business at once.
 */
import {
  DEMO_NAMES,
  DEMO_PASSWORD,
  demoEmail,
  expect,
  expectNoSeriousA11yViolations,
  signInAsOperator,
  signInAsOwner,
  test,
  hydrateOnLoads,
} from "./fixtures";

test("after too many wrong passwords the sign-in page says when to try again, and keeps the form locked", async ({
  page,
}) => {
  // No TRUST_PROXY on the test server: this address is the browser's own claim, which the throttle keys on anyway.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": "203.0.113.250" });
  await page.goto("/login");
  const email = page.getByLabel("E-mail", { exact: true });
  const password = page.getByLabel("Senha", { exact: true });
  const submit = page.getByRole("button", { name: "Entrar", exact: true });
  const refused = page.getByRole("alert").filter({ hasText: "E-mail ou senha incorretos." });
  // Each guess at another account nobody has: the address's budget runs out, no e-mail's (nor a demo person's) does.
  for (let attempt = 0; attempt < 10; attempt++) {
    await email.fill(`mallory-${attempt}-${Date.now()}@acme.example`);
    await password.fill(`guess-${attempt}`);
    await submit.click();
    await expect(refused).toBeVisible();
    await expect(password).toHaveValue("");
  }
  // Even a right pair is refused from this address now.
  await email.fill(demoEmail("support"));
  await password.fill(DEMO_PASSWORD);
  await submit.click();

  const notice = page.getByRole("alert").filter({ hasText: "Tentativas de entrada demais" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(/Tente de novo às \d{2}:\d{2} \(Brasília \/ São Paulo\)/);
  await expect(submit).toBeDisabled();
  await expect(page).toHaveURL(/\/login/);
  expect((await page.request.get("/api/session")).status()).toBe(401);
  await expectNoSeriousA11yViolations(page);
});

test("the owner signs out everywhere: every session of the business ends, on every browser", async ({ browser }) => {
  const mine = await browser.newContext();
  const colleagues = await browser.newContext();
  hydrateOnLoads(mine);
  hydrateOnLoads(colleagues);
  const me = await mine.newPage();
  const colleague = await colleagues.newPage();
  await signInAsOwner(me);
  await signInAsOperator(colleague);
  await colleague.goto("/payouts");
  await expect(colleague.getByRole("heading", { level: 1, name: "Repasses" })).toBeVisible();

  await me.goto("/");
  await me.getByRole("button", { name: new RegExp(`Conta: ${DEMO_NAMES.owner}`) }).click();
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
