/**
 * Personal accounts end to end, on a fresh deployment against a real API (the sandbox reached through
 * PAYMENTS_API_URL, so there are no demo people): the first owner comes through the setup link the server
 * prints, invites an operator and a finance person, who each create their account, turn on two-step
 * verification and sign in again with a code; the operator sends a payout, finance sees it (and the operator's
 * name on it in the activity log) but may not send one; the owner deactivates the operator, whose open tab is
 * sent to sign in at its next step. Runs its own sandbox and its own BFF (`next start`, real-API mode).
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { generate } from "otplib";
import { ACME } from "../../sandbox/businesses";
import {
  killHard,
  pollUntil,
  startNextProcess,
  startSandboxProcess,
  waitFor,
  writeHeaders,
  type Started,
} from "../soak/processes";
import { expect, expectNoSeriousA11yViolations as axeCheck, test, hydrateOnLoads } from "./fixtures";

// Offsets of their own from the journeys' ports (crash-recovery uses +81/+91, transport +2..+4).
const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4110) + 57;
const BFF_PORT = Number(process.env.E2E_PORT ?? 3100) + 57;
const BFF = `http://127.0.0.1:${BFF_PORT}`;
const SANDBOX = `http://127.0.0.1:${SANDBOX_PORT}`;

const TOTP_STEP_MS = 30_000;

interface Person {
  name: string;
  email: string;
  password: string;
  roleLabel: string;
}

interface Signed {
  person: Person;
  page: Page;
  /** The base32 secret read from the setup page, and the last step whose code the server accepted. */
  totp?: { secret: string; lastStep: number };
}

let workDir = "";
let bffLog = "";
let sandboxProcess: Started | null = null;
let bffProcess: Started | null = null;
const contexts: BrowserContext[] = [];
const consoleErrors: string[] = [];

// ---------------------------------------------------------------- helpers

/** The one `"event":"setup.link"` line the BFF prints on stderr at its first start. */
async function readSetupLink(logFile: string): Promise<string> {
  const line = await pollUntil(
    "the setup link on the BFF's stderr",
    async () =>
      readFileSync(logFile, "utf8")
        .split("\n")
        .find((l) => l.includes('"event":"setup.link"')),
    (found) => found !== undefined,
    { timeoutMs: 60_000 },
  );
  return (JSON.parse(line ?? "{}") as { url: string }).url;
}

/** A browser context of its own (one person each), watched for console errors and uncaught page errors. */
async function newPersonPage(browser: Browser, who: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: BFF, locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  contexts.push(context);
  context.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(`${who} on ${message.page()?.url() ?? "?"}: ${message.text()}`);
  });
  context.on("weberror", (error) => consoleErrors.push(`${who}: ${error.error().message}`));
  hydrateOnLoads(context);
  return context.newPage();
}

/** Axe once no toast is fading in or out (a half-transparent toast fails the contrast rule). */
async function expectAccessible(page: Page): Promise<void> {
  await expect(page.locator("[data-toast]")).toHaveCount(0);
  await axeCheck(page);
}

/** The TOTP code (SHA-1, 6 digits, 30 s: lib/server/accounts/totp.ts) of a step. */
function totpCode(secret: string, step: number): Promise<string> {
  return generate({ secret, algorithm: "sha1", digits: 6, period: 30, epoch: step * 30 });
}

/**
 * The step to use now: the current one, unless its code was already accepted (the server refuses a step not
 * later than the last one it accepted), then the next one, which it accepts (one step of tolerance).
 */
function usableStep(lastStep: number | null): number {
  const now = Math.floor(Date.now() / TOTP_STEP_MS);
  return lastStep !== null && now <= lastStep ? lastStep + 1 : now;
}

function userMenu(page: Page, person: Person) {
  return page.getByRole("button", { name: `Conta: ${person.name} (${person.roleLabel})` });
}

async function setUpWorkspace(page: Page, link: string, owner: Person): Promise<void> {
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Configurar o painel" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Seu nome", { exact: true }).fill(owner.name);
  await page.getByLabel("Seu e-mail", { exact: true }).fill(owner.email);
  await page.getByLabel("Senha", { exact: true }).fill(owner.password);
  await page.getByRole("textbox", { name: "Nome da empresa (opcional)", exact: true }).fill("Acme Jornada");
  await page.getByLabel("Chave de API da empresa", { exact: true }).fill(ACME.apiKey);
  await page.getByRole("button", { name: "Criar e entrar" }).click();
  await expect(page).toHaveURL(`${BFF}/`);
  await expect(userMenu(page, owner)).toBeVisible();
}

/** Invites from the members page; returns the link the dialog shows once. */
async function invite(page: Page, email: string, role: "operator" | "finance"): Promise<string> {
  await page.getByRole("button", { name: "Convidar", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Convidar pessoa" });
  await dialog.getByLabel("E-mail", { exact: true }).fill(email);
  await dialog.getByLabel("Papel", { exact: true }).selectOption(role);
  await dialog.getByRole("button", { name: "Criar convite" }).click();
  const created = page.getByRole("dialog", { name: "Convite criado" });
  const linkField = created.getByLabel("Link do convite", { exact: true });
  await expect(linkField).toHaveValue(new RegExp(`^${BFF}/invite/`));
  const link = await linkField.inputValue();
  await created.getByRole("button", { name: "Concluir" }).click();
  await expect(created).toBeHidden();
  await expect(page.getByRole("listitem").filter({ hasText: email })).toBeVisible();
  return link;
}

async function acceptInvitation(page: Page, link: string, person: Person): Promise<void> {
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Convite para Acme Jornada" })).toBeVisible();
  await expect(page.getByText(`${person.email} foi convidado(a) como ${person.roleLabel}.`)).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Seu nome", { exact: true }).fill(person.name);
  await page.getByLabel("Nova senha (12 caracteres ou mais)", { exact: true }).fill(person.password);
  await page.getByRole("button", { name: "Aceitar convite" }).click();
  await expect(userMenu(page, person)).toBeVisible();
}

/** /account/security: start, read the key to type, confirm with its code, see the recovery codes once. */
async function enableTwoFactor(signed: Signed, checkA11y: boolean): Promise<void> {
  const { page } = signed;
  await page.goto("/account/security");
  await expect(page.getByRole("heading", { level: 1, name: "Segurança da conta" })).toBeVisible();
  await page.getByRole("button", { name: "Ativar verificação em duas etapas" }).click();
  const manualKey = page.getByText("Ou digite esta chave no aplicativo", { exact: true }).locator("..").locator("code");
  await expect(manualKey).toHaveText(/^[A-Z2-7 ]{16,}$/);
  const secret = ((await manualKey.textContent()) ?? "").replace(/\s+/g, "");
  if (checkA11y) await expectAccessible(page);

  const step = usableStep(null);
  await page.getByLabel("Código de 6 dígitos do aplicativo", { exact: true }).fill(await totpCode(secret, step));
  await page.getByRole("button", { name: "Confirmar e ativar" }).click();
  signed.totp = { secret, lastStep: step };

  const codes = page.getByRole("list", { name: "Códigos de recuperação" });
  await expect(codes.getByRole("listitem")).toHaveCount(10);
  await expect(codes.getByRole("listitem").first()).toHaveText(/^[0-9a-z]{4}(-[0-9a-z]{4}){3}$/);
  await page.getByRole("button", { name: "Guardei os códigos" }).click();
  await expect(codes).toBeHidden();
  await expect(page.getByText(/^Ativa desde /)).toBeVisible();
}

async function signOut(signed: Signed): Promise<void> {
  await userMenu(signed.page, signed.person).click();
  await signed.page.getByRole("menuitem", { name: "Sair", exact: true }).click();
  await expect(signed.page.getByRole("heading", { level: 1, name: "Entrar no painel" })).toBeVisible();
}

/** The sign-in form, then the second step with a code the server has not seen yet. */
async function signInWithCode(signed: Signed, checkA11y: boolean): Promise<void> {
  const { page, person, totp } = signed;
  if (!totp) throw new Error(`${person.name} has no two-step verification to sign in with`);
  await page.getByLabel("E-mail", { exact: true }).fill(person.email);
  await page.getByLabel("Senha", { exact: true }).fill(person.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Verificação em duas etapas" })).toBeVisible();
  await expect(page.getByText(`Entrando como ${person.email}.`)).toBeVisible();
  if (checkA11y) await expectAccessible(page);
  const step = usableStep(totp.lastStep);
  await page.getByLabel("Código do aplicativo autenticador", { exact: true }).fill(await totpCode(totp.secret, step));
  await page.getByRole("button", { name: "Verificar", exact: true }).click();
  totp.lastStep = step;
  await expect(userMenu(page, person)).toBeVisible();
}

/** The operator's single payout: form, review, confirm, receipt until paid; returns the payout's id. */
async function sendPayout(page: Page, pixKey: string): Promise<string> {
  await page.goto("/payouts/new");
  await expect(page.getByRole("heading", { level: 1, name: "Novo repasse Pix" })).toBeVisible();
  await page.getByLabel("Valor", { exact: true }).fill("250,00");
  await page.getByLabel("Tipo de chave", { exact: true }).selectOption("email");
  await page.getByLabel("Chave Pix", { exact: true }).fill(pixKey);
  await page.getByRole("button", { name: "Revisar repasse" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Revise antes de enviar" })).toBeFocused();
  await page.getByRole("button", { name: "Confirmar e enviar" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Comprovante" })).toBeVisible();
  await expect(page.getByTestId("receipt-status")).toHaveText("Pago", { timeout: 30_000 });
  const id = page
    .locator("dl > div")
    .filter({ has: page.locator("dt").getByText("ID do repasse", { exact: true }) })
    .locator("dd");
  await expect(id).toHaveText(/po_/);
  return ((await id.textContent()) ?? "").trim();
}

// ---------------------------------------------------------------- the deployment

test.describe.configure({ mode: "serial" });
// Three people, two of them signing in twice with argon2 and TOTP, a settlement: a long journey on 2 cores.
test.setTimeout(300_000);
// A field or button that never comes fails this step, not the whole journey's 5 minutes later.
test.use({ actionTimeout: 20_000 });

test.beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), "pixops-team-"));
  bffLog = path.join(workDir, "bff.log");
  sandboxProcess = startSandboxProcess({ port: SANDBOX_PORT, dataDir: path.join(workDir, "sandbox"), settleMs: 2000 });
  await waitFor(`${SANDBOX}/__sandbox/health`);
  bffProcess = startNextProcess({
    port: BFF_PORT,
    apiUrl: SANDBOX,
    logFile: bffLog,
    env: {
      DATA_DIR: workDir,
      LEDGER_DIR: path.join(workDir, "ledger"),
      SESSION_SECRET: "team-journey-session-secret-0123456789-abcdefghij",
      CREDENTIAL_KEYS: "journey-1:team-journey-credential-key-0123456789-abcdefghij",
    },
  });
  await waitFor(`${BFF}/login`);
});

test.afterAll(async () => {
  for (const context of contexts) await context.close();
  await killHard(bffProcess);
  await killHard(sandboxProcess);
  rmSync(workDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------- the journey

test("a fresh deployment: setup link, invitations, 2FA, a payout by the operator seen by finance, and a deactivation that ends the operator's open tab", async ({
  browser,
}) => {
  const tag = randomUUID().slice(0, 8);
  const owner: Person = {
    name: "Helena Fundadora",
    email: `owner-${tag}@acme.example`,
    password: "owner journey passphrase 1",
    roleLabel: "Proprietário",
  };
  const operator: Person = {
    name: "Otávio Operador",
    email: `operator-${tag}@acme.example`,
    password: "operator journey passphrase 2",
    roleLabel: "Operador",
  };
  const finance: Person = {
    name: "Fernanda Finanças",
    email: `finance-${tag}@acme.example`,
    password: "finance journey passphrase 3",
    roleLabel: "Financeiro",
  };

  const ownerPage = await newPersonPage(browser, "owner");
  let operatorLink = "";
  let financeLink = "";

  await test.step("the owner opens the setup link and lands in the dashboard", async () => {
    await setUpWorkspace(ownerPage, await readSetupLink(bffLog), owner);
  });

  await test.step("the owner invites an operator and a finance person and copies each link", async () => {
    await ownerPage.goto("/members");
    await expect(ownerPage.getByRole("heading", { level: 1, name: "Membros" })).toBeVisible();
    await expect(ownerPage.locator(`tr[data-member="${owner.email}"]`)).toContainText(owner.name);
    await expectAccessible(ownerPage);
    operatorLink = await invite(ownerPage, operator.email, "operator");
    financeLink = await invite(ownerPage, finance.email, "finance");
    expect(operatorLink).not.toBe(financeLink);
  });

  const op: Signed = { person: operator, page: await newPersonPage(browser, "operator") };
  const fin: Signed = { person: finance, page: await newPersonPage(browser, "finance") };

  for (const [signed, link, first] of [
    [op, operatorLink, true],
    [fin, financeLink, false],
  ] as const) {
    await test.step(`${signed.person.roleLabel}: accepts, turns on 2FA, signs out and in again with a code`, async () => {
      await acceptInvitation(signed.page, link, signed.person);
      await enableTwoFactor(signed, first);
      await signOut(signed);
      await signInWithCode(signed, first);
    });
  }

  let payoutId = "";
  await test.step("the operator sends a payout and sees it paid", async () => {
    payoutId = await sendPayout(op.page, `journey-${tag}@example.com`);
  });

  await test.step("finance sees the payout in the register and cannot send one", async () => {
    const page = fin.page;
    await page.goto("/payouts");
    await expect(page.getByRole("heading", { level: 1, name: "Repasses" })).toBeVisible();
    await page.getByRole("searchbox", { name: "Buscar na tabela" }).fill(payoutId);
    const row = page.getByRole("row", { name: new RegExp(payoutId) });
    await expect(row).toContainText("Pago");
    await expect(row).toContainText(operator.name);
    await expect(page.getByRole("link", { name: "Novo repasse" })).toHaveCount(0);

    await page.goto("/payouts/new");
    await expect(page.getByRole("heading", { name: "Seu acesso não permite enviar repasses" })).toBeVisible();
    await expect(page.getByLabel("Valor", { exact: true })).toHaveCount(0);

    const refused = await page.request.post(`${BFF}/api/payouts`, {
      headers: { ...writeHeaders(BFF), "idempotency-key": randomUUID() },
      data: { amount_centavos: 1_000, pix_key_type: "email", pix_key: `finance-${tag}@example.com` },
    });
    expect(refused.status(), await refused.text()).toBe(403);
  });

  await test.step("finance finds the payout in the activity log under the operator's name and e-mail", async () => {
    const page = fin.page;
    await page.goto("/activity");
    await expect(page.getByRole("heading", { level: 1, name: "Atividade" })).toBeVisible();
    const entry = page
      .getByRole("table", { name: "Atividade" })
      .getByRole("row", { name: `Enviou repasse por ${operator.name}` });
    await expect(entry).toBeVisible();
    await expect(entry).toContainText(operator.email);
    await expect(entry).toContainText("Operador");
  });

  await test.step("the owner deactivates the operator; the operator's open tab goes to sign in at its next step", async () => {
    await op.page.goto("/payouts/new");
    await expect(op.page.getByRole("heading", { level: 1, name: "Novo repasse Pix" })).toBeVisible();

    await ownerPage.goto("/members");
    const row = ownerPage.locator(`tr[data-member="${operator.email}"]`);
    await expect(row).toContainText("Ativa"); // two-step verification on
    await row.getByRole("button", { name: "Desativar" }).click();
    const confirm = ownerPage.getByRole("alertdialog", { name: `Desativar ${operator.name}?` });
    await confirm.getByRole("button", { name: "Desativar" }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toContainText("Desativado");

    await op.page.reload();
    await expect(op.page).toHaveURL(/\/login\?next=%2Fpayouts%2Fnew$/);
    await expect(op.page.getByRole("heading", { level: 1, name: "Entrar no painel" })).toBeVisible();
  });

  expect(consoleErrors, "console errors and uncaught page errors in the journey's browsers").toEqual([]);
});
