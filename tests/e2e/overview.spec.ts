/**
 * The overview (home): payment-link totals, the open disputes whose response
 * deadline comes first, and the latest payouts, each a click away from its page;
 * one failing card does not break the others. The owner's view: the one role
 * that sees links, disputes and payouts alike.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import {
  addSandboxFault,
  APP_URL,
  clearSandboxFaults,
  expectNoSeriousA11yViolations,
  screenshotForReadme,
  signInAsOwner,
  signInAsSupport,
  useLanguage,
  expect,
  test,
} from "./fixtures";

/** Sends a payout through the BFF (as the payout form would) so the register has a row of ours. */
async function sendPayout(page: Page, amountCentavos: number): Promise<string> {
  const response = await page.request.post(`${APP_URL}/api/payouts`, {
    headers: {
      "content-type": "application/json",
      "x-requested-by": "dashboard",
      origin: APP_URL,
      "idempotency-key": randomUUID(),
    },
    data: { amount_centavos: amountCentavos, pix_key_type: "email", pix_key: "overview-e2e@example.com" },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { data: { id: string | null } };
  expect(body.data.id).toBeTruthy();
  return body.data.id ?? "";
}

test.describe("overview", () => {
  test.afterEach(async ({ request }) => {
    await clearSandboxFaults(request);
  });

  test("shows link totals, the disputes due soonest and the latest payouts, each linking to its page", async ({
    page,
  }) => {
    await signInAsOwner(page);
    // A unique amount between R$ 700,00 and R$ 799,99, so this payout is recognisable in the list.
    const amount = 70_000 + (Date.now() % 10_000);
    const payoutId = await sendPayout(page, amount);
    const amountText = `R$ ${Math.floor(amount / 100)},${String(amount % 100).padStart(2, "0")}`;

    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Visão geral" })).toBeVisible();

    const links = page.getByRole("region", { name: "Links de pagamento" });
    await expect(links.getByRole("link", { name: /Receita dos links\s*R\$\s?[\d.]+,\d{2}/ })).toBeVisible();
    await expect(links.getByRole("link", { name: /Vendas\s*[\d.]+/ })).toBeVisible();
    await expect(links.getByRole("link", { name: /Links no ar\s*\d+\s*de \d+ links/ })).toBeVisible();

    const disputes = page.getByRole("region", { name: "Contestações com prazo mais próximo" });
    const disputeRows = disputes.getByRole("list", { name: /Contestações abertas/ }).getByRole("listitem");
    await expect(disputeRows).toHaveCount(5);
    await expect(disputeRows.first()).toContainText(/faltam \d+ h \d+ min/);
    await expect(disputeRows.first()).toContainText(/MED Pix|Cartão/);
    await expect(disputes.getByText(/\d+ abertas\. Prazos de resposta em BRT\./)).toBeVisible();
    // Soonest first: the deadlines read in order.
    const deadlines = await disputeRows
      .locator("time")
      .evaluateAll((nodes) => nodes.map((node) => Date.parse(node.getAttribute("datetime") ?? "")));
    expect(deadlines).toHaveLength(5);
    expect([...deadlines].sort((a, b) => a - b)).toEqual(deadlines);

    const payouts = page.getByRole("region", { name: "Últimos repasses" });
    const payoutLink = payouts.getByRole("link").filter({ hasText: amountText });
    await expect(payoutLink).toBeVisible();

    await expectNoSeriousA11yViolations(page);
    await screenshotForReadme(page, "overview");

    await links.getByRole("link", { name: /Links no ar/ }).click();
    await expect(page).toHaveURL(/\/payment-links\?state=active/);
    await expect(page.getByRole("heading", { level: 1, name: "Links de pagamento" })).toBeVisible();
    await page.goBack();

    await page.getByRole("region", { name: "Links de pagamento" }).getByRole("link", { name: "Ver links" }).click();
    await expect(page).toHaveURL(/\/payment-links$/);
    await page.goBack();

    await page
      .getByRole("region", { name: "Contestações com prazo mais próximo" })
      .getByRole("link", { name: "Ver contestações" })
      .click();
    await expect(page).toHaveURL(/\/chargebacks$/);
    await page.goBack();

    await page
      .getByRole("region", { name: "Contestações com prazo mais próximo" })
      .getByRole("listitem")
      .first()
      .getByRole("link")
      .click();
    await expect(page).toHaveURL(/\/chargebacks\?id=cb_/);
    await page.goBack();

    await page.getByRole("region", { name: "Últimos repasses" }).getByRole("link", { name: "Ver todos" }).click();
    await expect(page).toHaveURL(/\/payouts$/);
    await page.goBack();

    await page
      .getByRole("region", { name: "Últimos repasses" })
      .getByRole("link")
      .filter({ hasText: amountText })
      .click();
    await expect(page).toHaveURL(new RegExp(`/payouts/${payoutId}$`));
  });

  test("a failing source shows its own error with the request id while the other cards keep working", async ({
    page,
    request,
  }) => {
    await addSandboxFault(request, { kind: "error500", method: "GET", path: "/v1/chargebacks" });
    await signInAsOwner(page);
    await page.goto("/");

    const disputes = page.getByRole("region", { name: "Contestações com prazo mais próximo" });
    await expect(disputes.getByText("ID da requisição")).toBeVisible({ timeout: 30_000 });
    await expect(disputes.getByRole("button", { name: "Tentar novamente" })).toBeVisible();
    await expect(disputes.getByRole("button", { name: "Copiar ID da requisição" })).toBeVisible();

    const links = page.getByRole("region", { name: "Links de pagamento" });
    await expect(links.getByRole("link", { name: /Receita dos links\s*R\$\s?[\d.]+,\d{2}/ })).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Últimos repasses" }).getByRole("link", { name: "Ver todos" }),
    ).toBeVisible();

    // Once the API recovers, retrying fills the card.
    await clearSandboxFaults(request);
    await disputes.getByRole("button", { name: "Tentar novamente" }).click();
    await expect(disputes.getByRole("list", { name: /Contestações abertas/ }).getByRole("listitem")).toHaveCount(5);
  });

  test("in English, with the deadlines' zone named", async ({ page }) => {
    await useLanguage(page, "en");
    await signInAsOwner(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expect(
      page
        .getByRole("region", { name: "Payment links" })
        .getByRole("link", { name: /Links revenue\s*R\$[\d,]+\.\d{2}/ }),
    ).toBeVisible();
    const disputes = page.getByRole("region", { name: "Disputes due soonest" });
    await expect(disputes.getByText(/\d+ open\. Response deadlines in (BRT|GMT-3)\./)).toBeVisible();
    await expect(disputes.getByRole("listitem").first()).toContainText(/\d+ h \d+ min left/);
    await expect(page.getByRole("region", { name: "Latest payouts" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("support lands on payouts instead", async ({ page }) => {
    await signInAsSupport(page);
    await page.goto("/");
    await expect(page).toHaveURL(/\/payouts/);
  });
});
