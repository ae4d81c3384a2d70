/**
 * Date inputs follow the app, not the browser: a Chromium whose own language is
 * English (so a native date input would read mm/dd/yyyy with a 12-hour clock)
 * while the app is in Portuguese. The link expiry is typed 15/12 18:30 in
 * Brazilian order and saved as 15 December 18:30 São Paulo; an impossible day is
 * refused beside the field; the chargeback filter takes typed days into the URL.
 */
import {
  expectNoSeriousA11yViolations,
  signInAsFinance,
  signInAsOperator,
  useLanguage,
  expect,
  test,
} from "./fixtures";

test.use({ locale: "en-US" });

/** The next 15 December whose 18:30 in São Paulo (21:30 UTC) is still more than a day away. */
function nextDecember15(): number {
  const year = new Date().getUTCFullYear();
  return Date.UTC(year, 11, 15, 21, 30) - Date.now() > 86_400_000 ? year : year + 1;
}

/** "YYYY-MM-DD" of a day in São Paulo, `days` before today. */
function saoPauloDay(daysAgo: number): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Sao_Paulo",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(Date.now() - daysAgo * 86_400_000));
}

test.describe("date inputs in Portuguese, in an English browser", () => {
  test.beforeEach(async ({ page }) => {
    await useLanguage(page, "pt-BR");
  });

  test("a link expiry typed 15/12 18:30 is saved as 15 December 18:30 São Paulo", async ({ page }) => {
    await signInAsOperator(page);
    await page.goto("/payment-links/new");
    await expect(page.getByRole("heading", { level: 1, name: "Novo link de pagamento" })).toBeVisible();
    expect(await page.evaluate(() => navigator.language)).toBe("en-US");

    const year = nextDecember15();
    const stamp = Date.now();
    const name = `Validade digitada ${stamp}`;
    await page.getByLabel("Nome", { exact: true }).fill(name);
    await page.getByRole("textbox", { name: "Valor fixo" }).fill("10,00");

    const expires = page.getByLabel(/^Expira em/);
    await expect(expires).toHaveAttribute("placeholder", "dd/mm/aaaa hh:mm");
    await expect(expires).toHaveAccessibleDescription(/Formato dd\/mm\/aaaa hh:mm, 24 horas.*Horário de Brasília/);

    // A day the calendar lacks is refused beside the field, and gives no expiry.
    await expires.fill(`31/02/${year} 10:00`);
    await expect(expires).toHaveAttribute("aria-invalid", "true");
    await expect(expires).toHaveAccessibleDescription(/Essa data ou hora não existe/);

    await expires.fill(`15/12/${year} 18:30`);
    await expect(expires).toHaveValue(`15/12/${year} 18:30`);
    await expect(expires).not.toHaveAttribute("aria-invalid", "true");

    // The calendar opens from the keyboard on the typed day, and Escape gives focus back to its button.
    const calendarButton = page.getByRole("button", { name: "Abrir calendário: Expira em" });
    await calendarButton.focus();
    await page.keyboard.press("Enter");
    const calendar = page.getByRole("dialog", { name: "Escolher data" });
    await expect(calendar).toBeVisible();
    await expect(calendar.getByRole("button", { name: new RegExp(`15 de dezembro de ${year}`) })).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
    await expect(calendar).toBeHidden();
    await expect(calendarButton).toBeFocused();
    await expect(expires).toHaveValue(`15/12/${year} 18:30`);

    const created = page.waitForRequest(
      (request) => request.method() === "POST" && new URL(request.url()).pathname === "/api/payment-links",
    );
    await page.getByRole("button", { name: "Criar link" }).click();
    const body = (await created).postDataJSON() as { expires_at?: string };
    expect(body.expires_at).toBe(`${year}-12-15T21:30:00Z`);

    const drawer = page.getByRole("dialog", { name });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText(new RegExp(`15/12/${year},? 18:30`)).first()).toBeVisible();
  });

  test("the chargeback filter takes days typed dd/mm/aaaa into the URL, and refuses 31/02", async ({ page }) => {
    await signInAsFinance(page);
    await page.goto("/chargebacks");
    await expect(page.getByRole("heading", { level: 1, name: "Contestações" })).toBeVisible();

    const from = page.getByLabel(/^Aberta a partir de/);
    const to = page.getByLabel(/^Aberta até/);
    await expect(from).toHaveAttribute("placeholder", "dd/mm/aaaa");

    const first = saoPauloDay(30);
    const last = saoPauloDay(0);
    const typed = (day: string) => day.split("-").reverse().join("/");
    await from.fill(typed(first));
    await to.fill(typed(last));
    await expect(page).toHaveURL(new RegExp(`from=${first}.*to=${last}`));

    // Kept across a reload, shown again in the app's format.
    await page.reload();
    await expect(page.getByLabel(/^Aberta a partir de/)).toHaveValue(typed(first));
    await expect(page.getByLabel(/^Aberta até/)).toHaveValue(typed(last));

    // An impossible day is said beside the pair; the URL stops naming a start day rather than guessing one.
    await page.getByLabel(/^Aberta a partir de/).fill("31/02/2026");
    await expect(page.getByText("Essa data não existe: confira o dia e o mês.")).toBeVisible();
    await expect(page.getByLabel(/^Aberta a partir de/)).toHaveAttribute("aria-invalid", "true");
    await expect(page).not.toHaveURL(/from=/);
    await expect(page).toHaveURL(new RegExp(`to=${last}`));
    await expectNoSeriousA11yViolations(page);
  });
});
