/**
 * Payment links: the list (derived states, search, filters and sort in the URL),
 * the detail drawer (public URL, QR code) and the create form (slug suggestion,
 * fixed or minimum amount, expiry in the operator's zone, validation, server
 * errors on their fields).
 */
import type { Page } from "@playwright/test";
import {
  expectNoSeriousA11yViolations,
  screenshotForReadme,
  signInAs,
  signInAsOperator,
  useLanguage,
  expect,
  test,
} from "./fixtures";

const BASE_URL = "https://pay.example.com/l/";

/** A wall-clock time next year, typed as the Portuguese date-time input takes it (dd/mm/aaaa hh:mm). */
function nextYearLocal(): string {
  return `15/06/${new Date().getFullYear() + 1} 14:30`;
}

/** Counts POSTs to the create route, to prove that invalid input sends nothing. */
function countCreateRequests(page: Page): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/payment-links") count += 1;
  });
  return () => count;
}

/** Marks the document so a full reload would be noticed. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.documentElement.dataset.e2eMarker = "kept";
  });
}

async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.dataset.e2eMarker)).toBe("kept");
}

test.describe("payment links", () => {
  test("creates a fixed-amount link with a suggested slug and expiry, then sees it listed and opens its drawer", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signInAsOperator(page);
    await page.goto("/payment-links");
    await expect(page.getByRole("heading", { level: 1, name: "Links de pagamento" })).toBeVisible();
    await expect(page.getByRole("row", { name: /Camiseta Básica/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshotForReadme(page, "payment-links");

    await markDocument(page);
    await page.getByRole("link", { name: "Novo link" }).first().click();
    await expect(page).toHaveURL(/\/payment-links\/new$/);
    await expect(page.getByRole("heading", { level: 1, name: "Novo link de pagamento" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const stamp = Date.now();
    const name = `Curso Intensivo Ação ${stamp}`;
    const slug = `curso-intensivo-acao-${stamp}`;
    await page.getByLabel("Nome", { exact: true }).fill(name);
    // The slug follows the name: lower case, accents stripped, hyphens.
    await expect(page.getByLabel("Slug (endereço)")).toHaveValue(slug);
    await expect(page.getByTestId("slug-preview")).toHaveText(`${BASE_URL}${slug}`);

    await page.getByLabel(/^Descrição/).fill("Turma de fim de semana, material incluso.");
    await expect(page.getByRole("radio", { name: "Valor fixo" })).toBeChecked();
    const amount = page.getByRole("textbox", { name: "Valor fixo" });
    await amount.fill("1.234,56");
    await amount.blur();
    await expect(amount).toHaveValue("1.234,56");
    await page.getByLabel(/^Limite de vendas/).fill("50");
    const expires = page.getByLabel(/^Expira em/);
    await expires.fill(nextYearLocal());
    await expect(expires).toHaveAccessibleDescription(/Horário de Brasília/);
    await page.getByRole("checkbox", { name: "Coletar dados do cliente" }).check();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: "Criar link" }).click();

    // Back on the list, without a reload, with the new link's drawer open.
    await expect(page).toHaveURL(/\/payment-links\?id=pl_/);
    await expect(page.getByText(`Link “${name}” criado`)).toBeVisible();
    await expectSameDocument(page);
    const drawer = page.getByRole("dialog", { name });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText("R$ 1.234,56").first()).toBeVisible();
    await expect(drawer.getByText(`${BASE_URL}${slug}`).first()).toBeVisible();
    await expect(drawer.getByRole("img", { name: `QR code que abre ${BASE_URL}${slug}` })).toBeVisible();
    await expect(drawer.getByText("Agendado").or(drawer.getByText("No ar")).first()).toBeVisible();
    await expect(drawer.getByText("0 de 50 vendas").first()).toBeVisible();
    await expect(drawer.getByRole("button", { name: "Baixar QR code em PNG" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await drawer.getByRole("button", { name: "Copiar link público" }).click();
    await expect(page.getByRole("region", { name: /Notificações/ }).getByText("Link público copiado")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${BASE_URL}${slug}`);

    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(page).not.toHaveURL(/id=/);

    await page.getByRole("searchbox", { name: "Buscar na tabela" }).fill(String(stamp));
    await expect(page).toHaveURL(new RegExp(`[?&]q=${stamp}`));
    await expect(page.getByText("1 resultado", { exact: true })).toBeVisible();
    const row = page.getByRole("row", { name: new RegExp(`${stamp}`) });
    await expect(row).toHaveCount(1);
    await expect(row.getByText("R$ 1.234,56")).toBeVisible();
    await expect(row.getByRole("button", { name: `Copiar link público de ${name}` })).toBeVisible();
    await expectSameDocument(page);

    // Opening it again from the table, by keyboard.
    await row.focus();
    await expect(row).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name })).toBeVisible();
    await expect(page).toHaveURL(/id=pl_/);
    // Closing it gives focus back to the row, where the keyboard left off.
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name })).toBeHidden();
    await expect(row).toBeFocused();

    // The drawer is a step in the history: Back closes it on the same search, Forward opens it again.
    await row.click();
    await expect(page.getByRole("dialog", { name })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole("dialog", { name })).toBeHidden();
    await expect(page).not.toHaveURL(/[?&]id=/);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${stamp}`));
    await page.goForward();
    await expect(page.getByRole("dialog", { name })).toBeVisible();
    await expect(page).toHaveURL(/[?&]id=pl_/);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name })).toBeHidden();
    await expect(page).not.toHaveURL(/[?&]id=/);
    await expectSameDocument(page);
  });

  test("shows derived states next to the API's status: sold out while the API says active, scheduled while pending", async ({
    page,
  }) => {
    await signInAsOperator(page);
    await page.goto("/payment-links?q=show-de-verao");
    const soldOut = page.getByRole("row", { name: /show-de-verao/ });
    await expect(soldOut.getByText("Esgotado")).toBeVisible();
    await expect(soldOut.getByText("active", { exact: true })).toBeVisible();

    await page.goto("/payment-links?q=consultoria-1h");
    const scheduled = page.getByRole("row", { name: /consultoria-1h/ });
    await expect(scheduled.getByText("Agendado")).toBeVisible();
    // One state a person reads ("Agendado"), the API's raw status only as a detail: never "No ar" beside "Pendente".
    await expect(scheduled.getByText("pending", { exact: true })).toBeVisible();
    await expect(scheduled.getByText("Pendente")).toHaveCount(0);

    await page.goto("/payment-links?q=doacao-livre");
    await expect(page.getByRole("row", { name: /doacao-livre/ }).getByText("Qualquer valor ≥ R$ 10,00")).toBeVisible();
  });

  test("invalid input shows errors next to the fields and sends nothing", async ({ page }) => {
    await signInAsOperator(page);
    const posts = countCreateRequests(page);
    await page.goto("/payment-links/new");
    await expect(page.getByRole("heading", { level: 1, name: "Novo link de pagamento" })).toBeVisible();

    await page.getByRole("button", { name: "Criar link" }).click();
    const name = page.getByLabel("Nome", { exact: true });
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription(/Campo obrigatório\./);
    await expect(page.getByRole("textbox", { name: "Valor fixo" })).toHaveAccessibleDescription(
      /Informe um valor fixo ou um valor mínimo\./,
    );
    await expect(name).toBeFocused();

    await name.fill("Link com slug ruim");
    const slug = page.getByLabel("Slug (endereço)");
    await slug.fill("Slug Ruim!");
    await page.getByRole("textbox", { name: "Valor fixo" }).fill("10");
    await page.getByLabel(/^Expira em/).fill("01/01/2020 10:00");
    await page.getByRole("button", { name: "Criar link" }).click();

    await expect(slug).toHaveAccessibleDescription(/Use de 3 a 64 letras minúsculas, números e hífens/);
    await expect(page.getByLabel(/^Expira em/)).toHaveAccessibleDescription(
      /A data de expiração precisa estar no futuro\./,
    );
    await expect(name).toHaveValue("Link com slug ruim");
    await expect(slug).toHaveValue("Slug Ruim!");
    await expectNoSeriousA11yViolations(page);
    expect(posts()).toBe(0);
  });

  test("a slug already in use lands on the slug field, keeps everything typed, and a new slug goes through", async ({
    page,
  }) => {
    await signInAsOperator(page);
    await page.goto("/payment-links/new");
    const stamp = Date.now();
    const name = `Duplicado ${stamp}`;
    await page.getByLabel("Nome", { exact: true }).fill(name);
    const slug = page.getByLabel("Slug (endereço)");
    await slug.fill("camiseta-basica");
    await page.getByLabel(/^Descrição/).fill("Mesmo endereço de outro link.");
    await page.getByRole("textbox", { name: "Valor fixo" }).fill("99,90");
    await page.getByLabel(/^Limite de vendas/).fill("10");
    await page.getByRole("button", { name: "Criar link" }).click();

    await expect(slug).toHaveAccessibleDescription(/Este slug já está em uso em outro link da empresa/);
    await expect(slug).toHaveAttribute("aria-invalid", "true");
    const alert = page.getByRole("alert").filter({ hasText: "Não foi possível criar o link" });
    await expect(alert).toBeVisible();
    await expect(alert.getByText("ID da requisição")).toBeVisible();
    await expect(alert.getByText(/^req_/)).toBeVisible();
    await expect(page.getByLabel("Nome", { exact: true })).toHaveValue(name);
    await expect(slug).toHaveValue("camiseta-basica");
    await expect(page.getByLabel(/^Descrição/)).toHaveValue("Mesmo endereço de outro link.");
    await expect(page.getByRole("textbox", { name: "Valor fixo" })).toHaveValue("99,90");
    await expect(page.getByLabel(/^Limite de vendas/)).toHaveValue("10");
    // Typing in the name no longer rewrites a slug the operator chose.
    await page.getByLabel("Nome", { exact: true }).fill(`${name} B`);
    await expect(slug).toHaveValue("camiseta-basica");

    await slug.fill(`duplicado-${stamp}`);
    await page.getByRole("button", { name: "Criar link" }).click();
    await expect(page.getByText(`Link “${name} B” criado`)).toBeVisible();
    await expect(page.getByRole("dialog", { name: `${name} B` })).toBeVisible();
  });

  test("search, filters and sort live in the URL and survive a reload", async ({ page }) => {
    await signInAsOperator(page);
    await page.goto("/payment-links");
    await expect(page.getByRole("row", { name: /Camiseta Básica/ })).toBeVisible();

    await page.getByRole("searchbox", { name: "Buscar na tabela" }).fill("curso");
    await expect(page).toHaveURL(/[?&]q=curso/);
    await page.getByLabel("Filtrar por situação").selectOption({ label: "No ar" });
    await expect(page).toHaveURL(/[?&]state=active/);
    // Money sorts highest first on the first click.
    await page.getByRole("button", { name: "Receita" }).click();
    await expect(page).toHaveURL(/[?&]sort=revenue\.desc/);
    await expect(page.getByRole("columnheader", { name: "Receita" })).toHaveAttribute("aria-sort", "descending");

    await expect(page.getByRole("row", { name: /Curso Online de Fotografia/ })).toBeVisible();
    await expect(page.getByRole("row", { name: /Camiseta Básica/ })).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole("searchbox", { name: "Buscar na tabela" })).toHaveValue("curso");
    await expect(page.getByLabel("Filtrar por situação")).toHaveValue("active");
    await expect(page.getByRole("columnheader", { name: "Receita" })).toHaveAttribute("aria-sort", "descending");
    await expect(page.getByRole("row", { name: /Curso Online de Fotografia/ })).toBeVisible();
    await expect(page.getByRole("row", { name: /Camiseta Básica/ })).toHaveCount(0);

    // A filter that matches nothing says how to get out of it.
    await page.getByLabel("Filtrar por situação").selectOption({ label: "Desativado" });
    await expect(page.getByRole("heading", { name: "Nenhum link com esses filtros" })).toBeVisible();
    await page.getByRole("button", { name: "Limpar filtros" }).first().click();
    await expect(page).not.toHaveURL(/state=|q=/);
    await expect(page.getByRole("row", { name: /Camiseta Básica/ })).toBeVisible();
  });

  test("in English: creates a minimum-amount link and filters by amount type", async ({ page }) => {
    await useLanguage(page, "en");
    await signInAsOperator(page);
    await page.goto("/payment-links/new");
    await expect(page.getByRole("heading", { level: 1, name: "New payment link" })).toBeVisible();

    const stamp = Date.now();
    const name = `Open Donation ${stamp}`;
    await page.getByLabel("Name", { exact: true }).fill(name);
    await expect(page.getByLabel("Slug (address)")).toHaveValue(`open-donation-${stamp}`);
    await page.getByRole("radio", { name: "Minimum amount" }).check();
    await page.getByRole("textbox", { name: "Minimum amount" }).fill("25");
    await page.getByRole("button", { name: "Create link" }).click();

    await expect(page.getByText(`Link “${name}” created`)).toBeVisible();
    const drawer = page.getByRole("dialog", { name });
    await expect(drawer.getByText("Any amount ≥ R$25.00").first()).toBeVisible();
    await expect(drawer.getByRole("button", { name: "Copy public link" })).toBeVisible();
    await expect(
      drawer.getByRole("img", { name: new RegExp(`QR code that opens ${BASE_URL}open-donation-${stamp}`) }),
    ).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(page).not.toHaveURL(/id=/);

    await page.getByLabel("Filter by amount type").selectOption({ label: "Minimum amount" });
    await expect(page).toHaveURL(/[?&]amount=minimum/);
    await expect(
      page.getByRole("row", { name: new RegExp(`${stamp}`) }).getByText("Any amount ≥ R$25.00"),
    ).toBeVisible();
    await expect(page.getByRole("row", { name: /Basic|Camiseta Básica/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  for (const [role, home] of [
    ["support", "/payouts"],
    ["finance", "/"],
  ] as const) {
    test(`${role} is not offered payment links: the pages say so and link home`, async ({ page }) => {
      await signInAs(page, role);
      await page.goto("/payment-links");
      await expect(page).toHaveURL(/\/payment-links$/);
      await expect(page.getByRole("heading", { level: 1, name: "Links de pagamento" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Seu acesso não inclui esta página" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Ir para o início" })).toHaveAttribute("href", home);
      await expect(page.getByRole("table")).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Links de pagamento" })).toHaveCount(0);
      await page.goto("/payment-links/new");
      await expect(page).toHaveURL(/\/payment-links\/new$/);
      await expect(page.getByRole("heading", { name: "Seu acesso não inclui esta página" })).toBeVisible();
      await expect(page.getByLabel("Nome")).toHaveCount(0);
    });
  }
});
