/**
 * Insights: finance opens the payouts insights, switches the window to the last 7 days (in place, no reload),
 * follows the "failed" outcome of the whole window to the register and finds there the same count and amount as
 * the insights table's totals row, and the five minutes of the last hour holding it to the register over exactly
 * those instants, with the same figures; then opens the disputes insights and follows "overdue" to the chargebacks list,
 * which shows as many cases as the bucket counts.
 * A failed payout is made first (an operator pays a Pix key the sandbox's DICT does not know), so the journey has
 * one to follow whatever ran before it.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import {
  APP_URL,
  expect,
  expectNoSeriousA11yViolations,
  screenshotForReadme,
  signInAsFinance,
  signInAsOperator,
  signInAsSupport,
  test,
  hydrateOnLoads,
} from "./fixtures";

/** One payout to a key the sandbox's DICT does not know (it ends failed), sent as the operator's page would. */
async function sendFailingPayout(page: Page): Promise<string> {
  const response = await page.request.post(`${APP_URL}/api/payouts`, {
    headers: {
      "content-type": "application/json",
      "x-requested-by": "dashboard",
      origin: APP_URL,
      "idempotency-key": randomUUID(),
    },
    data: { amount_centavos: 1_234, pix_key_type: "email", pix_key: "naoexiste@example.com" },
  });
  const body = (await response.json()) as { data: { id?: string } | null; error: { code: string } | null };
  expect(response.ok(), JSON.stringify(body.error)).toBe(true);
  const id = body.data?.id;
  expect(id, "the payout's id").toBeTruthy();
  return id as string;
}

/** The text of a figure, its no-break spaces read as spaces. */
const plain = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();

test("finance follows a failed outcome from the insights to the register, whose totals match", async ({
  page,
  browser,
}) => {
  // The operator sends the payout that will fail, and waits until the API says so.
  const operatorContext = await browser.newContext({ baseURL: APP_URL });
  hydrateOnLoads(operatorContext);
  const operator = await operatorContext.newPage();
  await signInAsOperator(operator);
  const id = await sendFailingPayout(operator);
  await expect
    .poll(
      async () => {
        const detail = (await (await operator.request.get(`${APP_URL}/api/payouts/${id}`)).json()) as {
          data: { status?: string } | null;
        };
        return detail.data?.status;
      },
      { message: "the sandbox fails a payout to an unknown key", timeout: 30_000 },
    )
    .toBe("failed");
  await operatorContext.close();

  await signInAsFinance(page);
  await page.goto("/insights");
  await expect(page.getByRole("heading", { level: 1, name: "Indicadores" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Seções dos indicadores" });
  await expect(nav.getByRole("link", { name: "Repasses" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Contestações" })).toBeVisible();

  // The window changes in place: the URL is replaced and the figures refetched, the document is not reloaded.
  await page.evaluate(() => {
    (window as unknown as { __insightsSamePage: boolean }).__insightsSamePage = true;
  });
  await page.getByLabel("Período", { exact: true }).selectOption("7d");
  await expect(page).toHaveURL(/\/insights\?window=7d$/);
  await expect(page.getByText(/^De .+ a .+, dias em Brasília \/ São Paulo \(BRT\)$/)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __insightsSamePage?: boolean }).__insightsSamePage)).toBe(
    true,
  );

  const table = page.getByRole("table", { name: "Repasses por ponto do período, com totais" });
  await expect(table).toBeVisible();
  // The chart is a labelled picture beside the table.
  await expect(page.getByRole("img", { name: /Gráfico de barras empilhadas por resultado/ })).toBeVisible();
  // 7 days by day: 7 points (today included).
  await expect(table.locator("tbody tr")).toHaveCount(7);
  await expectNoSeriousA11yViolations(page);
  await screenshotForReadme(page, "insights");

  const failed = page.getByTestId("payout-series-totals").locator('a[data-outcome="failed"]');
  await expect(failed).toBeVisible();
  const failedCount = plain(await failed.textContent());
  const failedAmount = plain(await failed.locator("xpath=..").locator("[data-numeric]").textContent());
  expect(Number(failedCount.replace(/\D/g, ""))).toBeGreaterThan(0);

  await failed.click();
  await expect(page).toHaveURL(/\/payouts\?outcome=failed&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  const totals = page.getByTestId("register-totals");
  await expect(totals.getByTestId("register-total-count").locator("dd")).toHaveText(failedCount);
  expect(plain(await totals.getByTestId("register-total-amount").locator("dd").textContent())).toBe(failedAmount);

  // The last hour: the five minutes holding the failed payout open the register over exactly those instants.
  await page.goto("/insights?window=1h");
  const pointLink = page
    .getByRole("table", { name: "Repasses por ponto do período, com totais" })
    .locator('tbody a[data-outcome="failed"]')
    .first();
  await expect(pointLink).toBeVisible();
  const pointCount = plain(await pointLink.textContent());
  const pointAmount = plain(await pointLink.locator("xpath=..").locator("[data-numeric]").textContent());
  await pointLink.click();
  await expect(page).toHaveURL(/\/payouts\?outcome=failed&since=[^&]+&until=[^&]+$/);
  await expect(page.getByTestId("register-period-filter")).toBeVisible();
  await expect(totals.getByTestId("register-total-count").locator("dd")).toHaveText(pointCount);
  expect(plain(await totals.getByTestId("register-total-amount").locator("dd").textContent())).toBe(pointAmount);

  // The disputes: "overdue" opens the chargebacks list with its overdue filter.
  await page.goto("/insights/disputes");
  const due = page.getByRole("table", { name: "Aguardando sua resposta, pelo prazo" });
  await expect(due).toBeVisible();
  await expect(due.locator("tbody tr")).toHaveCount(6);
  await expectNoSeriousA11yViolations(page);
  await screenshotForReadme(page, "insights-disputes");
  // The bucket's count is what the list shows under the same filter.
  const overdueCount = plain(await due.locator('tr[data-due="overdue"] td').first().textContent());
  await due.getByRole("link", { name: "Prazo vencido" }).click();
  await expect(page).toHaveURL(/\/chargebacks\?deadline=overdue$/);
  await expect(page.getByRole("heading", { level: 1, name: "Contestações" })).toBeVisible();
  const shown = page.getByText(/^[\d.]+ resultados?$/);
  await expect(shown).toBeVisible();
  expect(plain(await shown.textContent()).replace(/\D/g, "")).toBe(overdueCount.replace(/\D/g, ""));
});

test("support has no insights: the navigation hides them and the page says so", async ({ page }) => {
  await signInAsSupport(page);
  await page.goto("/insights");
  await expect(page.getByTestId("not-allowed")).toBeVisible();
  await expect(page.getByRole("link", { name: "Indicadores" })).toHaveCount(0);
});
