/**
 * A person's own password change and security history through the BFF routes, against the real sandbox and a real
 * PGlite ledger: a change ends the person's other sessions and keeps this one; sign-ins (failed ones included) and
 * account changes are recorded with the member id, the address and the User-Agent; the person reads their own,
 * an owner or admin a member's of their workspace (404 across workspaces), as pages or CSV.
 */
import { readSheet } from "read-excel-file/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as password from "@/app/api/account/password/route";
import * as ownEvents from "@/app/api/account/security-events/route";
import * as ownExport from "@/app/api/account/security-events/export/route";
import * as memberEvents from "@/app/api/members/[id]/security-events/route";
import * as memberExport from "@/app/api/members/[id]/security-events/export/route";
import * as session from "@/app/api/session/route";
import { parseCsv } from "@/lib/shared/csv";
import { addMembership, getLedger, listSecurityEvents } from "@/lib/server/ledger";
import {
  ACME,
  BETA,
  call,
  DEMO_PASSWORD,
  personBody,
  sessionCookieFrom,
  signIn,
  startBffHarness,
  type BffHarness,
} from "../helpers/bff";

let harness: BffHarness;
beforeAll(async () => {
  harness = await startBffHarness({ env: { SIGN_IN_LIMIT_PER_ADDRESS: "1000" } });
});
afterAll(async () => {
  await harness.close();
});

const BROWSER = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15";
const post = (body: unknown) => ({ method: "POST", body });

interface EventView {
  kind: string;
  reason: string;
  factor: string | null;
  client_address: string | null;
  user_agent: string | null;
}

type Handler = typeof ownExport.GET;
/** A GET that answers a file (call() reads JSON): its status, content type and text. */
async function download(handler: Handler, path: string, cookie: string, params: Record<string, string> = {}) {
  const response = await handler(
    new Request(`http://127.0.0.1:3000${path}`, { headers: { host: "127.0.0.1:3000", cookie } }),
    { params: Promise.resolve(params) },
  );
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    contentType: response.headers.get("content-type"),
    disposition: response.headers.get("content-disposition") ?? "",
    text: bytes.toString("utf8"),
    bytes,
  };
}

async function personId(cookie: string): Promise<string> {
  const who = await call(session.GET, "/api/session", { cookie });
  return (who.json.data as { person: { id: string } }).person.id;
}

describe("changing the password", { timeout: 120_000 }, () => {
  it("needs the current password and the policy, ends the person's other sessions and re-issues this one", async () => {
    const person = personBody("admin");
    const cookie = await signIn(session.POST, person);
    const other = await signIn(session.POST, person);
    const newPassword = "a much longer passphrase 2026";

    const wrong = await call(password.POST, "/api/account/password", {
      ...post({ current_password: "not it at all, no", new_password: newPassword }),
      cookie,
    });
    expect(wrong.status).toBe(403);
    expect(wrong.json.error?.code).toBe("wrong_password");
    const weak = await call(password.POST, "/api/account/password", {
      ...post({ current_password: DEMO_PASSWORD, new_password: "short" }),
      cookie,
    });
    expect(weak.status).toBe(422);
    expect(weak.json.error?.fields).toEqual({ new_password: "validation.password.tooShort" });
    expect((await call(session.GET, "/api/session", { cookie: other })).status).toBe(200);

    const changed = await call(password.POST, "/api/account/password", {
      ...post({ current_password: DEMO_PASSWORD, new_password: newPassword }),
      cookie,
      headers: { "user-agent": BROWSER, "x-forwarded-for": "198.51.100.20" },
    });
    expect(changed.status).toBe(200);
    const reissued = sessionCookieFrom(changed);
    expect((await call(session.GET, "/api/session", { cookie: other })).status).toBe(401);
    expect((await call(session.GET, "/api/session", { cookie: reissued })).status).toBe(200);

    const old = await call(session.POST, "/api/session", post(person));
    expect(old.json.error?.code).toBe("invalid_login");
    expect((await call(session.POST, "/api/session", post({ ...person, password: newPassword }))).status).toBe(200);

    const history = await call(ownEvents.GET, "/api/account/security-events", { cookie: reissued });
    const items = (history.json.data as { items: EventView[] }).items;
    // Newest first: the sign-in with the new password, the refused old one, the change (with its address and browser).
    expect(items.slice(0, 3)).toMatchObject([
      { kind: "sign_in_succeeded", factor: "password" },
      { kind: "sign_in_failed", reason: "invalid_login", factor: "password" },
      { kind: "password_changed", client_address: "198.51.100.20", user_agent: BROWSER },
    ]);
    expect(items.some((e) => e.kind === "account_change_failed" && e.reason === "wrong_password")).toBe(true);
  });
});

describe("the security history", { timeout: 120_000 }, () => {
  it("records sign-ins with the member id and User-Agent (none for an unknown e-mail), for the person and their workspace's owner", async () => {
    const finance = personBody("finance");
    const ledger = await getLedger();
    const failed = await call(session.POST, "/api/session", {
      ...post({ ...finance, password: "wrong password, twice over" }),
      headers: { "user-agent": BROWSER },
    });
    expect(failed.status).toBe(401);
    const unknown = await call(session.POST, "/api/session", {
      ...post({ email: "nobody@acme.example", password: "whatever it is here" }),
      headers: { "user-agent": BROWSER },
    });
    expect(unknown.status).toBe(401);
    const signedIn = await call(session.POST, "/api/session", { ...post(finance), headers: { "user-agent": BROWSER } });
    const cookie = sessionCookieFrom(signedIn);
    const financeId = await personId(cookie);

    const rows = await listSecurityEvents(ledger, 3);
    expect(rows.map((r) => [r.kind, r.memberId, r.userAgent])).toEqual([
      ["sign_in_succeeded", financeId, BROWSER],
      ["sign_in_failed", null, BROWSER],
      ["sign_in_failed", financeId, BROWSER],
    ]);

    // Their own, a page at a time.
    const first = await call(ownEvents.GET, "/api/account/security-events?limit=1", { cookie });
    expect(first.status).toBe(200);
    const page1 = first.json.data as { items: EventView[]; next_cursor: string | null };
    expect(page1.items).toMatchObject([{ kind: "sign_in_succeeded", user_agent: BROWSER }]);
    expect(page1.next_cursor).not.toBeNull();
    const second = await call(ownEvents.GET, `/api/account/security-events?limit=5&cursor=${page1.next_cursor}`, {
      cookie,
    });
    const page2 = second.json.data as { items: EventView[]; next_cursor: string | null };
    expect(page2.items).toMatchObject([{ kind: "sign_in_failed", reason: "invalid_login" }]);
    expect(page2.next_cursor).toBeNull();

    // The workspace's owner sees a member's; an operator may not; another workspace's owner gets a 404.
    const owner = await signIn(session.POST, personBody("owner"));
    const viewed = await call(memberEvents.GET, `/api/members/${financeId}/security-events`, {
      cookie: owner,
      params: { id: financeId },
    });
    expect(viewed.status).toBe(200);
    expect((viewed.json.data as { items: EventView[] }).items.map((e) => e.kind)).toEqual([
      "sign_in_succeeded",
      "sign_in_failed",
    ]);
    const operator = await signIn(session.POST, personBody("operator"));
    const refused = await call(memberEvents.GET, `/api/members/${financeId}/security-events`, {
      cookie: operator,
      params: { id: financeId },
    });
    expect(refused.status).toBe(403);
    const betaOwner = await signIn(session.POST, personBody("owner", "beta"));
    const across = await call(memberEvents.GET, `/api/members/${financeId}/security-events`, {
      cookie: betaOwner,
      params: { id: financeId },
    });
    expect(across.status).toBe(404);
    expect(across.json.error?.code).toBe("not_found");
    const acrossCsv = await download(memberExport.GET, `/api/members/${financeId}/security-events/export`, betaOwner, {
      id: financeId,
    });
    expect(acrossCsv.status).toBe(404);

    // CSV, of their own and of a member's: in the reader's language (pt-BR unless their cookie says otherwise).
    const own = await download(ownExport.GET, "/api/account/security-events/export", cookie);
    expect(own.status).toBe(200);
    expect(own.contentType).toContain("text/csv");
    // The file's name is in the reader's language too, ASCII only.
    expect(own.disposition).toMatch(/filename="historico-de-seguranca-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...records] = parseCsv(own.text, ";");
    expect(header).toEqual([
      "Quando (America/Sao_Paulo)",
      "O quê",
      "Fator",
      "Motivo (código)",
      "Endereço",
      "Endereço verificado",
      "Navegador (user agent)",
    ]);
    expect(records.map((record) => record[1])).toEqual(["Entrou", "Tentativa de entrada recusada"]);
    expect(records[0]?.[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(records[0]?.[6]).toBe(BROWSER);
    const inEnglish = await download(
      ownExport.GET,
      "/api/account/security-events/export",
      `${cookie}; locale=en; tz=America%2FManaus`,
    );
    expect(inEnglish.disposition).toMatch(/filename="security-history-\d{4}-\d{2}-\d{2}\.csv"/);
    const [enHeader, ...enRecords] = parseCsv(inEnglish.text, ",");
    expect(enHeader?.slice(0, 2)).toEqual(["When (America/Manaus)", "What"]);
    expect(enRecords.map((record) => record[1])).toEqual(["Signed in", "Sign-in refused"]);
    expect(enRecords[0]?.[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const workbook = await download(ownExport.GET, "/api/account/security-events/export?format=xlsx", cookie);
    expect(workbook.status).toBe(200);
    expect(workbook.contentType).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(workbook.disposition).toMatch(/\.xlsx"/);
    const cells = await readSheet(workbook.bytes);
    expect(cells[0]?.[0]).toBe("Quando (America/Sao_Paulo)");
    expect(cells.slice(1).map((row) => row[1])).toEqual(["Entrou", "Tentativa de entrada recusada"]);
    expect(cells[1]?.[0]).toBeInstanceOf(Date);
    const ofMember = await download(memberExport.GET, `/api/members/${financeId}/security-events/export`, owner, {
      id: financeId,
    });
    expect(ofMember.status).toBe(200);
    expect(ofMember.text).toBe(own.text);
    expect(ofMember.disposition).toContain(`filename="historico-de-seguranca-${financeId}-`);
  });

  it("a member's history seen from a workspace leaves out the sign-ins into the person's other workspaces", async () => {
    const ledger = await getLedger();
    const support = personBody("support");
    const supportId = await personId(await signIn(session.POST, support));
    // The Acme support person joins Beta too, and signs in there.
    expect(
      (await addMembership(ledger, { businessId: BETA.businessId, memberId: supportId, role: "support" })).outcome,
    ).toBe("added");
    const inBeta = await call(session.POST, "/api/session", {
      ...post({ ...support, businessId: BETA.businessId }),
      headers: { "user-agent": BROWSER },
    });
    expect(inBeta.status, inBeta.text).toBe(200);
    const [latest] = await listSecurityEvents(ledger, 1);
    expect([latest?.kind, latest?.memberId, latest?.businessId]).toEqual([
      "sign_in_succeeded",
      supportId,
      BETA.businessId,
    ]);

    const eventsSeenBy = async (cookie: string) => {
      const answer = await call(memberEvents.GET, `/api/members/${supportId}/security-events?limit=50`, {
        cookie,
        params: { id: supportId },
      });
      expect(answer.status, answer.text).toBe(200);
      return (answer.json.data as { items: EventView[] }).items.length;
    };
    const acmeSees = await eventsSeenBy(await signIn(session.POST, personBody("owner")));
    const betaSees = await eventsSeenBy(await signIn(session.POST, personBody("owner", "beta")));
    const own = await call(ownEvents.GET, "/api/account/security-events?limit=50", {
      cookie: sessionCookieFrom(inBeta),
    });
    const ownCount = (own.json.data as { items: EventView[] }).items.length;
    // Two sign-ins, one into each workspace: each workspace sees its own, the person sees both.
    expect(ownCount).toBe(2);
    expect([acmeSees, betaSees]).toEqual([1, 1]);
    const acmeCsv = await download(
      memberExport.GET,
      `/api/members/${supportId}/security-events/export`,
      await signIn(session.POST, personBody("owner")),
      { id: supportId },
    );
    expect(acmeCsv.text).not.toContain(BROWSER.split(",")[0]);
    expect(ACME.businessId).not.toBe(BETA.businessId);
  });
});
