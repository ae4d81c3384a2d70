/**
 * Batch payouts (issue 11): an operator uploads a spreadsheet with good and bad
 * rows, fixes one in place and leaves one out, reviews the totals, creates and
 * confirms the batch, watches the progress bar reach the end, and downloads
 * the results file; finance and support never see the pages.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import {
  expectNoSeriousA11yViolations,
  screenshotForReadme,
  signInAs,
  signInAsOperator,
  expect,
  test,
} from "./fixtures";

function uniqueEmail(tag: string): string {
  return `e2e-batch-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** A pt-BR spreadsheet saved as CSV: semicolons, decimal commas. Row 4's amount is unreadable, row 5's CPF has wrong check digits. */
function spreadsheet(emails: readonly string[]): string {
  return [
    "nome;chave pix;valor;descrição",
    `Ana Souza;${emails[0]};10,00;Comissão`,
    `Bruno Lima;${emails[1]};1.234,56;NF 77`,
    `Carla Dias;${emails[2]};dez reais;Frete`,
    "Davi Rocha;123.456.789-00;15,00;CPF errado",
  ].join("\r\n");
}

async function uploadFile(page: Page, csv: string): Promise<void> {
  await page
    .getByLabel("Planilha de repasses (CSV ou .xlsx)")
    .setInputFiles({ name: "fornecedores.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") });
}

test.describe("batch payouts", () => {
  test("upload, fix, review, send, watch the progress reach the end, download the results", async ({ page }) => {
    test.setTimeout(180_000);
    await signInAsOperator(page);
    await page.goto("/payouts");
    await page
      .getByRole("navigation", { name: "Navegação principal" })
      .getByRole("link", { name: "Repasses em lote" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Repasses em lote" })).toBeVisible();
    await page.getByRole("link", { name: "Novo lote" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Novo lote de repasses" })).toBeVisible();

    const emails = [uniqueEmail("a"), uniqueEmail("b"), uniqueEmail("c")];
    await uploadFile(page, spreadsheet(emails));
    await expect(page.getByText(/Todas as colunas necessárias foram reconhecidas/)).toBeVisible();
    await page.getByRole("button", { name: "Conferir linhas" }).click();

    const summary = page.getByTestId("batch-check-summary");
    await expect(summary).toHaveText("4 linhas incluídas · 2 com erro · 0 deixadas de fora");
    await expect(page.getByRole("button", { name: "Revisar o lote" })).toBeDisabled();

    // Fix row 4's amount in place; leave row 5 (a CPF that does not check) out.
    await page.getByRole("button", { name: "Corrigir Valor, linha 4" }).click();
    await page.getByRole("textbox", { name: "Valor, linha 4" }).fill("20,00");
    await page.getByRole("textbox", { name: "Valor, linha 4" }).press("Enter");
    await page.getByRole("checkbox", { name: "Incluir a linha 5" }).uncheck();
    await expect(summary).toHaveText("3 linhas incluídas · 0 com erro · 1 deixadas de fora");
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Revisar o lote" }).click();

    await expect(page.getByTestId("batch-review-count")).toHaveText("3");
    await expect(page.getByTestId("batch-review-total")).toHaveText("R$ 1.264,56");
    await expect(page.getByText(/Nenhuma linha repete chave e valor/)).toBeVisible();
    await page.getByRole("button", { name: "Criar lote com 3 repasses" }).click();
    await page.getByRole("button", { name: "Confirmar e enviar 3 repasses" }).click();

    await expect(page).toHaveURL(/\/payouts\/batch\/[^/]+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Lote fornecedores.csv" })).toBeVisible();
    const bar = page.getByRole("progressbar", { name: "Progresso do lote fornecedores.csv" });
    await expect(bar).toHaveAttribute("aria-valuemax", "3");
    // The README's picture: the batch under way (some rows sent or finished).
    await expect
      .poll(
        async () =>
          Number(await page.getByTestId("batch-count-sent").textContent()) +
          Number(await bar.getAttribute("aria-valuenow")),
        { timeout: 60_000 },
      )
      .toBeGreaterThan(0);
    await screenshotForReadme(page, "batch-progress");
    await expect(bar).toHaveAttribute("aria-valuenow", "3", { timeout: 90_000 });
    await expect(page.getByText("O lote terminou.")).toBeVisible();
    await expect(page.getByTestId("batch-count-paid")).toHaveText("3");

    const results = page.getByRole("table", { name: "Resultado por linha" });
    await expect(results.getByText("Pago")).toHaveCount(3);
    await expect(results.getByRole("link", { name: /.+/ })).toHaveCount(3);
    await expectNoSeriousA11yViolations(page);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Baixar resultados (CSV)" }).click(),
    ]);
    const path = await download.path();
    const text = (await readFile(path, "utf8")).replace(/^\uFEFF/, "");
    const [headerLine = "", ...lines] = text.trim().split(/\r?\n/);
    const header = headerLine.split(";");
    // The file's own columns in its order (cells as fixed in the browser), then the outcome.
    expect(header).toEqual([
      "nome",
      "chave pix",
      "valor",
      "descrição",
      "status",
      "payout_id",
      "end_to_end_id",
      "failure_reason",
      "fee",
    ]);
    // Every row of the upload in its order: the three sent, and row 5 (left out with its bad CPF) saying so.
    const rows = lines.map((line) => line.split(";"));
    expect(rows.map((cells) => cells[0])).toEqual(["Ana Souza", "Bruno Lima", "Carla Dias", "Davi Rocha"]);
    const sent = rows.slice(0, 3);
    const davi = rows[3] ?? [];
    expect(sent[2]?.[header.indexOf("valor")]).toBe("20,00");
    for (const cells of sent) expect(cells[header.indexOf("status")]).toBe("paid");
    // Each paid row's fee as the API reported it, in reais with a decimal comma.
    for (const cells of sent) expect(cells[header.indexOf("fee")]).toMatch(/^\d+,\d\d$/);
    expect(davi[header.indexOf("status")]).toBe("left_out_invalid");
    expect([davi[header.indexOf("payout_id")], davi[header.indexOf("fee")]]).toEqual(["", ""]);
  });

  for (const role of ["finance", "support"] as const) {
    test(`${role} sees neither the entry nor the pages`, async ({ page }) => {
      await signInAs(page, role);
      await page.goto("/payouts");
      await expect(
        page.getByRole("navigation", { name: "Navegação principal" }).getByRole("link", { name: "Repasses em lote" }),
      ).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Repasses em lote" })).toHaveCount(0);
      await page.goto("/payouts/batch/new");
      await expect(page.getByRole("heading", { level: 1, name: "Novo lote de repasses" })).toBeVisible();
      await expect(page.getByText(/não inclui esta página/)).toBeVisible();
      await expect(page.getByLabel("Planilha de repasses (CSV ou .xlsx)")).toHaveCount(0);
    });
  }
});
