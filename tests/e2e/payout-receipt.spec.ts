/**
 * The payout receipt: from a payout's page, "Download PDF" downloads sandbox-comprovante-<id>.pdf (a PDF), and "Print"
 * opens the printable receipt, which opens the print dialog once; printed, only the receipt is on the page (the
 * shell is hidden). A failed payout's receipt says up front that it is not proof of payment.
 */
import { expect, expectNoSeriousA11yViolations, signInAsSupport, test } from "./fixtures";

test("support downloads a paid payout's PDF and prints its receipt, the shell left off paper", async ({ page }) => {
  await signInAsSupport(page);
  await page.goto("/payouts/po_demo_paid");
  const links = page.getByTestId("receipt-links");

  const downloading = page.waitForEvent("download");
  await links.getByRole("link", { name: "Baixar PDF" }).click();
  const download = await downloading;
  // The sandbox's payout: the file says so.
  expect(download.suggestedFilename()).toBe("sandbox-comprovante-po_demo_paid.pdf");
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  expect(Buffer.concat(chunks).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // Count the print dialogs instead of opening them.
  await page.evaluate(() => {
    const counted = window as unknown as { __printed: number };
    counted.__printed = 0;
    window.print = () => {
      counted.__printed += 1;
    };
  });
  await links.getByRole("link", { name: "Imprimir" }).click();
  await expect(page).toHaveURL(/\/payouts\/po_demo_paid\/receipt\?print=1$/);
  const receipt = page.getByTestId("payout-receipt-document");
  // The sandbox's payout: a test receipt, never a receipt outright.
  await expect(receipt.getByRole("heading", { name: "Comprovante de teste (sandbox)" })).toBeVisible();
  await expect(receipt.getByTestId("receipt-field-payoutId")).toContainText("po_demo_paid");
  await expect(receipt.getByTestId("receipt-field-paidAt")).toContainText("BRT");
  await expect.poll(() => page.evaluate(() => (window as unknown as { __printed: number }).__printed)).toBe(1);
  await expectNoSeriousA11yViolations(page);

  await page.emulateMedia({ media: "print" });
  await expect(receipt).toBeVisible();
  // On paper too (the shell's sandbox badge is not printed): a test document, not proof of payment.
  await expect(receipt.getByTestId("receipt-test-mark")).toBeVisible();
  await expect(receipt.getByTestId("receipt-test-mark")).toContainText("nenhum dinheiro foi movimentado");
  await expect(page.locator("header").first()).toBeHidden();
  await expect(page.getByRole("button", { name: "Imprimir" })).toBeHidden();
});

test("a failed payout's receipt says it is not proof of payment and shows no fee or net", async ({ page }) => {
  await signInAsSupport(page);
  await page.goto("/payouts/po_demo_failed/receipt");
  const receipt = page.getByTestId("payout-receipt-document");
  await expect(receipt.getByTestId("receipt-status-band").getByRole("note")).toHaveText(
    "Este documento não é um comprovante de pagamento: o repasse falhou e nenhum valor foi transferido.",
  );
  await expect(receipt.getByTestId("receipt-field-fee")).toHaveCount(0);
  await expect(receipt.getByTestId("receipt-field-net")).toHaveCount(0);
});
