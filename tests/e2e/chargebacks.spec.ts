/**
 * Chargebacks: finance (in Portuguese) and the owner (in English) triage Acme's 32 seeded disputes: MED and card told apart, the needs-action
 * count, filters by kind / status / created date kept in the URL (and across a
 * reload), search by id, deadline order, the drawer with every field (the
 * unknown `network_case_id` too), and a CSV export that equals the view.
 * Operators and support are refused the page and the API.
 */
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { parseCsv } from "../../lib/shared/csv";
import {
  expectNoSeriousA11yViolations,
  screenshotForReadme,
  APP_URL,
  signInAs,
  signInAsFinance,
  signInAsOwner,
  useLanguage,
  expect,
  test,
} from "./fixtures";

interface Texts {
  locale: "pt-BR" | "en";
  title: string;
  kind: string;
  status: string;
  med: string;
  card: string;
  needsResponse: string;
  underReview: string;
  needsAction: string;
  deadlineColumn: string;
  export: string;
  otherFields: string;
  from: RegExp;
  to: RegExp;
  count: RegExp;
  soonest: RegExp;
  dueIn: RegExp;
  rowPrefix: string;
  clear: string;
  /** The export's separator and column titles in this language. */
  csv: {
    delimiter: ";" | ",";
    id: string;
    kind: string;
    status: string;
    amount: string;
    reasonCode: string;
    createdAt: string;
    respondBy: string;
    amountPattern: RegExp;
  };
}

const PT: Texts = {
  locale: "pt-BR",
  title: "Contestações",
  kind: "Tipo de contestação",
  status: "Status",
  med: "MED Pix",
  card: "Cartão",
  needsResponse: "Aguardando resposta",
  underReview: "Em análise",
  needsAction: "Precisam de ação",
  deadlineColumn: "Prazo de resposta",
  export: "Exportar CSV",
  otherFields: "Outros campos",
  from: /^Aberta a partir de/,
  to: /^Aberta até/,
  count: /^([\d.]+) resultados?$/,
  soonest: /(Vence|Prazo) em \d+ h/,
  dueIn: /Vence em \d/,
  rowPrefix: "Contestação",
  clear: "Limpar filtros",
  csv: {
    delimiter: ";",
    id: "ID da contestação",
    kind: "Tipo",
    status: "Status",
    amount: "Valor",
    reasonCode: "Código do motivo",
    createdAt: "Aberta em (America/Sao_Paulo)",
    respondBy: "Prazo de resposta (America/Sao_Paulo)",
    // Decimal comma, no thousands separator: a Brazilian Excel reads it as a number.
    amountPattern: /^-?\d+,\d{2}$/,
  },
};

const EN: Texts = {
  locale: "en",
  title: "Chargebacks",
  kind: "Dispute kind",
  status: "Status",
  med: "Pix MED",
  card: "Card",
  needsResponse: "Needs response",
  underReview: "Under review",
  needsAction: "Need action",
  deadlineColumn: "Response deadline",
  export: "Export CSV",
  otherFields: "Other fields",
  from: /^Opened from/,
  to: /^Opened until/,
  count: /^([\d,]+) results?$/,
  soonest: /(Due|Deadline) in \d+ h/,
  dueIn: /Due in \d/,
  rowPrefix: "Dispute",
  clear: "Clear filters",
  csv: {
    delimiter: ",",
    id: "Dispute ID",
    kind: "Kind",
    status: "Status",
    amount: "Amount",
    reasonCode: "Reason code",
    createdAt: "Opened (America/Sao_Paulo)",
    respondBy: "Response deadline (America/Sao_Paulo)",
    amountPattern: /^-?\d+\.\d{2}$/,
  },
};

/** A record of the export, by what it holds. */
interface ExportedRow {
  id: string;
  kind: string;
  status: string;
  amount: string;
  reason_code: string;
  created_at: string;
  respond_by: string;
  network_case_id: string;
}

/** "22/11/2026 14:05:09" (pt-BR) or "2026-11-22 14:05:09" (en) → "2026-11-22 14:05:09", which sorts as text. */
function sortableTime(text: string): string {
  const br = /^(\d{2})\/(\d{2})\/(\d{4})(.*)$/.exec(text);
  return br ? `${br[3]}-${br[2]}-${br[1]}${br[4]}` : text;
}

function table(page: Page, x: Texts): Locator {
  return page.getByRole("table", { name: x.title });
}

function dataRows(page: Page, x: Texts): Locator {
  return table(page, x).getByRole("row", { name: new RegExp(`^${x.rowPrefix} cb_`) });
}

/** The "N resultados" count of the list. */
async function shownCount(page: Page, x: Texts): Promise<number> {
  const text = (await page.getByText(x.count).textContent()) ?? "";
  const match = x.count.exec(text.trim());
  return match ? Number((match[1] ?? "").replace(/[.,]/g, "")) : -1;
}

async function exportCsv(page: Page, x: Texts): Promise<{ name: string; header: string[]; rows: ExportedRow[] }> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: x.export }).click(),
  ]);
  const text = await readFile(await download.path(), "utf8");
  expect(text.startsWith("\uFEFF"), "UTF-8 BOM").toBe(true);
  expect(text.endsWith("\r\n"), "CRLF records").toBe(true);
  const [header = [], ...records] = parseCsv(text, x.csv.delimiter);
  const column = (r: string[], title: string) => r[header.indexOf(title)] ?? "";
  return {
    name: download.suggestedFilename(),
    header,
    // Each record by what it holds; kind and status are the words on screen, times sortable in the zone.
    rows: records.map((r) => ({
      id: column(r, x.csv.id),
      kind: column(r, x.csv.kind),
      status: column(r, x.csv.status),
      amount: column(r, x.csv.amount),
      reason_code: column(r, x.csv.reasonCode),
      created_at: sortableTime(column(r, x.csv.createdAt)),
      respond_by: sortableTime(column(r, x.csv.respondBy)),
      network_case_id: column(r, "network_case_id"),
    })),
  };
}

/** Ids of the rows rendered now (the table is virtualised: the first screenful or so). */
async function visibleIds(page: Page, x: Texts): Promise<string[]> {
  const labels = await dataRows(page, x).evaluateAll((rows) => rows.map((r) => r.getAttribute("aria-label") ?? ""));
  return labels.map((label) => /(cb_[A-Za-z0-9_-]+)/.exec(label)?.[1] ?? "");
}

/** "2026-12-15" as the date inputs take it in the app's language: "15/12/2026" (pt-BR) or "12/15/2026" (en). */
function typedDay(day: string, locale: "pt-BR" | "en"): string {
  const [y, m, d] = day.split("-");
  return locale === "en" ? `${m}/${d}/${y}` : `${d}/${m}/${y}`;
}

function todayMinus(days: number): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Sao_Paulo",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(Date.now() - days * 86_400_000));
  return parts;
}

async function journey(page: Page, x: Texts): Promise<void> {
  await page.goto("/chargebacks");
  await expect(page.getByRole("heading", { level: 1, name: x.title })).toBeVisible();

  // The whole list: at least the 32 seeded disputes, MED and card told apart.
  await expect.poll(() => shownCount(page, x)).toBeGreaterThanOrEqual(30);
  const total = await shownCount(page, x);
  await expect(
    dataRows(page, x)
      .filter({ has: page.locator('[data-kind="pix_med"]') })
      .first(),
  ).toContainText(x.med);
  await expect(
    dataRows(page, x)
      .filter({ has: page.locator('[data-kind="card_chargeback"]') })
      .first(),
  ).toContainText(x.card);

  // Default order: open disputes first, nearest deadline on top (the seed's nearest is ~5 h away),
  // with a countdown whose tier is also in words.
  const first = dataRows(page, x).first();
  await expect(first).toContainText(x.soonest);
  await expect(first.locator("[data-urgency]")).toHaveAttribute("data-urgency", /^(due24h|waiting)$/);

  // The needs-action count.
  const tile = page.getByTestId("tile-needs-action");
  await expect(tile).toContainText(x.needsAction);
  const needsAction = Number(((await tile.locator('[data-slot="tile-value"]').textContent()) ?? "").replace(/\D/g, ""));
  expect(needsAction).toBeGreaterThan(0);

  await expectNoSeriousA11yViolations(page);
  if (x.locale === "pt-BR") await screenshotForReadme(page, "chargebacks");

  // The CSV of the unfiltered view: every row, in the on-screen order.
  const all = await exportCsv(page, x);
  expect(all.name).toMatch(
    x.locale === "en" ? /^chargebacks-\d{4}-\d{2}-\d{2}\.csv$/ : /^contestacoes-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  expect(all.header).toEqual(
    expect.arrayContaining([
      x.csv.id,
      x.csv.kind,
      x.csv.status,
      x.csv.amount,
      x.csv.createdAt,
      x.csv.respondBy,
      "network_case_id",
    ]),
  );
  expect(all.rows).toHaveLength(total);
  expect(all.rows.slice(0, 5).map((r) => r.id)).toEqual((await visibleIds(page, x)).slice(0, 5));
  expect(all.rows.filter((r) => r.status === x.needsResponse)).toHaveLength(needsAction);
  for (const r of all.rows) if (r.amount !== "") expect(r.amount).toMatch(x.csv.amountPattern);
  const OPEN = [x.needsResponse, x.underReview];
  const firstClosed = all.rows.findIndex((r) => !OPEN.includes(r.status ?? ""));
  expect(firstClosed).toBeGreaterThan(0);
  expect(all.rows.slice(firstClosed).every((r) => !OPEN.includes(r.status ?? ""))).toBe(true);
  const openDeadlines = all.rows.slice(0, firstClosed).map((r) => r.respond_by);
  expect(openDeadlines).toEqual([...openDeadlines].sort());

  // Deadline order reversed from the column header: latest open deadline first, in the URL.
  await table(page, x).getByRole("columnheader", { name: x.deadlineColumn }).getByRole("button").click();
  await expect(page).toHaveURL(/sort=respond_by\.desc/);
  const desc = await exportCsv(page, x);
  const descDeadlines = desc.rows.slice(0, firstClosed).map((r) => r.respond_by);
  expect(descDeadlines).toEqual([...openDeadlines].sort().reverse());

  // Kind = MED leaves only MED disputes (screen and file).
  await page.goto("/chargebacks");
  await page.getByRole("combobox", { name: x.kind }).selectOption("pix_med");
  await expect(page).toHaveURL(/kind=pix_med/);
  const medCount = all.rows.filter((r) => r.kind === x.med).length;
  await expect.poll(() => shownCount(page, x)).toBe(medCount);
  for (const label of await dataRows(page, x).evaluateAll((rows) =>
    rows.map((r) => r.getAttribute("aria-label") ?? ""),
  ))
    expect(label).toContain(x.med);
  const med = await exportCsv(page, x);
  expect(med.rows.map((r) => r.id)).toEqual(all.rows.filter((r) => r.kind === x.med).map((r) => r.id));

  // Status filter on top of it.
  await page.getByRole("combobox", { name: x.status, exact: true }).selectOption("needs_response");
  await expect(page).toHaveURL(/status=needs_response/);
  const medOpen = all.rows.filter((r) => r.kind === x.med && r.status === x.needsResponse).map((r) => r.id);
  await expect.poll(() => shownCount(page, x)).toBe(medOpen.length);
  for (const label of await dataRows(page, x).evaluateAll((rows) =>
    rows.map((r) => r.getAttribute("aria-label") ?? ""),
  ))
    expect(label).toContain(x.needsResponse);
  expect((await exportCsv(page, x)).rows.map((r) => r.id)).toEqual(medOpen);

  // Filters survive a reload.
  await page.reload();
  await expect(page.getByRole("combobox", { name: x.kind })).toHaveValue("pix_med");
  await expect(page.getByRole("combobox", { name: x.status, exact: true })).toHaveValue("needs_response");
  await expect.poll(() => shownCount(page, x)).toBe(medOpen.length);
  await page.getByRole("button", { name: x.clear }).first().click();
  await expect(page).not.toHaveURL(/kind=|status=/);
  await expect.poll(() => shownCount(page, x)).toBe(total);

  // The needs-action tile filters to exactly that many; the nearest one counts down in words and colour.
  await tile.click();
  await expect(page).toHaveURL(/status=needs_response/);
  await expect.poll(() => shownCount(page, x)).toBe(needsAction);
  await expect(dataRows(page, x).first()).toContainText(x.dueIn);
  await expect(dataRows(page, x).first().locator("[data-urgency]")).toHaveAttribute(
    "data-urgency",
    /^(due24h|due72h|later)$/,
  );
  await tile.click();
  await expect(page).not.toHaveURL(/status=/);

  // Created-date range (calendar days in São Paulo): only disputes opened in the last 30 days.
  const from = todayMinus(30);
  const to = todayMinus(0);
  // Typed in the app's format (dd/mm/aaaa in Portuguese, mm/dd/yyyy in English); the URL keeps YYYY-MM-DD.
  await page.getByLabel(x.from).fill(typedDay(from, x.locale));
  await page.getByLabel(x.to).fill(typedDay(to, x.locale));
  await expect(page).toHaveURL(new RegExp(`from=${from}.*to=${to}`));
  const recent = all.rows.filter((r) => {
    const day = r.created_at.slice(0, 10);
    return day >= from && day <= to;
  });
  expect(recent.length).toBeLessThan(total);
  await expect.poll(() => shownCount(page, x)).toBe(recent.length);
  const ranged = await exportCsv(page, x);
  expect(ranged.rows.map((r) => r.id)).toEqual(recent.map((r) => r.id));
  await page.getByRole("button", { name: x.clear }).first().click();

  // Search by an id taken from the list.
  const target = all.rows.find((r) => r.kind === x.card);
  expect(target).toBeTruthy();
  const id = target?.id ?? "";
  await page.getByRole("searchbox", { name: x.locale === "en" ? "Search the table" : "Buscar na tabela" }).fill(id);
  await expect(page).toHaveURL(new RegExp(`q=${id}`));
  await expect.poll(() => shownCount(page, x)).toBe(1);
  await expect(dataRows(page, x)).toHaveCount(1);

  // The drawer: every field, the unknown network_case_id as it came; its id in the URL.
  await dataRows(page, x).first().click();
  await expect(page).toHaveURL(new RegExp(`id=${id}`));
  const sheet = page.getByRole("dialog");
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText(x.card);
  await expect(sheet.getByRole("heading", { name: x.otherFields })).toBeVisible();
  await expect(sheet.getByText("network_case_id", { exact: true })).toBeVisible();
  await expect(sheet.getByText(target?.network_case_id ?? "missing", { exact: true })).toBeVisible();
  await expect(sheet.getByText(target?.reason_code ?? "missing", { exact: true }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // Opening a dispute is a step in the history: Back closes it on the same search, Forward opens it again.
  await page.goBack();
  await expect(sheet).toBeHidden();
  await expect(page).not.toHaveURL(/[?&]id=/);
  await expect(page).toHaveURL(new RegExp(`q=${id}`));
  await expect(dataRows(page, x)).toHaveCount(1);
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`id=${id}`));
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText(target?.network_case_id ?? "missing", { exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await expect(page).not.toHaveURL(/[?&]id=/);
  // Closed, the dispute is no longer a step in the history: Back goes to the step before the list as it was (here an
  // earlier filter's), instead of opening the dispute again.
  const closedAt = page.url();
  await page.goBack();
  await expect.poll(() => page.url()).not.toBe(closedAt);
  await expect(page).not.toHaveURL(/[?&]id=/);
  await expect(sheet).toBeHidden();
}

test("finance triages chargebacks: MED vs card, needs action, filters in the URL, search, deadline order, drawer and CSV", async ({
  page,
}) => {
  await signInAsFinance(page);
  await journey(page, PT);
});

test("the owner does the same in English", async ({ page }) => {
  await useLanguage(page, "en");
  await signInAsOwner(page);
  await journey(page, EN);
});

for (const role of ["operator", "support"] as const) {
  test(`${role} is refused chargebacks: not in the menu, a 403 from the API`, async ({ page }) => {
    await signInAs(page, role);
    await page.goto("/payouts");
    await expect(
      page
        .getByRole("navigation", { name: "Navegação principal" })
        .getByRole("link", { name: "Repasses", exact: true }),
    ).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Navegação principal" }).getByRole("link", { name: "Contestações" }),
    ).toHaveCount(0);
    // The page itself says so, rather than an empty list or an error.
    await page.goto("/chargebacks");
    await expect(page.getByRole("heading", { name: "Seu acesso não inclui esta página" })).toBeVisible();
    const response = await page.request.get(`${APP_URL}/api/chargebacks`);
    expect(response.status()).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("forbidden");
  });
}

test.describe("when the drawer's code cannot be downloaded", () => {
  // The blocked downloads are what this case is about; Chromium reports each one.
  test.use({ allowedConsoleErrors: [/Failed to load resource/] });

  test("the failure shows over the list where the drawer would open, and Try again opens it", async ({ page }) => {
    await signInAsFinance(page);
    await page.goto("/chargebacks");
    const row = dataRows(page, PT).first();
    await expect(row).toBeVisible();
    // A deploy or a network blip between the page and the click: no script can be fetched.
    const scripts = /\/_next\/static\/.*\.js(\?.*)?$/;
    await page.route(scripts, (route) => route.abort("failed"));
    await row.click();
    await expect(page).toHaveURL(/[?&]id=cb_/);
    const alert = page.getByRole("alert").filter({ hasText: "Não foi possível carregar esta parte da página" });
    await expect(alert).toBeInViewport();
    const retry = alert.getByRole("button", { name: "Tentar novamente" });
    await expect(retry).toBeFocused();

    // Closed: the message goes and the drawer's id leaves the URL; the list is as it was.
    await alert.getByRole("button", { name: "Fechar" }).click();
    await expect(alert).toHaveCount(0);
    await expect(page).not.toHaveURL(/[?&]id=/);

    // Opened again, still offline: it tries again and says so again.
    await row.click();
    await expect(alert).toBeInViewport();
    // Back online: Try again downloads the drawer, which opens on the dispute.
    await page.unroute(scripts);
    await alert.getByRole("button", { name: "Tentar novamente" }).click();
    const sheet = page.getByRole("dialog");
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole("heading", { name: PT.otherFields })).toBeVisible();
    await expect(alert).toHaveCount(0);
  });
});
