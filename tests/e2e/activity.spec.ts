/**
 * Activity (the audit log): an operator signs in and creates a payment link;
 * finance then finds both in the log under the operator's name, filters by
 * person, action and date (all in the URL, kept across a reload) and searches
 * for the link's own idempotency key, opens the entry, and exports the view as
 * CSV. The demo operator's name is shared by every journey of the run, so this
 * test tells its own entries apart by the link's idempotency key and the
 * sign-in's time window. Operators and support are refused the page and the API.
 */
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { parseCsv } from "../../lib/shared/csv";
import {
  APP_URL,
  expectNoSeriousA11yViolations,
  screenshotForReadme,
  DEMO_NAMES,
  signInAsFinance,
  signInAsOperator,
  signInAsSupport,
  expect,
  test,
} from "./fixtures";

/** A day ("YYYY-MM-DD") as the Portuguese date inputs take it: "15/12/2026". */
function typedDay(day: string): string {
  const [y, m, d] = day.split("-");
  return `${d}/${m}/${y}`;
}

function todayInSaoPaulo(offsetDays = 0): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Sao_Paulo",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(Date.now() + offsetDays * 86_400_000));
}

async function createLink(page: Page, tag: string, idempotencyKey: string): Promise<{ id: string; slug: string }> {
  const slug = `e2e-activity-${tag}`;
  const response = await page.request.post(`${APP_URL}/api/payment-links`, {
    headers: {
      "content-type": "application/json",
      "x-requested-by": "dashboard",
      origin: APP_URL,
      "idempotency-key": idempotencyKey,
    },
    data: { name: `Atividade ${tag}`, slug, amount_centavos: 12_345 },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { data: { id: string } };
  return { id: body.data.id, slug };
}

interface ActivityItem {
  actor: { name: string; role: string };
  action: string;
  target_type: string | null;
}

async function activityApi(page: Page, query: Record<string, string>): Promise<ActivityItem[]> {
  const response = await page.request.get(`${APP_URL}/api/activity?${new URLSearchParams(query)}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { items: ActivityItem[] } }).data.items;
}

async function shownCount(page: Page): Promise<number> {
  const text = (await page.getByText(/^[\d.]+ resultados?$/).textContent()) ?? "";
  return Number(text.replace(/\D/g, ""));
}

test("finance finds an operator's sign-in and new payment link in the log, filters by person, action and date, and exports the view", async ({
  page,
}) => {
  const tag = `${Date.now()}`;
  const name = DEMO_NAMES.operator;
  const key = `e2e-activity-${randomUUID()}`;
  const signInFrom = new Date();
  await signInAsOperator(page);
  const signInTo = new Date();
  const link = await createLink(page, tag, key);

  // The operator has no activity log: finance reads it.
  await page.context().clearCookies();
  await signInAsFinance(page);

  // The operator's sign-in, within its own time window (journeys run one at a time).
  const signIns = await activityApi(page, {
    actor: name,
    action: "session.sign_in",
    from: signInFrom.toISOString(),
    to: new Date(signInTo.getTime() + 1).toISOString(),
  });
  expect(signIns).toEqual([
    expect.objectContaining({
      actor: expect.objectContaining({ name, role: "operator", email: "operator@acme.example" }),
      action: "session.sign_in",
      target_type: "session",
    }),
  ]);

  await page.goto("/activity");
  await expect(page.getByRole("heading", { level: 1, name: "Atividade" })).toBeVisible();
  const log = page.getByRole("table", { name: "Atividade" });
  await expect(log.getByRole("row", { name: `Entrou no painel por ${name}` }).first()).toBeVisible();

  // Filter by person (exact name) and search for this link's idempotency key → this link's entry alone.
  await page.getByLabel("Pessoa (nome exato)").fill(name);
  await expect(page).toHaveURL(new RegExp(`actor=${encodeURIComponent(name).replace(/%20/g, "(\\+|%20)")}`));
  await page.getByLabel("Buscar na tabela").fill(key);
  await expect(page).toHaveURL(new RegExp(`q=${key}`));
  await expect.poll(() => shownCount(page)).toBe(1);
  const linkRow = log.getByRole("row", { name: `Criou link de pagamento por ${name}` });
  await expect(linkRow).toHaveCount(1);
  await expect(linkRow).toContainText(name);
  await expect(linkRow).toContainText("Operador");
  await expect(linkRow).toContainText("Sucesso");
  await expect(linkRow).toContainText("R$ 123,45");
  await expect(linkRow.getByRole("link", { name: `Abrir Link de pagamento ${link.id}` })).toHaveAttribute(
    "href",
    `/payment-links?id=${link.id}`,
  );
  await expect(linkRow.getByRole("button", { name: "Copiar ID da requisição" })).toBeVisible();
  await expect(linkRow.getByRole("button", { name: "Copiar Chave de idempotência" })).toBeVisible();
  await expect(linkRow).toContainText(key);

  // And by action.
  await page.getByRole("combobox", { name: "Ação" }).selectOption("payment_link.create");
  await expect(page).toHaveURL(/action=payment_link\.create/);
  await expect.poll(() => shownCount(page)).toBe(1);

  // Date range (days in São Paulo): today keeps it; yesterday only → nothing.
  await page.getByLabel(/^A partir de/).fill(typedDay(todayInSaoPaulo()));
  await page.getByLabel(/^Até/).fill(typedDay(todayInSaoPaulo()));
  await expect(page).toHaveURL(new RegExp(`from=${todayInSaoPaulo()}`));
  await expect.poll(() => shownCount(page)).toBe(1);

  // Filters survive a reload.
  await page.reload();
  await expect(page.getByLabel("Pessoa (nome exato)")).toHaveValue(name);
  await expect(page.getByRole("combobox", { name: "Ação" })).toHaveValue("payment_link.create");
  await expect(page.getByLabel("Buscar na tabela")).toHaveValue(key);
  await expect(log.getByRole("row", { name: `Criou link de pagamento por ${name}` })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  // The CSV holds exactly the filtered entries.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Exportar CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^atividade-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await download.path(), "utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  // In Portuguese: ";" between fields and every title and code in words.
  const [header = [], ...records] = parseCsv(text, ";");
  expect(header).toEqual(
    expect.arrayContaining([
      "Quando (America/Sao_Paulo)",
      "Quem",
      "Ação",
      "ID do alvo",
      "ID da requisição",
      "Chave de idempotência",
      "Antes",
      "Depois",
    ]),
  );
  const rows = records.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ""])));
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    Quem: name,
    Papel: "Operador",
    Ação: "Criou link de pagamento",
    "Tipo do alvo": "Link de pagamento",
    "ID do alvo": link.id,
    Resultado: "Sucesso",
    "Chave de idempotência": key,
  });
  expect(rows[0]?.["Quando (America/Sao_Paulo)"]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
  expect(JSON.parse(rows[0]?.Depois ?? "{}")).toMatchObject({ slug: link.slug, amount_centavos: 12_345 });

  // One entry in full, its id in the URL.
  await log.getByRole("row", { name: `Criou link de pagamento por ${name}` }).click();
  await expect(page).toHaveURL(/entry=\d+/);
  const sheet = page.getByRole("dialog", { name: "Criou link de pagamento" });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText(key);
  await expect(sheet).toContainText(link.slug);
  await expect(sheet).toContainText(/BRT/);
  await expectNoSeriousA11yViolations(page);
  // Opening an entry is a step in the history: Back closes it on the same filtered log, Forward opens it again.
  const entryUrl = page.url();
  await page.goBack();
  await expect(sheet).toBeHidden();
  await expect(page).not.toHaveURL(/entry=/);
  await expect(page).toHaveURL(new RegExp(`q=${key}`));
  await expect(page.getByLabel("Buscar na tabela")).toHaveValue(key);
  await expect(log.getByRole("row", { name: `Criou link de pagamento por ${name}` })).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(entryUrl);
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText(key);
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();

  // A day with nothing of theirs: the empty state says what to do.
  await page.getByLabel(/^A partir de/).fill(typedDay(todayInSaoPaulo(-3)));
  await page.getByLabel(/^Até/).fill(typedDay(todayInSaoPaulo(-3)));
  await expect(page.getByText("Nenhuma atividade com estes filtros")).toBeVisible();
  await page.getByRole("button", { name: "Limpar filtros" }).first().click();
  await expect(page).not.toHaveURL(/actor=|action=|from=|to=|q=/);
  await screenshotForReadme(page, "activity");
});

test("support and operators are refused the activity log: not in the menu, a not-allowed page, and a 403 from the API", async ({
  page,
}) => {
  await signInAsSupport(page);
  await page.goto("/payouts");
  const nav = page.getByRole("navigation", { name: "Navegação principal" });
  await expect(nav.getByRole("link", { name: "Repasses" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Contestações" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Atividade" })).toHaveCount(0);

  await page.goto("/activity");
  await expect(page.getByRole("heading", { level: 1, name: "Atividade" })).toBeVisible();
  await expect(
    page.getByRole("heading", { name: "O registro de atividade é para o financeiro e os administradores" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Ir para o início" })).toHaveAttribute("href", "/payouts");
  await expect(page.getByRole("table")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  const refused = await page.request.get(`${APP_URL}/api/activity`);
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("forbidden");

  // An operator sends payouts and links, but the log is finance's (and the owner's).
  await page.context().clearCookies();
  await signInAsOperator(page);
  await page.goto("/payment-links");
  await expect(nav.getByRole("link", { name: "Links de pagamento" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Atividade" })).toHaveCount(0);
  await page.goto("/activity");
  await expect(
    page.getByRole("heading", { name: "O registro de atividade é para o financeiro e os administradores" }),
  ).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  const operatorRefused = await page.request.get(`${APP_URL}/api/activity`);
  expect(operatorRefused.status()).toBe(403);
  expect(((await operatorRefused.json()) as { error: { code: string } }).error.code).toBe("forbidden");
});
