/**
 * Payouts whose outcome the dashboard cannot know: after a send without an
 * answer and the (short, in these journeys) automatic re-send window, a payout
 * waits for a person. The badge and the overview say how many; the register
 * filters to them; an operator checks one again with the same key (one payout
 * upstream) and marks another handled with a note (audited: finance finds it
 * in the activity log by the payout's own key). And the new-payout
 * flow keeps its key across a reload: the next try of the same payout reuses it.
 */
import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import {
  addSandboxFault,
  APP_URL,
  clearSandboxFaults,
  expectNoSeriousA11yViolations as axeCheck,
  DEMO_NAMES,
  sandboxPayoutsWithKey,
  signInAsFinance,
  signInAsOperator,
  expect,
  test,
} from "./fixtures";

const UUID_RE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
const writeHeaders = { "content-type": "application/json", "x-requested-by": "dashboard", origin: APP_URL };

/** Axe once no toast is fading in or out. */
async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await expect(page.locator("[data-toast]")).toHaveCount(0, { timeout: 15_000 });
  await axeCheck(page);
}

function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** A payout the API made whose every answer was lost (sent through the BFF as the form would): 504, one payout upstream. */
async function payoutWithLostAnswer(page: Page, request: APIRequestContext, amountCentavos: number): Promise<string> {
  const key = randomUUID();
  await addSandboxFault(request, { kind: "commit_then_drop", method: "POST", path: "/v1/payouts", count: 10 });
  const response = await page.request.post(`${APP_URL}/api/payouts`, {
    headers: { ...writeHeaders, "idempotency-key": key },
    data: { amount_centavos: amountCentavos, pix_key_type: "email", pix_key: uniqueEmail("review") },
  });
  expect(response.status(), await response.text()).toBe(504);
  await clearSandboxFaults(request);
  expect(await sandboxPayoutsWithKey(request, key)).toHaveLength(1);
  return key;
}

async function registerState(page: Page, key: string): Promise<string | undefined> {
  const response = await page.request.get(`${APP_URL}/api/payouts?search=${key}`);
  const body = (await response.json()) as { data: { items: Array<{ idempotency_key: string; state: string }> } };
  return body.data.items.find((row) => row.idempotency_key === key)?.state;
}

async function needsReviewCount(page: Page): Promise<number> {
  const response = await page.request.get(`${APP_URL}/api/payouts/attention`);
  return ((await response.json()) as { data: { needs_review: number } }).data.needs_review;
}

test.afterEach(async ({ request }) => {
  await clearSandboxFaults(request);
});

test("payouts waiting for a person: badge, overview, register filter, check again (one payout) and mark handled (audited)", async ({
  page,
  request,
}) => {
  const operator = DEMO_NAMES.operator;
  await signInAsOperator(page);
  const checked = await payoutWithLostAnswer(page, request, 43_210);
  const closed = await payoutWithLostAnswer(page, request, 43_220);

  // Past the automatic re-send window (1 s here), the reconciler hands them to a person.
  for (const key of [checked, closed]) {
    await expect.poll(() => registerState(page, key), { timeout: 30_000 }).toBe("needs_review");
  }
  const waiting = await needsReviewCount(page);
  expect(waiting).toBeGreaterThanOrEqual(2);

  // The navigation's Payouts entry carries the count; the overview says it and links to the register filtered.
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Navegação principal" });
  await expect(
    nav.getByRole("link", { name: new RegExp(`^Repasses.*${waiting} repasses aguardam revisão`) }),
  ).toBeVisible();
  await expect(nav.getByTestId("payouts-attention-badge").locator('[aria-hidden="true"]')).toHaveText(String(waiting));
  const alert = page.getByRole("region", { name: "Repasses aguardando uma pessoa" });
  await expect(alert).toContainText(`${waiting} repasses com resultado desconhecido aguardam revisão.`);
  await expect(alert).not.toContainText(/nenhum valor foi enviado|nada foi enviado/i);
  await expectNoSeriousA11yViolations(page);
  await alert.getByRole("link", { name: "Ver no registro" }).click();

  await expect(page).toHaveURL(/\/payouts\?state=needs_review$/);
  await page.reload();
  await expect(page.getByLabel("Filtrar por situação")).toHaveValue("needs_review");
  const table = page.getByRole("table", { name: "Registro de repasses" });
  for (const key of [checked, closed])
    await expect(table.getByRole("row", { name: new RegExp(key) })).toContainText("Precisa de revisão");
  await expect(page.getByTestId("register-review-banner")).toContainText(
    "não sabe se o dinheiro saiu e não vai adivinhar",
  );

  // Check again, same key: the API answers with the payout it already made; still one upstream.
  await table.getByRole("row", { name: new RegExp(checked) }).click();
  await expect(page).toHaveURL(new RegExp(`entry=${checked}`));
  const sheet = page.getByRole("dialog", { name: "Repasse sem ID" });
  await expect(sheet.getByRole("heading", { name: "O painel não sabe se o dinheiro saiu" })).toBeVisible();
  await expect(sheet.getByTestId("review-reason")).toHaveText(
    "Motivo: o prazo de reenvio automático acabou sem uma resposta definitiva.",
  );
  await expect(sheet).not.toContainText(/nenhum valor foi enviado|nada foi enviado/i);
  await expectNoSeriousA11yViolations(page);
  await sheet.getByRole("button", { name: "Verificar de novo (mesma chave)" }).click();
  await expect(sheet.getByRole("link", { name: "Ver repasse" })).toBeVisible({ timeout: 30_000 });
  await expect(sheet.getByRole("button", { name: /Verificar de novo/ })).toHaveCount(0);
  expect(await registerState(page, checked)).toBe("submitted");
  expect(await sandboxPayoutsWithKey(request, checked)).toHaveLength(1);
  // The filtered register and the counts follow at once.
  await page.keyboard.press("Escape");
  await expect(table.getByRole("row", { name: new RegExp(checked) })).toHaveCount(0);
  await expect(nav.getByTestId("payouts-attention-badge").locator('[aria-hidden="true"]')).toHaveText(
    String(waiting - 1),
  );

  // Mark handled with a note: confirmed first, then closed for good and never sent again.
  await table.getByRole("row", { name: new RegExp(closed) }).click();
  const closedSheet = page.getByRole("dialog", { name: "Repasse sem ID" });
  await closedSheet.getByRole("button", { name: "Marcar como resolvido" }).click();
  const dialog = page.getByRole("dialog", { name: "Marcar repasse como resolvido" });
  await dialog.getByRole("button", { name: "Marcar como resolvido" }).click();
  await expect(dialog.getByLabel("Nota")).toHaveAccessibleDescription(/Escreva uma nota de 3 a 500 caracteres\./);
  const note = `Conferido no provedor (${Date.now()}): não pagar de novo`;
  await dialog.getByLabel("Nota").fill(note);
  await dialog.getByRole("button", { name: "Marcar como resolvido" }).click();
  const confirm = page.getByRole("dialog", { name: "Encerrar este repasse?" });
  await expect(confirm).toContainText("Isso não pode ser desfeito.");
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole("button", { name: "Sim, encerrar" }).click();
  await expect(confirm).toBeHidden();
  await expect(closedSheet.getByTestId("payout-handled")).toContainText(note);
  await expect(closedSheet.getByTestId("payout-handled")).toContainText(operator);
  expect(await registerState(page, closed)).toBe("handled");
  expect(await sandboxPayoutsWithKey(request, closed)).toHaveLength(1);
  await page.keyboard.press("Escape");

  await page.getByLabel("Filtrar por situação").selectOption("handled");
  await expect(page).toHaveURL(/state=handled/);
  await expect(table.getByRole("row", { name: new RegExp(closed) })).toContainText("Resolvido por uma pessoa");

  // Audited: who closed it, with the note and the key. The log is finance's; this payout's entry is the one with its key.
  await page.context().clearCookies();
  await signInAsFinance(page);
  await page.goto(`/activity?${new URLSearchParams({ action: "payout.handled", actor: operator, q: closed })}`);
  const log = page.getByRole("table", { name: "Atividade" });
  const row = log.getByRole("row", { name: `Marcou repasse como resolvido por ${operator}` });
  await expect(row).toHaveCount(1);
  await row.click();
  const entry = page.getByRole("dialog", { name: "Marcou repasse como resolvido" });
  await expect(entry).toContainText(closed);
  await expect(entry).toContainText(note);
});

test("a reload after a timeout keeps the payout's key: the page offers it, and the next try of the same payout reuses the key", async ({
  page,
  request,
}) => {
  await signInAsOperator(page);
  await page.goto("/payouts/new");
  const email = uniqueEmail("reload");
  const fill = async () => {
    await page.getByLabel("Valor", { exact: true }).fill("654,32");
    await page.getByLabel("Tipo de chave", { exact: true }).selectOption("email");
    await page.getByLabel("Chave Pix", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Revisar repasse" }).click();
    const text = await page.getByText(/^Chave de idempotência:/).textContent();
    return UUID_RE.exec(text ?? "")?.[0] ?? "missing";
  };
  const key = await fill();

  // The API makes the payout but every answer is lost: the page can only say "outcome unknown".
  await addSandboxFault(request, { kind: "commit_then_drop", method: "POST", path: "/v1/payouts", count: 10 });
  await page.getByRole("button", { name: "Confirmar e enviar" }).click();
  await expect(page.getByTestId("outcome-unknown")).toBeVisible({ timeout: 30_000 });
  await clearSandboxFaults(request);
  expect(await sandboxPayoutsWithKey(request, key)).toHaveLength(1);

  await page.reload();
  const offer = page.getByTestId("earlier-payout");
  await expect(
    offer.getByRole("heading", { name: "Você tem um repasse anterior nesta aba com resultado desconhecido" }),
  ).toBeVisible();
  await expect(offer).toContainText(key);
  await expect(offer).toContainText(/R\$\s654,32/);
  await expect(page.getByLabel("Valor", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Ver o repasse" })).toHaveAttribute("href", `/payouts?entry=${key}`);
  await expectNoSeriousA11yViolations(page);

  // The operator types the same payout again: same contents, same key, so the API only replays it.
  const sent: string[] = [];
  page.on("request", (req) => {
    if (req.method() === "POST" && new URL(req.url()).pathname === "/api/payouts")
      sent.push(req.headers()["idempotency-key"] ?? "");
  });
  await page.getByRole("button", { name: "Fazer um repasse diferente" }).click();
  expect(await fill()).toBe(key);
  await page.getByRole("button", { name: "Confirmar e enviar" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Comprovante" })).toBeVisible({ timeout: 30_000 });
  expect(sent).toEqual([key]);
  expect(await sandboxPayoutsWithKey(request, key)).toHaveLength(1);

  // Resolved: a reload now starts a new payout, with a new key for the same contents.
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: "Valor e destino" })).toBeVisible();
  await expect(page.getByTestId("earlier-payout")).toHaveCount(0);
  expect(await fill()).not.toBe(key);
});
