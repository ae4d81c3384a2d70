/**
 * Payouts: an operator sends a Pix payout through form → review → confirm →
 * receipt and sees it settle; one idempotency key per flow (double click,
 * timeouts, "check again" never pay twice); validation stays in the browser;
 * the API's 422 lands on its field; support looks a payout up by id and reads
 * the register; support and finance cannot send payouts.
 */
import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import {
  addSandboxFault,
  APP_URL,
  clearSandboxFaults,
  expectNoSeriousA11yViolations as axeCheck,
  sandboxPayoutsWithKey,
  screenshotForReadme,
  DEMO_NAMES,
  signInAs,
  signInAsOperator,
  signInAsSupport,
  useLanguage,
  expect,
  test,
} from "./fixtures";

/** Axe on the page once no toast is fading in or out (a half-transparent toast fails the contrast rule). */
async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await expect(page.locator("[data-toast]")).toHaveCount(0);
  await axeCheck(page);
}

const UUID_RE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/** The <dd> next to a <dt> with exactly this text. */
function detail(scope: Page | Locator, label: string): Locator {
  return scope
    .locator("dl > div")
    .filter({ has: scope.locator("dt").getByText(label, { exact: true }) })
    .locator("dd");
}

function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

async function fillPayoutForm(page: Page, values: { amount: string; type: string; key: string }): Promise<void> {
  await page.getByLabel("Valor", { exact: true }).fill(values.amount);
  await page.getByLabel("Tipo de chave", { exact: true }).selectOption(values.type);
  await page.getByLabel("Chave Pix", { exact: true }).fill(values.key);
}

/** The idempotency key the review step shows for this attempt. */
async function reviewKey(page: Page): Promise<string> {
  const text = await page.getByText(/^Chave de idempotência:/).textContent();
  const match = UUID_RE.exec(text ?? "");
  expect(match, "review shows the idempotency key").not.toBeNull();
  return match?.[0] ?? "";
}

async function openNewPayout(page: Page): Promise<void> {
  await page.goto("/payouts/new");
  await expect(page.getByRole("heading", { level: 1, name: "Novo repasse Pix" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Valor e destino" })).toBeVisible();
}

test.afterEach(async ({ request }) => {
  await clearSandboxFaults(request);
});

test("an operator sends a payout through form, review and receipt, and sees it paid in the receipt and the register", async ({
  page,
  request,
}) => {
  // The longest journey (three pages, three accessibility scans, a settlement): a loaded 2-core machine needs more than the default limit.
  test.slow();
  await signInAsOperator(page);
  await openNewPayout(page);
  await expect(page.getByLabel("Valor", { exact: true })).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  const email = uniqueEmail("happy");
  await fillPayoutForm(page, { amount: "1.234,56", type: "email", key: email.toUpperCase() });
  await page.getByRole("button", { name: "Revisar repasse" }).click();

  // Review: big digits, words, the key exactly as it will be sent (normalised), its type spelled out.
  await expect(page.getByRole("heading", { level: 2, name: "Revise antes de enviar" })).toBeFocused();
  await expect(page.getByTestId("review-amount")).toHaveText(/R\$\s1\.234,56/);
  await expect(page.getByTestId("review-amount-words")).toHaveText(
    "Mil duzentos e trinta e quatro reais e cinquenta e seis centavos",
  );
  await expect(page.getByTestId("review-key")).toHaveText(email);
  await expect(page.getByTestId("review-key-type")).toHaveText("E-mail");
  await expect(page.getByText(/tarifa é calculada pelo provedor/)).toBeVisible();
  const key = await reviewKey(page);
  // The fee and net estimated from the register (or, in a register with no fee yet, that none is known).
  await expect(page.getByTestId("review-estimate")).toContainText(/Tarifa estimada|Ainda não há tarifa conhecida/);
  await expectNoSeriousA11yViolations(page);
  await screenshotForReadme(page, "payout-review");
  // The idempotency key is folded under "Detalhes técnicos".
  await expect(page.getByText(/^Chave de idempotência:/)).toBeHidden();
  await page.getByText("Detalhes técnicos").click();
  await expect(page.getByText(/^Chave de idempotência:/)).toBeVisible();

  await page.getByRole("button", { name: "Confirmar e enviar" }).click();

  // Receipt: id and key (copyable), amounts, masked key, live status until paid.
  await expect(page.getByRole("heading", { level: 2, name: "Comprovante" })).toBeVisible();
  await expect(detail(page, "Chave de idempotência")).toContainText(key);
  await expect(page.getByRole("button", { name: "Copiar ID do repasse" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Copiar Chave de idempotência" })).toBeVisible();
  await expect(detail(page, "Valor")).toHaveText(/R\$\s1\.234,56/);
  await expect(detail(page, "Tarifa")).toHaveText(/R\$\s12,34/);
  await expect(detail(page, "Valor líquido")).toHaveText(/R\$\s1\.222,22/);
  await expect(page.getByText("Repasse pago")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("receipt-status")).toHaveText("Pago");
  await expectNoSeriousA11yViolations(page);

  const payoutId = ((await detail(page, "ID do repasse").textContent()) ?? "").trim();
  expect(payoutId).toMatch(/^po_/);
  expect(await sandboxPayoutsWithKey(request, key)).toHaveLength(1);

  // The same key again: the review names the holder it was last paid to (read by the receipt), not yet confirmed.
  await openNewPayout(page);
  await fillPayoutForm(page, { amount: "10,00", type: "email", key: email });
  await page.getByRole("button", { name: "Revisar repasse" }).click();
  await expect(page.getByTestId("review-last-paid")).toContainText("Último pagamento para esta chave:");
  await expect(page.getByTestId("review-last-paid")).toContainText("o titular só é confirmado depois de enviar");
  await expect(page.getByTestId("review-fee")).toBeVisible();

  // The register: search by id and filter by status, kept in the URL across a reload.
  await page.goto("/payouts");
  await expect(page.getByLabel("ID do repasse", { exact: true })).toBeFocused();
  await page.getByRole("searchbox", { name: "Buscar na tabela" }).fill(payoutId);
  await expect(page).toHaveURL(new RegExp(`search=${payoutId}`));
  const row = page.getByRole("row", { name: new RegExp(payoutId) });
  await expect(row).toContainText("Pago");
  await expect(row).toContainText(DEMO_NAMES.operator);
  await page.getByLabel("Filtrar por status").selectOption("paid");
  await expect(page).toHaveURL(/status=paid/);
  await page.reload();
  await expect(page.getByRole("searchbox", { name: "Buscar na tabela" })).toHaveValue(payoutId);
  await expect(page.getByLabel("Filtrar por status")).toHaveValue("paid");
  await expect(page.getByRole("row", { name: new RegExp(payoutId) })).toContainText("Pago");
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("row", { name: new RegExp(payoutId) }).click();
  await expect(page).toHaveURL(new RegExp(`/payouts/${payoutId}$`));
  await expect(page.getByTestId("payout-issued-by")).toContainText(DEMO_NAMES.operator);
  await expect(detail(page, "ID fim a fim (E2E)")).toHaveText(/^E99999999/);
});

test("the register shows a new payout at the top and opens it from the keyboard", async ({ page }) => {
  await signInAsOperator(page);
  await openNewPayout(page);
  await fillPayoutForm(page, { amount: "45,00", type: "email", key: uniqueEmail("register") });
  await page.getByRole("button", { name: "Revisar repasse" }).click();
  await page.getByRole("button", { name: "Confirmar e enviar" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Comprovante" })).toBeVisible();
  const payoutId = ((await detail(page, "ID do repasse").textContent()) ?? "").trim();

  await page.getByRole("link", { name: "Repasses", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Repasses" })).toBeVisible();
  const table = page.getByRole("table", { name: "Registro de repasses" });
  // Newest first (sorted by "when", descending, by default).
  await expect(table.getByRole("row").nth(1)).toHaveAccessibleName(new RegExp(payoutId));
  await expect(page.getByRole("link", { name: "Novo repasse" })).toBeVisible();
  await screenshotForReadme(page, "payouts");

  const row = table.getByRole("row", { name: new RegExp(payoutId) });
  await row.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/payouts/${payoutId}$`));
  await expect(page.getByTestId("payout-amount")).toHaveText(/R\$\s45,00/);
});

test("double-clicking confirm sends exactly one payout", async ({ page, request }) => {
  await signInAsOperator(page);
  await openNewPayout(page);
  await fillPayoutForm(page, { amount: "77,70", type: "email", key: uniqueEmail("double") });
  await page.getByRole("button", { name: "Revisar repasse" }).click();
  const key = await reviewKey(page);

  let posts = 0;
  page.on("request", (req) => {
    if (req.method() === "POST" && new URL(req.url()).pathname === "/api/payouts") posts++;
  });
  await page.getByRole("button", { name: "Confirmar e enviar" }).dblclick();
  await expect(page.getByRole("heading", { level: 2, name: "Comprovante" })).toBeVisible();
  await expect(detail(page, "Chave de idempotência")).toContainText(key);
  expect(posts).toBe(1);
  expect(await sandboxPayoutsWithKey(request, key)).toHaveLength(1);
});

test("a timeout shows 'outcome unknown'; check again re-sends the same key and pays once", async ({
  page,
  request,
}) => {
  await signInAsOperator(page);
  await openNewPayout(page);
  await fillPayoutForm(page, { amount: "321,00", type: "email", key: uniqueEmail("timeout") });
  await page.getByRole("button", { name: "Revisar repasse" }).click();
  const key = await reviewKey(page);

  // Every attempt the BFF can make within its 8 s deadline hangs (3 s each).
  await addSandboxFault(request, { kind: "hang", method: "POST", path: "/v1/payouts", count: 4 });
  await page.getByRole("button", { name: "Confirmar e enviar" }).click();
  await expect(page.getByRole("button", { name: "Enviando…" })).toBeDisabled();

  const panel = page.getByTestId("outcome-unknown");
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByRole("heading", { name: "Não sabemos se o repasse foi criado" })).toBeVisible();
  await expect(panel).toContainText(key);
  await expect(page.getByText(/formulário está bloqueado/)).toBeVisible();
  // Locked: no way back to edit the amount or the key with this key.
  await expect(page.getByRole("button", { name: "Voltar e editar" })).toHaveCount(0);
  await expect(page.getByLabel("Valor", { exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await clearSandboxFaults(request);
  await page.getByRole("button", { name: "Verificar de novo" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Comprovante" })).toBeVisible({ timeout: 30_000 });
  await expect(detail(page, "Chave de idempotência")).toContainText(key);
  expect(await sandboxPayoutsWithKey(request, key)).toHaveLength(1);
});

test("a payout committed upstream whose replies are dropped is confirmed by 'check again', never duplicated", async ({
  page,
  request,
}) => {
  await signInAsOperator(page);
  await openNewPayout(page);
  await fillPayoutForm(page, { amount: "99,99", type: "email", key: uniqueEmail("dropped") });
  await page.getByRole("button", { name: "Revisar repasse" }).click();
  const key = await reviewKey(page);

  await addSandboxFault(request, { kind: "commit_then_drop", method: "POST", path: "/v1/payouts", count: 10 });
  await page.getByRole("button", { name: "Confirmar e enviar" }).click();
  await expect(page.getByTestId("outcome-unknown")).toBeVisible({ timeout: 30_000 });
  // The API did create it: the page must not pretend otherwise, nor offer to send a new one.
  expect(await sandboxPayoutsWithKey(request, key)).toHaveLength(1);

  // Meanwhile the register shows it with its key in a side panel: past the automatic re-send
  // window (1 s in these journeys) it waits for a person, and nothing says it was not paid.
  const other = await page.context().newPage();
  await other.goto(`/payouts?search=${key}`);
  const row = other.getByRole("row", { name: new RegExp(key) });
  await expect(row).toContainText("Precisa de revisão", { timeout: 30_000 });
  await expect(other.getByText(/aguarda(m)? uma pessoa: o painel não sabe se o dinheiro saiu/)).toBeVisible();
  await row.click();
  const sheet = other.getByRole("dialog", { name: "Repasse sem ID" });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText(key);
  await expect(sheet).toContainText("O dinheiro pode ou não ter saído");
  await expect(sheet).not.toContainText(/nenhum valor foi enviado|nada foi enviado/i);
  await expect(sheet.getByRole("button", { name: "Verificar de novo" })).toBeVisible();
  await expect(other).toHaveURL(new RegExp(`entry=${key}`));
  await expectNoSeriousA11yViolations(other);
  await other.close();

  await clearSandboxFaults(request);
  await page.getByRole("button", { name: "Verificar de novo" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Comprovante" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Repasse pago")).toBeVisible({ timeout: 20_000 });
  expect(await sandboxPayoutsWithKey(request, key)).toHaveLength(1);
});

test("a bad CPF key is shown next to the field and nothing is sent", async ({ page }) => {
  await signInAsOperator(page);
  let posts = 0;
  page.on("request", (req) => {
    if (req.method() === "POST" && new URL(req.url()).pathname === "/api/payouts") posts++;
  });
  await openNewPayout(page);
  // Submitting from the focused amount box: both empty fields get their message.
  await expect(page.getByLabel("Valor", { exact: true })).toBeFocused();
  await page.getByRole("button", { name: "Revisar repasse" }).click();
  await expect(page.getByLabel("Valor", { exact: true })).toHaveAccessibleDescription(/Campo obrigatório\./);
  await expect(page.getByLabel("Chave Pix", { exact: true })).toHaveAccessibleDescription(/Campo obrigatório\./);

  await fillPayoutForm(page, { amount: "10,00", type: "cpf", key: "123.456.789-00" });
  await page.getByRole("button", { name: "Revisar repasse" }).click();
  const keyInput = page.getByLabel("Chave Pix", { exact: true });
  await expect(keyInput).toHaveAttribute("aria-invalid", "true");
  await expect(keyInput).toHaveAccessibleDescription(/CPF inválido: confira os dígitos verificadores\./);
  await expect(page.getByRole("heading", { level: 2, name: "Valor e destino" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirmar e enviar" })).toHaveCount(0);
  expect(posts).toBe(0);
});

test("the API's 422 goes back to the form with the message on its field, values kept, and the next try uses a new key", async ({
  page,
  request,
}) => {
  await signInAsOperator(page);
  await openNewPayout(page);
  const email = uniqueEmail("fee");
  // R$ 0,50 is valid for the form but not above the sandbox's minimum fee: the API refuses it.
  await fillPayoutForm(page, { amount: "0,50", type: "email", key: email });
  await page.getByRole("button", { name: "Revisar repasse" }).click();
  const firstKey = await reviewKey(page);
  await page.getByRole("button", { name: "Confirmar e enviar" }).click();

  await expect(page.getByRole("heading", { level: 2, name: "Valor e destino" })).toBeVisible();
  const amount = page.getByLabel("Valor", { exact: true });
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(amount).toHaveAccessibleDescription(/greater than the fee/);
  await expect(amount).toHaveValue("0,50");
  await expect(page.getByLabel("Chave Pix", { exact: true })).toHaveValue(email);
  expect(await sandboxPayoutsWithKey(request, firstKey)).toHaveLength(0);

  await amount.fill("10,00");
  await page.getByRole("button", { name: "Revisar repasse" }).click();
  const secondKey = await reviewKey(page);
  expect(secondKey).not.toBe(firstKey);
  await page.getByRole("button", { name: "Confirmar e enviar" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Comprovante" })).toBeVisible();
  expect(await sandboxPayoutsWithKey(request, secondKey)).toHaveLength(1);

  // "New payout" starts over with yet another key.
  await page.getByRole("button", { name: "Novo repasse" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Valor e destino" })).toBeVisible();
  await fillPayoutForm(page, { amount: "11,00", type: "email", key: uniqueEmail("again") });
  await page.getByRole("button", { name: "Revisar repasse" }).click();
  expect(await reviewKey(page)).not.toBe(secondKey);
});

/** POST /api/payouts as the page would: the status and error code the BFF answers. */
async function trySendPayout(page: Page): Promise<{ status: number; code: string | undefined }> {
  const response = await page.request.post(`${APP_URL}/api/payouts`, {
    headers: {
      "content-type": "application/json",
      "x-requested-by": "dashboard",
      origin: APP_URL,
      "idempotency-key": randomUUID(),
    },
    data: { amount_centavos: 1_000, pix_key_type: "email", pix_key: uniqueEmail("refused") },
  });
  const body = (await response.json()) as { error: { code: string } | null };
  return { status: response.status(), code: body.error?.code };
}

test("support looks up po_demo_paid by id, sees holder and masked key, reads the register, and has no way to send payouts", async ({
  page,
}) => {
  await signInAsSupport(page);
  await page.goto("/payouts");
  const box = page.getByLabel("ID do repasse", { exact: true });
  await expect(box).toBeFocused();
  await expect(page.getByRole("table", { name: "Registro de repasses" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Novo repasse/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await box.fill("  po_demo_paid \n");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/payouts\/po_demo_paid$/);

  const api = (await (await page.request.get("/api/payouts/po_demo_paid")).json()) as {
    data: { bank_account: { holder_name: string; pix_key_masked: string } };
  };
  await expect(page.getByTestId("payout-holder")).toHaveText(api.data.bank_account.holder_name);
  await expect(page.getByTestId("payout-key")).toHaveText(api.data.bank_account.pix_key_masked);
  await expect(page.getByTestId("payout-key")).toHaveText("f***@example.com");
  await expect(page.getByTestId("payout-amount")).toHaveText(/R\$\s1\.500,00/);
  await expect(page.getByText("Pago", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("list", { name: "Linha do tempo" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Novo repasse/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Novo repasse/ })).toHaveCount(0);
  // Support reads the register: the card says this payout was not sent from the dashboard (the seed's own).
  await expect(page.getByText("Envio por este painel")).toBeVisible();
  await expect(page.getByText(/não foi enviado por este painel/)).toBeVisible();
  await expect(page.getByTestId("payout-issued-by")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await screenshotForReadme(page, "payout-detail");

  // An id that does not exist: a clear not-found state, with the box to try again.
  await page.goto("/payouts/po_nao_existe_123");
  await expect(
    page.getByRole("heading", { name: "Nenhum repasse com o ID po_nao_existe_123 nesta empresa" }),
  ).toBeVisible();
  await expect(page.getByLabel("ID do repasse", { exact: true })).toHaveValue("po_nao_existe_123");
  await expectNoSeriousA11yViolations(page);

  // The ids found in this tab are one click away; ids that were not found are not remembered.
  await page.goto("/payouts");
  const recent = page.getByRole("list", { name: "Buscados nesta aba" });
  await expect(recent.getByRole("link", { name: "po_demo_paid" })).toBeVisible();
  await expect(recent.getByRole("link", { name: "po_nao_existe_123" })).toHaveCount(0);

  // /payouts/new is not for support, and neither is the API behind it.
  await page.goto("/payouts/new");
  await expect(page.getByRole("heading", { name: "Seu acesso não permite enviar repasses" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ir para o início" })).toHaveAttribute("href", "/payouts");
  await expect(page.getByLabel("Valor", { exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  expect(await trySendPayout(page)).toEqual({ status: 403, code: "forbidden" });
});

test("finance cannot send payouts either: no new-payout page, and a 403 from the API", async ({ page }) => {
  await signInAs(page, "finance");
  await page.goto("/payouts");
  await expect(page.getByRole("table", { name: "Registro de repasses" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Novo repasse/ })).toHaveCount(0);
  await page.goto("/payouts/new");
  await expect(page.getByRole("heading", { name: "Seu acesso não permite enviar repasses" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ir para o início" })).toHaveAttribute("href", "/");
  await expect(page.getByLabel("Valor", { exact: true })).toHaveCount(0);
  expect(await trySendPayout(page)).toEqual({ status: 403, code: "forbidden" });
});

test("in English: the lookup, the not-found state and a failed payout's reason", async ({ page }) => {
  await useLanguage(page, "en");
  await signInAsSupport(page);
  await page.goto("/payouts");
  await expect(page.getByRole("heading", { level: 1, name: "Payouts" })).toBeVisible();
  const box = page.getByLabel("Payout id", { exact: true });
  await box.fill("po_missing_42");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByRole("heading", { name: "No payout with id po_missing_42 for this business" })).toBeVisible();

  // A link with an id that cannot exist (bad characters) says so instead of failing.
  await page.goto("/payouts/po%20x");
  await expect(page.getByRole("heading", { name: "“po x” is not a valid payout id" })).toBeVisible();

  await page.getByLabel("Payout id", { exact: true }).fill("po_demo_failed");
  await page.getByLabel("Payout id", { exact: true }).press("Enter");
  await expect(page).toHaveURL(/\/payouts\/po_demo_failed$/);
  await expect(page.getByText("Failure reason").first()).toBeVisible();
  await expect(page.getByText("Chave Pix não encontrada (DICT)").first()).toBeVisible();
  await expect(page.getByTestId("payout-amount")).toHaveText("R$250.00");
  await expect(page.getByRole("list", { name: "Timeline" }).locator('[aria-current="step"]')).toContainText("Failed");
  await expectNoSeriousA11yViolations(page);
});

test("in English: an operator reviews the amount in words before sending", async ({ page }) => {
  await useLanguage(page, "en");
  await signInAsOperator(page);
  await page.goto("/payouts/new");
  await page.getByLabel("Amount", { exact: true }).fill("1.234,56");
  await page.getByLabel("Key type", { exact: true }).selectOption("phone");
  await page.getByLabel("Pix key", { exact: true }).fill("11987654321");
  await page.getByRole("button", { name: "Review payout" }).click();
  await expect(page.getByTestId("review-amount")).toHaveText("R$1,234.56");
  await expect(page.getByTestId("review-amount-words")).toHaveText(
    "One thousand two hundred thirty-four reais and fifty-six cents",
  );
  await expect(page.getByTestId("review-key")).toHaveText("+5511987654321");
  await expect(page.getByTestId("review-key-type")).toHaveText("Mobile");
  await page.getByRole("button", { name: "Back to edit" }).click();
  await expect(page.getByLabel("Amount", { exact: true })).toHaveValue("1.234,56");
});
