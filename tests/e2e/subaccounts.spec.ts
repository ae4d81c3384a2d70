/**
 * Subaccounts: the API cannot list or read them, so the dashboard knows only
 * the ones changed through it. Journeys: open one by id, edit its limits with a
 * "current → new" review, see the new state in the page, the list and the
 * history; validation that never reaches the API; block and unblock behind a
 * confirmation; an id never seen here, in English, with a refused change.
 */
import type { Locator, Page } from "@playwright/test";
import {
  addSandboxFault,
  clearSandboxFaults,
  expectNoSeriousA11yViolations,
  screenshotForReadme,
  DEMO_NAMES,
  signInAs,
  signInAsOperator,
  useLanguage,
  expect,
  test,
} from "./fixtures";

// The journeys share sa_demo_1 and build on each other's state.
test.describe.configure({ mode: "serial" });

const DEMO = "sa_demo_1";
const stamp = Date.now();
/**
 * The demo operator, whose name every journey of the run shares: a history row
 * is told apart as this journey's by what it changed (newest first) instead.
 */
const operator = DEMO_NAMES.operator;

/** Counts the subaccount writes the browser sends (PATCH/PUT under /api/subaccounts). */
function countWrites(page: Page): () => number {
  let writes = 0;
  page.on("request", (request) => {
    if (["PATCH", "PUT"].includes(request.method()) && new URL(request.url()).pathname.startsWith("/api/subaccounts"))
      writes += 1;
  });
  return () => writes;
}

/** One label/value pair of the "current state" list. */
function currentValue(page: Page, label: string): Locator {
  return page
    .locator("[data-slot=detail-list] > div")
    .filter({ has: page.getByRole("term").getByText(label, { exact: true }) })
    .getByRole("definition");
}

function header(page: Page): Locator {
  return page.locator("[data-slot=page-header]");
}

test("open sa_demo_1 by id, change its limits after a current → new review, and find the change in the page, the list and the history", async ({
  page,
}) => {
  await signInAsOperator(page);
  // Another journey in this run may already have changed sa_demo_1; in a fresh run the dashboard has never seen it.
  const wasUnknown = (await page.request.get(`/api/subaccounts/${DEMO}`)).status() === 404;

  await page.goto("/subaccounts");
  await expect(page.getByRole("heading", { level: 1, name: "Subcontas" })).toBeVisible();
  const openBox = page.getByLabel("ID da subconta");
  await openBox.fill("sa demo!");
  await page.getByRole("button", { name: "Abrir", exact: true }).click();
  await expect(page.getByText("ID inválido: use só letras, números, _ e -.")).toBeVisible();
  await expect(page).toHaveURL(/\/subaccounts$/);
  await openBox.fill(DEMO);
  await page.getByRole("button", { name: "Abrir", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/subaccounts/${DEMO}$`));

  if (wasUnknown) {
    await expect(page.getByRole("heading", { name: "Este painel não tem registro desta subconta" })).toBeVisible();
    await expect(
      page.getByText("A API de pagamentos permite alterar e bloquear subcontas, mas não consultá-las.", {
        exact: false,
      }),
    ).toBeVisible();
    await expect(header(page).getByText("Estado desconhecido")).toBeVisible();
    // No record here: no action is offered until the operator says they mean this id.
    await expect(page.getByRole("textbox", { name: "Nome" })).toHaveCount(0);
    await page.getByRole("button", { name: "Alterar esta subconta mesmo assim" }).click();
    await expect(page.getByRole("textbox", { name: "Nome" })).toHaveValue("");
    await expectNoSeriousA11yViolations(page);
  } else {
    await expect(currentValue(page, "Nome")).toHaveText("Loja Centro");
  }

  await page.getByRole("textbox", { name: "Limite diário" }).fill("5.000,00");
  await page.getByRole("textbox", { name: "Limite mensal" }).fill("50.000,00");
  await page.getByRole("button", { name: "Revisar e salvar" }).click();

  const review = page.getByRole("alertdialog", { name: "Confirmar alterações" });
  await expect(review).toBeVisible();
  const monthlyChange = review.getByRole("row", { name: /Limite mensal/ }).getByRole("cell");
  await expect(monthlyChange).toHaveText(/passa a ser\s*R\$\s50\.000,00$/);
  if (wasUnknown) {
    await expect(monthlyChange).toHaveText(/^desconhecido\s*passa a ser\s*R\$\s50\.000,00$/);
    await expect(review.getByRole("row", { name: /Limite diário/ }).getByRole("cell")).toHaveText(
      /^desconhecido\s*passa a ser\s*R\$\s5\.000,00$/,
    );
    // Blank fields are not sent, so they are not in the review.
    await expect(review.getByRole("row", { name: /Nome/ })).toHaveCount(0);
  }
  await expectNoSeriousA11yViolations(page);
  await review.getByRole("button", { name: "Salvar alterações" }).click();

  await expect(page.getByText("Subconta Loja Centro atualizada")).toBeVisible();
  await expect(review).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Loja Centro" })).toBeVisible();
  await expect(currentValue(page, "Limite mensal")).toHaveText("R$ 50.000,00");
  await expect(currentValue(page, "Limite diário")).toHaveText("R$ 5.000,00");
  await expect(currentValue(page, "Última alteração")).toContainText(`por ${operator}`);
  await expect(header(page).getByText("Ativa", { exact: true })).toBeVisible();
  // The form now starts from the new state: nothing left to save.
  await expect(page.getByRole("textbox", { name: "Limite mensal" })).toHaveValue("50.000,00");
  await expect(page.getByRole("button", { name: "Revisar e salvar" })).toBeDisabled();

  const history = page.getByRole("table", { name: "Histórico" });
  const changes = history.getByRole("row").filter({ hasText: operator }).filter({ hasText: "Alteração" });
  // In a fresh run this is sa_demo_1's first change; otherwise it is the newest one (the history's default order).
  if (wasUnknown) await expect(changes).toHaveCount(1);
  const entry = changes.first();
  await expect(entry).toContainText("Concluída");
  await expect(entry.locator("[data-field=monthly_limit_centavos]")).toContainText(
    wasUnknown ? /desconhecido\s*passa a ser\s*R\$\s50\.000,00/ : /R\$\s50\.000,00/,
  );
  await expect(entry.getByRole("button", { name: "Copiar ID da requisição" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshotForReadme(page, "subaccount-detail");

  await page.getByRole("link", { name: "Subcontas" }).first().click();
  await expect(page).toHaveURL(/\/subaccounts$/);
  const list = page.getByRole("table", { name: "Subcontas conhecidas" });
  const row = list.getByRole("row", { name: new RegExp(`Subconta Loja Centro \\(${DEMO}\\)`) });
  await expect(row).toContainText("R$ 50.000,00");
  await expect(row).toContainText("R$ 5.000,00");
  await expect(row).toContainText(`por ${operator}`);

  // Search is kept in the URL and survives a reload.
  await page.getByRole("searchbox", { name: "Buscar na tabela" }).fill(DEMO);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${DEMO}`));
  await page.reload();
  await expect(page.getByRole("searchbox", { name: "Buscar na tabela" })).toHaveValue(DEMO);
  await expect(list.getByRole("row", { name: /Subconta Loja Centro/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshotForReadme(page, "subaccounts");

  // Keyboard: Enter on a row opens it.
  await list.getByRole("row", { name: /Subconta Loja Centro/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/subaccounts/${DEMO}$`));
});

test("a bad document or a monthly limit below the daily one is shown next to the field and nothing is sent", async ({
  page,
}) => {
  await signInAsOperator(page);
  const writes = countWrites(page);
  await page.goto(`/subaccounts/${DEMO}`);
  await expect(currentValue(page, "Nome")).toHaveText("Loja Centro");

  const documentInput = page.getByRole("textbox", { name: "CPF ou CNPJ" });
  await documentInput.fill("123.456.789-00");
  await documentInput.blur();
  await expect(documentInput).toHaveAccessibleDescription(/CPF ou CNPJ inválido: confira os dígitos verificadores\./);
  await page.getByRole("button", { name: "Revisar e salvar" }).click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(documentInput).toHaveAttribute("aria-invalid", "true");
  await expect(documentInput).toHaveValue("123.456.789-00");

  await page.getByRole("button", { name: "Descartar alterações" }).click();
  await expect(documentInput).not.toHaveValue("123.456.789-00");

  const monthly = page.getByRole("textbox", { name: "Limite mensal" });
  await monthly.fill("1.000,00");
  await monthly.blur();
  await expect(monthly).toHaveAccessibleDescription(/O limite mensal não pode ser menor que o diário\./);
  await page.getByRole("button", { name: "Revisar e salvar" }).click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(monthly).toHaveValue("1.000,00");

  // An alphanumeric CNPJ is accepted and reviewed masked; going back keeps what was typed.
  await page.getByRole("button", { name: "Descartar alterações" }).click();
  await documentInput.fill("12ABC34501DE35");
  await documentInput.blur();
  await expect(documentInput).toHaveValue("12.ABC.345/01DE-35");
  await expect(documentInput).not.toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Revisar e salvar" }).click();
  const review = page.getByRole("alertdialog", { name: "Confirmar alterações" });
  await expect(review.getByRole("row", { name: /CPF ou CNPJ/ }).getByRole("cell")).toHaveText(
    /passa a ser\s*12\.ABC\.345\/01DE-35$/,
  );
  await review.getByRole("button", { name: "Voltar e editar" }).click();
  await expect(review).toBeHidden();
  await expect(documentInput).toHaveValue("12.ABC.345/01DE-35");

  expect(writes()).toBe(0);
});

test("block sa_demo_1 through a confirmation that states the consequence, find it under the blocked filter, then unblock it", async ({
  page,
}) => {
  await signInAsOperator(page);
  await page.goto(`/subaccounts/${DEMO}`);
  await expect(header(page).getByText("Ativa", { exact: true })).toBeVisible();

  // The confirmation's code loads on the first open; Escape closes it and focus goes back to the button.
  const blockButton = header(page).getByRole("button", { name: "Bloquear", exact: true });
  await blockButton.click();
  const confirm = page.getByRole("alertdialog", { name: "Bloquear a subconta Loja Centro?" });
  await expect(confirm).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(blockButton).toBeFocused();
  await expect(blockButton).toHaveAttribute("aria-expanded", "false");

  await blockButton.click();
  await expect(confirm).toContainText("Enquanto estiver bloqueada, a subconta não movimenta dinheiro");
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole("button", { name: "Bloquear subconta" }).click();
  await expect(page.getByText("Subconta Loja Centro bloqueada")).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(header(page).getByText("Bloqueada", { exact: true })).toBeVisible();
  await expect(currentValue(page, "Situação")).toHaveText("Bloqueada");
  const history = page.getByRole("table", { name: "Histórico" });
  // Newest first: the block just made.
  await expect(
    history.getByRole("row").filter({ hasText: operator }).filter({ hasText: "Bloqueio" }).first(),
  ).toContainText(/Ativa\s*passa a ser\s*Bloqueada/);

  // The list's filter is in the URL.
  await page.goto("/subaccounts");
  await page.getByLabel("Filtrar por situação").selectOption("blocked");
  await expect(page).toHaveURL(/[?&]status=blocked/);
  const list = page.getByRole("table", { name: "Subcontas conhecidas" });
  await expect(
    list.getByRole("row", { name: new RegExp(`Subconta Loja Centro \\(${DEMO}\\), Bloqueada`) }),
  ).toBeVisible();
  await page.getByLabel("Filtrar por situação").selectOption("active");
  await expect(list.getByRole("row", { name: /Subconta Loja Centro/ })).toHaveCount(0);

  await page.goto(`/subaccounts/${DEMO}`);
  await header(page).getByRole("button", { name: "Desbloquear", exact: true }).click();
  const unblock = page.getByRole("alertdialog", { name: "Desbloquear a subconta Loja Centro?" });
  await expect(unblock).toContainText("A subconta volta a movimentar dinheiro");
  await expect(unblock).toContainText("Limites atuais: R$ 5.000,00 por dia e R$ 50.000,00 por mês.");
  await unblock.getByRole("button", { name: "Desbloquear subconta" }).click();
  await expect(page.getByText("Subconta Loja Centro desbloqueada")).toBeVisible();
  await expect(header(page).getByText("Ativa", { exact: true })).toBeVisible();
  await expect(header(page).getByRole("button", { name: "Bloquear", exact: true })).toBeVisible();
});

test("a save the API keeps failing shows what went wrong with its request id, keeps the typed value, and the retry reuses the idempotency key", async ({
  page,
  request,
}) => {
  await signInAsOperator(page);
  const keys: string[] = [];
  page.on("request", (req) => {
    if (req.method() === "PATCH" && new URL(req.url()).pathname === `/api/subaccounts/${DEMO}`)
      keys.push(req.headers()["idempotency-key"] ?? "");
  });
  await page.goto(`/subaccounts/${DEMO}`);
  await expect(currentValue(page, "Nome")).toHaveText("Loja Centro");

  const email = `retry-${stamp}@acme.example.com`;
  await addSandboxFault(request, {
    kind: "error503",
    method: "POST",
    path: `/v1/subaccounts/${DEMO}/update`,
    count: 50,
  });
  try {
    await page.getByRole("textbox", { name: "E-mail" }).fill(email);
    await page.getByRole("button", { name: "Revisar e salvar" }).click();
    const review = page.getByRole("alertdialog", { name: "Confirmar alterações" });
    await review.getByRole("button", { name: "Salvar alterações" }).click();
    const error = review.getByRole("alert");
    await expect(error).toContainText("A API de pagamentos está indisponível no momento.");
    await expect(error).toContainText(/ID da requisição:\s*req_/);
    await expect(error.getByRole("button", { name: "Copiar ID da requisição" })).toBeVisible();
    await expect(review.getByRole("row", { name: /E-mail/ }).getByRole("cell")).toContainText(email);
  } finally {
    await clearSandboxFaults(request);
  }

  const review = page.getByRole("alertdialog", { name: "Confirmar alterações" });
  await review.getByRole("button", { name: "Tentar salvar de novo" }).click();
  await expect(page.getByText("Subconta Loja Centro atualizada")).toBeVisible();
  await expect(currentValue(page, "E-mail")).toHaveText(email);
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  const history = page.getByRole("table", { name: "Histórico" });
  // This journey's failed attempt: the one with its own e-mail, its failure in words, not as its code.
  const failedAttempt = history
    .getByRole("row")
    .filter({ hasText: operator })
    .filter({ hasText: "Falhou" })
    .filter({ hasText: email });
  await expect(failedAttempt).toContainText("A API de pagamentos está indisponível no momento.");
  await expect(failedAttempt).not.toContainText("upstream_unavailable");
});

test("in English: an id never seen here is explained, and a change the API refuses shows the error with its request id", async ({
  page,
}) => {
  await useLanguage(page, "en");
  await signInAsOperator(page);
  const ghost = `sa_never_${stamp}`;
  // The page reads what the dashboard knows of the id on the server: the browser asks nothing, and no 404 is logged.
  const stateReads: number[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname === `/api/subaccounts/${ghost}`) stateReads.push(response.status());
  });
  await page.goto("/subaccounts");
  await page.getByLabel("Subaccount ID").fill(ghost);
  await page.getByRole("button", { name: "Open", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/subaccounts/${ghost}$`));

  await expect(page.getByRole("heading", { level: 1, name: `Subaccount ${ghost}` })).toBeVisible();
  await expect(page.getByRole("heading", { name: "This dashboard has no record of this subaccount" })).toBeVisible();
  await expect(
    page.getByText("The payments API can change and block subaccounts but cannot read them.", { exact: false }),
  ).toBeVisible();
  // No record here: nothing is offered up front but the way on and another id.
  await expect(header(page).getByRole("button")).toHaveCount(1); // the id's copy button
  await expect(page.getByRole("link", { name: "Open another ID" })).toHaveAttribute("href", "/subaccounts");
  expect(stateReads).toEqual([]);
  await page.getByRole("button", { name: "Change this subaccount anyway" }).click();
  // Not knowing the state, one action that asks which, not Block and Unblock side by side.
  await expect(header(page).getByRole("button", { name: "Block or unblock…" })).toBeVisible();
  await expect(header(page).getByRole("button", { name: "Block", exact: true })).toHaveCount(0);
  await expect(header(page).getByRole("button", { name: "Unblock", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Review and save" })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("textbox", { name: "Name" }).fill("Ghost Store");
  await page.getByRole("button", { name: "Review and save" }).click();
  const review = page.getByRole("alertdialog", { name: "Confirm changes" });
  await expect(review.getByRole("row", { name: /Name/ }).getByRole("cell")).toHaveText(
    /^unknown\s*becomes\s*Ghost Store$/,
  );
  await expect(review.getByRole("row")).toHaveCount(2); // header + the one field typed
  await review.getByRole("button", { name: "Save changes" }).click();

  // The sandbox has no such subaccount: the refusal, its request id and a retry stay in the dialog.
  const error = review.getByRole("alert");
  await expect(error).toContainText("Not found.");
  await expect(error).toContainText(/Request ID:\s*req_/);
  await expect(error.getByRole("button", { name: "Copy Request ID" })).toBeVisible();
  await expect(review.getByRole("button", { name: "Try saving again" })).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  await review.getByRole("button", { name: "Back to editing" }).click();
  await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue("Ghost Store");
  await expect(page.getByRole("alert").filter({ hasText: "Not found." })).toBeVisible();

  const failed = page.getByRole("table", { name: "History" }).getByRole("row").filter({ hasText: operator });
  await expect(failed).toContainText("Failed");
  await expect(failed).toContainText("Not found.");
  await expect(failed).not.toContainText("not_found");
  await expect(failed).toContainText(/unknown\s*becomes\s*Ghost Store/);
});

for (const [role, home] of [
  ["support", "/payouts"],
  ["finance", "/"],
] as const) {
  test(`${role} is not offered subaccounts: the page says so and links home`, async ({ page }) => {
    await signInAs(page, role);
    await page.goto("/subaccounts/sa_demo_2");
    await expect(page).toHaveURL(/\/subaccounts\/sa_demo_2$/);
    await expect(page.getByRole("heading", { level: 1, name: "Subcontas" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Seu acesso não inclui esta página" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Ir para o início" })).toHaveAttribute("href", home);
    await expect(page.getByRole("link", { name: "Subcontas" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Bloquear", exact: true })).toHaveCount(0);
  });
}
