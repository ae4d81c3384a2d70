/**
 * Invitations by e-mail: with SMTP_URL and SMTP_FROM, an invitation is e-mailed to the invited address in the
 * inviter's language, through a real SMTP server started here; without them nothing is sent; an unreachable or
 * silent server leaves the invitation standing, its link working, and the reply saying so. The SMTP password never
 * reaches the logs.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as accept from "@/app/api/invitations/accept/route";
import * as invitations from "@/app/api/invitations/route";
import * as members from "@/app/api/members/route";
import * as session from "@/app/api/session/route";
import { resetConfigForTests } from "@/lib/server/config";
import type { InvitationCreated, InvitationPreview, MembersList } from "@/lib/shared/schemas/members";
import { call, DEMO_NAMES, personBody, signIn, startBffHarness, type BffHarness } from "../helpers/bff";
import { captureLogs, type CapturedLogs } from "../helpers/logs";
import { closedPort } from "../helpers/ports";
import { silentServer, startTestSmtpServer, type TestSmtpServer } from "../helpers/smtp";

const SMTP_USER = "mailer";
/** Percent-encoded in the URL ("%40" is "@"): neither spelling may ever be logged. */
const SMTP_PASSWORD = "hunter2@Smtp";
const SMTP_PASSWORD_IN_URL = "hunter2%40Smtp";
const FROM = "Pix Ops <no-reply@pixops.example>";
const REQUEST_ORIGIN = "http://127.0.0.1:3000";

let harness: BffHarness;
let smtp: TestSmtpServer;
let owner: string;
let logs: CapturedLogs;

const smtpUrl = (port: number, password = SMTP_PASSWORD_IN_URL) => `smtp://${SMTP_USER}:${password}@127.0.0.1:${port}`;

/** The configuration from now on (the next request reads it again). */
function configure(env: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetConfigForTests();
}

beforeAll(async () => {
  smtp = await startTestSmtpServer({ user: SMTP_USER, password: SMTP_PASSWORD });
  harness = await startBffHarness({ env: { SMTP_URL: smtpUrl(smtp.port), SMTP_FROM: FROM } });
  owner = await signIn(session.POST, personBody("owner"));
});
afterAll(async () => {
  await harness.close();
  await smtp.close();
});
beforeEach(() => {
  configure({ SMTP_URL: smtpUrl(smtp.port), SMTP_FROM: FROM, SMTP_TIMEOUT_MS: undefined, APP_ORIGIN: undefined });
  logs = captureLogs();
});
afterEach(() => {
  logs.restore();
  // Whatever happened, the password is in no line the server wrote.
  expect(logs.text()).not.toContain(SMTP_PASSWORD);
  expect(logs.text()).not.toContain(SMTP_PASSWORD_IN_URL);
  expect(logs.text()).not.toContain("hunter2");
});

let seq = 0;
const freshEmail = () => `mailed${++seq}-${Date.now().toString(36)}@new.example`;
const tokenOf = (created: InvitationCreated) => created.link.slice("/invite/".length);

async function invite(email: string, role: string, options: { locale?: string; origin?: string } = {}) {
  const cookie = options.locale ? `${owner}; locale=${options.locale}` : owner;
  const headers = options.origin ? { origin: options.origin } : undefined;
  const result = await call(invitations.POST, "/api/invitations", {
    method: "POST",
    cookie,
    headers,
    body: { email, role },
  });
  expect(result.status, result.text).toBe(201);
  return result.json.data as InvitationCreated;
}

const preview = (token: string) => call(accept.GET, `/api/invitations/accept?token=${token}`);
const mailsTo = (email: string) => smtp.received.filter((mail) => mail.rcptTo.includes(email));
const failureLines = () => logs.stderr.filter((line) => line.event === "members.invitation_email_failed");

describe("with an SMTP server", () => {
  it("sends exactly one message to the invited address, in the inviter's language (en): who, where, which role, the link, its expiry", async () => {
    const email = freshEmail();
    const created = await invite(email, "operator", { locale: "en" });
    expect(created.emailed).toBe("sent");
    expect(created.link).toMatch(/^\/invite\/[A-Za-z0-9_-]{43}$/);

    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    if (!mail) throw new Error("no mail");
    expect(mail.rcptTo).toEqual([email]);
    expect(mail.headers.get("to")).toContain(email);
    expect(mail.headers.get("from")).toContain("no-reply@pixops.example");

    const workspace = ((await preview(tokenOf(created))).json.data as InvitationPreview).workspace_name;
    const link = `${REQUEST_ORIGIN}${created.link}`;
    expect(mail.subject).toBe(`${DEMO_NAMES.owner} invited you to ${workspace}`);
    expect(mail.text).toContain(
      `${DEMO_NAMES.owner} (owner@acme.example) invited you to the ${workspace} workspace of the Pix payments dashboard, as Operator.`,
    );
    expect(mail.text).toContain(`\n${link}\n`);
    const expires = new Intl.DateTimeFormat("en-US", {
      dateStyle: "long",
      timeStyle: "short",
      timeZone: "America/Sao_Paulo",
    }).format(new Date(created.invitation.expires_at));
    expect(mail.text).toContain(`The link works once and expires on ${expires} (Brasília / São Paulo (`);
    expect(mail.text).toContain("If you did not expect this invitation, you can ignore this e-mail");
    expect(mail.html).toContain(`<a href="${link}">Accept invitation</a>`);
    expect(mail.html).toContain(`as Operator.`);

    // The e-mailed link is the invitation's.
    const token = /\/invite\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] ?? "";
    expect((await preview(token)).status).toBe(200);
  });

  it("speaks pt-BR to an inviter without a language chosen (the default), with the business's zone named", async () => {
    const email = freshEmail();
    const created = await invite(email, "admin");
    expect(created.emailed).toBe("sent");
    const [mail] = mailsTo(email);
    expect(mail?.subject).toMatch(new RegExp(`^${DEMO_NAMES.owner} convidou você para `));
    expect(mail?.text).toMatch(/convidou você para o espaço de trabalho .+ com o papel Administrador\./);
    expect(mail?.text).toContain("(horário de Brasília / São Paulo (BRT))");
    expect(mail?.text).toContain("pode ignorar este e-mail");
    expect(mail?.html).toContain(`<a href="${REQUEST_ORIGIN}${created.link}">Aceitar convite</a>`);
  });

  it("the link starts with APP_ORIGIN when it is set", async () => {
    configure({ APP_ORIGIN: "http://localhost:3000" });
    const email = freshEmail();
    const created = await invite(email, "support", { origin: "http://localhost:3000" });
    expect(created.emailed).toBe("sent");
    expect(mailsTo(email)[0]?.text).toContain(`\nhttp://localhost:3000${created.link}\n`);
  });
});

describe("without an SMTP server, or with one that fails", () => {
  it("SMTP_URL unset: nothing is sent, the reply says not_configured, the link is given", async () => {
    configure({ SMTP_URL: undefined, SMTP_FROM: undefined });
    const before = smtp.received.length;
    const email = freshEmail();
    const created = await invite(email, "operator");
    expect(created.emailed).toBe("not_configured");
    expect(created.link).toMatch(/^\/invite\//);
    expect(smtp.received.length).toBe(before);
    expect(failureLines()).toEqual([]);
  });

  it("the server is down: the invitation is created all the same, the reply says failed, the link works", async () => {
    configure({ SMTP_URL: smtpUrl(await closedPort()) });
    const email = freshEmail();
    const created = await invite(email, "operator");
    expect(created.emailed).toBe("failed");

    const list = await call(members.GET, "/api/members", { cookie: owner });
    expect((list.json.data as MembersList).invitations.map((i) => i.email)).toContain(email);
    const accepted = await call(accept.POST, "/api/invitations/accept", {
      method: "POST",
      body: { account: "new", token: tokenOf(created), name: "Nina Nova", password: "a long enough passphrase 42" },
    });
    expect(accepted.status, accepted.text).toBe(200);

    const [line, ...more] = failureLines();
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: "warn", invitationId: created.invitation.id, to: "[email]" });
    expect(JSON.stringify(line)).toMatch(/ECONNREFUSED/);
    expect(logs.text()).not.toContain(email);
  });

  it("the server never answers: the send is cut off at SMTP_TIMEOUT_MS and the reply says failed", async () => {
    const silent = await silentServer();
    try {
      configure({ SMTP_URL: smtpUrl(silent.port), SMTP_TIMEOUT_MS: "300" });
      const email = freshEmail();
      const created = await invite(email, "operator");
      expect(created.emailed).toBe("failed");
      expect((await preview(tokenOf(created))).status).toBe(200);
      expect(failureLines()).toHaveLength(1);
    } finally {
      await silent.close();
    }
  });

  it("the server refuses the login: failed, and neither the password nor the address is logged", async () => {
    configure({ SMTP_URL: smtpUrl(smtp.port, "hunter2-wrong") });
    const email = freshEmail();
    const created = await invite(email, "finance");
    expect(created.emailed).toBe("failed");
    expect(mailsTo(email)).toEqual([]);
    expect(failureLines()).toHaveLength(1);
    expect(logs.text()).not.toContain(email);
  });
});
