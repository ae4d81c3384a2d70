import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as activity from "@/app/api/activity/route";
import * as paymentLinks from "@/app/api/payment-links/route";
import * as payouts from "@/app/api/payouts/route";
import * as session from "@/app/api/session/route";
import * as subaccountBlocked from "@/app/api/subaccounts/[id]/blocked/route";
import * as subaccount from "@/app/api/subaccounts/[id]/route";
import * as subaccounts from "@/app/api/subaccounts/route";
import type { PaymentLink } from "@/lib/shared/schemas/payment-link";
import type { ActivityEntry } from "@/lib/shared/schemas/activity";
import type { KnownSubaccount } from "@/lib/shared/schemas/known-subaccount";
import {
  APP_ORIGIN,
  betaOperatorBody,
  call,
  countUpstream,
  DEMO_NAMES,
  financeBody,
  newKey,
  operatorBody,
  personBody,
  signIn,
  startBffHarness,
  type BffHarness,
  type CallResult,
} from "../helpers/bff";

let harness: BffHarness;
let cookie = "";
/** A second person of Acme who may change subaccounts (its admin), to tell two actors apart. */
let otherPerson = "";
/** Finance reads the activity log (the operator acts but does not read it). */
let finance = "";
const OTHER = DEMO_NAMES.admin;
beforeAll(async () => {
  harness = await startBffHarness();
  cookie = await signIn(session.POST, operatorBody);
  otherPerson = await signIn(session.POST, personBody("admin"));
  finance = await signIn(session.POST, financeBody);
});
afterAll(async () => {
  await harness.close();
});

/** sa_demo_1 as seeded by the sandbox. */
const SEED_SA1 = {
  id: "sa_demo_1",
  name: "Loja Centro",
  email: "loja.centro@acme.example.com",
  document: "73760886876",
  external_reference: "acme-loja-centro",
  daily_limit_centavos: 500_000,
  monthly_limit_centavos: 10_000_000,
  is_blocked: false,
};

const patch = (id: string, body: Record<string, unknown>, key = newKey("patch"), as = cookie) =>
  call(subaccount.PATCH, `/api/subaccounts/${id}`, {
    method: "PATCH",
    cookie: as,
    idempotencyKey: key,
    params: { id },
    body,
  });
const setBlocked = (id: string, isBlocked: boolean, key = newKey("block"), as = cookie) =>
  call(subaccountBlocked.PUT, `/api/subaccounts/${id}/blocked`, {
    method: "PUT",
    cookie: as,
    idempotencyKey: key,
    params: { id },
    body: { is_blocked: isBlocked },
  });
const getKnown = (id: string, as = cookie) =>
  call(subaccount.GET, `/api/subaccounts/${id}`, { cookie: as, params: { id } });
const listKnown = async (as = cookie) => {
  const result = await call(subaccounts.GET, "/api/subaccounts", { cookie: as });
  expect(result.status).toBe(200);
  return result.json.data as KnownSubaccount[];
};
async function activityPage(query = "", as = finance): Promise<ActivityEntry[]> {
  const result = await call(activity.GET, `/api/activity${query}`, { cookie: as });
  expect(result.status, result.text).toBe(200);
  return (result.json.data as { items: ActivityEntry[] }).items;
}
const createLink = (body: Record<string, unknown>, key = newKey("link"), as = cookie) =>
  call(paymentLinks.POST, "/api/payment-links", { method: "POST", cookie: as, idempotencyKey: key, body });
const data = <T>(result: CallResult) => result.json.data as T;

const updateKeys: string[] = [];
const blockKeys: { block: string; unblock: string } = { block: "", unblock: "" };
const linkKey = newKey("link");
const linkSlug = `curso-online-${Date.now().toString(36)}`;

describe("subaccounts", () => {
  it("GET /api/subaccounts/{id} for a subaccount the dashboard has not seen → 404 subaccount_unknown, no upstream call", async () => {
    const { result, requests } = await countUpstream(harness.sandbox, () => getKnown("sa_demo_2"));
    expect(result.status).toBe(404);
    expect(result.json.error?.code).toBe("subaccount_unknown");
    expect(requests).toBe(0);
    expect(await listKnown()).toEqual([]);
  });

  it("PATCH changes only the given fields and the dashboard remembers the subaccount", async () => {
    updateKeys.push(newKey("patch"));
    const renamed = await patch("sa_demo_1", { name: "Loja Centro Renovada" }, updateKeys[0]);
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json.request_id).toMatch(/^req_/);
    expect(renamed.json.data).toMatchObject({
      ...SEED_SA1,
      name: "Loja Centro Renovada",
      updated_by: DEMO_NAMES.operator,
    });

    updateKeys.push(newKey("patch"));
    const limits = await patch("sa_demo_1", { daily_limit_centavos: 600_000 }, updateKeys[1]);
    expect(limits.status).toBe(200);
    expect(limits.json.data).toMatchObject({
      ...SEED_SA1,
      name: "Loja Centro Renovada",
      daily_limit_centavos: 600_000,
    });

    const listed = await listKnown();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id: "sa_demo_1",
      name: "Loja Centro Renovada",
      daily_limit_centavos: 600_000,
      monthly_limit_centavos: 10_000_000,
    });
    const known = await getKnown("sa_demo_1");
    expect(known.status).toBe(200);
    expect(known.json.data).toEqual(listed[0]);
  });

  it("a masked document and a mixed-case e-mail are stored normalised", async () => {
    const result = await patch("sa_demo_1", { document: "737.608.868-76", email: "Loja.Centro@ACME.example.com" });
    expect(result.status, result.text).toBe(200);
    expect(result.json.data).toMatchObject({
      document: "73760886876",
      email: "loja.centro@acme.example.com",
      name: "Loja Centro Renovada",
    });
  });

  it("PUT blocked toggles is_blocked, and the change is remembered", async () => {
    blockKeys.block = newKey("block");
    const blocked = await setBlocked("sa_demo_1", true, blockKeys.block);
    expect(blocked.status, blocked.text).toBe(200);
    expect(blocked.json.data).toMatchObject({ id: "sa_demo_1", is_blocked: true, name: "Loja Centro Renovada" });
    expect(data<KnownSubaccount>(await getKnown("sa_demo_1")).is_blocked).toBe(true);

    blockKeys.unblock = newKey("unblock");
    const unblocked = await setBlocked("sa_demo_1", false, blockKeys.unblock);
    expect(unblocked.status).toBe(200);
    expect(unblocked.json.data).toMatchObject({ is_blocked: false });
    expect(data<KnownSubaccount>(await getKnown("sa_demo_1")).is_blocked).toBe(false);

    // sa_demo_2 starts blocked.
    const freed = await setBlocked("sa_demo_2", false);
    expect(freed.json.data).toMatchObject({ id: "sa_demo_2", is_blocked: false });
    expect((await listKnown()).map((s) => s.id).sort()).toEqual(["sa_demo_1", "sa_demo_2"]);
  });

  it("an unknown subaccount → 404 with the API's code, and it is not remembered", async () => {
    const updated = await patch("sa_does_not_exist", { name: "Fantasma" });
    expect(updated.status).toBe(404);
    expect(updated.json.error?.code).toBe("not_found");
    expect(updated.json.request_id).toMatch(/^req_/);
    const blocked = await setBlocked("sa_does_not_exist", true);
    expect(blocked.status).toBe(404);
    expect(blocked.json.error?.code).toBe("not_found");
    expect((await getKnown("sa_does_not_exist")).json.error?.code).toBe("subaccount_unknown");
  });

  it("an update the API refuses (monthly below the new daily limit) → its 422 with fields, and nothing changes", async () => {
    const result = await patch("sa_demo_1", { daily_limit_centavos: 20_000_000 });
    expect(result.status).toBe(422);
    expect(result.json.error?.fields).toHaveProperty("daily_limit_centavos");
    expect(result.json.request_id).toMatch(/^req_/);
    expect(data<KnownSubaccount>(await getKnown("sa_demo_1")).daily_limit_centavos).toBe(600_000);
  });
});

describe("payment links", () => {
  it("create → 201 with integer money, and it appears in GET /api/payment-links", async () => {
    const result = await createLink(
      {
        name: "Curso online",
        slug: linkSlug,
        amount_centavos: 19_990,
        max_sales: 50,
        description: "Acesso por um ano",
      },
      linkKey,
    );
    expect(result.status, result.text).toBe(201);
    expect(result.json.request_id).toMatch(/^req_/);
    const link = data<PaymentLink>(result);
    expect(link).toMatchObject({
      name: "Curso online",
      slug: linkSlug,
      amount_centavos: 19_990,
      max_sales: 50,
      status: "pending",
      sales_count: 0,
      revenue_centavos: 0,
    });

    const list = await call(paymentLinks.GET, "/api/payment-links", { cookie });
    expect(list.status).toBe(200);
    const found = data<PaymentLink[]>(list).filter((l) => l.slug === linkSlug);
    expect(found).toHaveLength(1);
    expect(found[0]?.id).toBe(link.id);
    expect(data<PaymentLink[]>(list).length).toBeGreaterThanOrEqual(13);
  });

  it("GET /api/payment-links in pages (Accept: application/x-ndjson): the same links, a small first page, then a done line with the count", async () => {
    const whole = data<PaymentLink[]>(await call(paymentLinks.GET, "/api/payment-links", { cookie }));
    const response = await paymentLinks.GET(
      new Request(`${APP_ORIGIN}/api/payment-links`, {
        headers: { host: "127.0.0.1:3000", cookie, accept: "application/x-ndjson" },
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-request-id")).toBeTruthy();
    const lines = (await response.text())
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as { page?: PaymentLink[]; done?: boolean; count?: number; request_id?: string });
    const pages = lines.slice(0, -1);
    expect(pages.every((line) => Array.isArray(line.page))).toBe(true);
    expect(pages.flatMap((line) => line.page ?? [])).toEqual(whole);
    expect(lines.at(-1)).toEqual({ done: true, count: whole.length, request_id: response.headers.get("x-request-id") });
  });

  it("the same key and body again replays the same link (no second link)", async () => {
    const replay = await createLink(
      {
        name: "Curso online",
        slug: linkSlug,
        amount_centavos: 19_990,
        max_sales: 50,
        description: "Acesso por um ano",
      },
      linkKey,
    );
    expect(replay.status).toBe(201);
    const list = data<PaymentLink[]>(await call(paymentLinks.GET, "/api/payment-links", { cookie }));
    expect(list.filter((l) => l.slug === linkSlug)).toHaveLength(1);
    expect(data<PaymentLink>(replay).id).toBe(list.find((l) => l.slug === linkSlug)?.id);
  });

  it("a duplicate slug → 409 slug_taken with fields.slug", async () => {
    const result = await createLink({ name: "Outro curso", slug: linkSlug, min_amount_centavos: 500 });
    expect(result.status).toBe(409);
    expect(result.json.error?.code).toBe("slug_taken");
    expect(result.json.error?.fields?.slug).toBeTruthy();
    expect(result.json.request_id).toMatch(/^req_/);
  });

  it("a seeded slug is taken too", async () => {
    const result = await createLink({ name: "Doação", slug: "doacao-livre", min_amount_centavos: 100 });
    expect(result.status).toBe(409);
    expect(result.json.error?.code).toBe("slug_taken");
  });
});

describe("activity (audit log)", () => {
  it("records the sign-in with the person and their role", async () => {
    const entries = await activityPage("?action=session.sign_in");
    const mine = entries.filter((e) => e.actor.name === DEMO_NAMES.operator);
    expect(mine.length).toBeGreaterThanOrEqual(1);
    expect(mine[0]).toMatchObject({
      action: "session.sign_in",
      outcome: "success",
      actor: { name: DEMO_NAMES.operator, role: "operator" },
      target_type: "session",
    });
    expect(mine[0]?.target_id).toEqual(expect.any(String));
    // A person's sign-in asks nothing of the API (the key is the workspace's), so there is no API request id to record.
    expect(mine[0]?.request_id).toBeNull();
  });

  it("records updates with before → after, the idempotency key and the request id", async () => {
    const updates = await activityPage("?action=subaccount.update&target_id=sa_demo_1");
    const [first, second] = updateKeys.map((key) => updates.find((e) => e.idempotency_key === key));
    expect(first).toMatchObject({
      outcome: "success",
      actor: { name: DEMO_NAMES.operator, role: "operator" },
      target_type: "subaccount",
      target_id: "sa_demo_1",
      before: null,
    });
    expect(first?.after).toMatchObject({ name: "Loja Centro Renovada", daily_limit_centavos: 500_000 });
    expect(first?.request_id).toMatch(/^req_/);
    expect(second?.before).toMatchObject({ name: "Loja Centro Renovada", daily_limit_centavos: 500_000 });
    expect(second?.after).toMatchObject({ name: "Loja Centro Renovada", daily_limit_centavos: 600_000 });
    // Newest first.
    const order = updates.map((e) => e.idempotency_key);
    expect(order.indexOf(updateKeys[1] ?? "")).toBeLessThan(order.indexOf(updateKeys[0] ?? ""));
  });

  it("records failed updates with the error the operator saw", async () => {
    const failures = await activityPage("?action=subaccount.update&target_id=sa_does_not_exist");
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ outcome: "failure", error: { code: "not_found" } });
  });

  it("records block and unblock with before and after", async () => {
    const [block] = (await activityPage("?action=subaccount.block&target_id=sa_demo_1")).filter(
      (e) => e.outcome === "success",
    );
    expect(block).toMatchObject({
      idempotency_key: blockKeys.block,
      before: { is_blocked: false },
      after: { is_blocked: true },
      actor: { name: DEMO_NAMES.operator },
    });
    expect(block?.request_id).toMatch(/^req_/);
    const [unblock] = (await activityPage("?action=subaccount.unblock&target_id=sa_demo_1")).filter(
      (e) => e.outcome === "success",
    );
    expect(unblock).toMatchObject({
      idempotency_key: blockKeys.unblock,
      before: { is_blocked: true },
      after: { is_blocked: false },
    });
  });

  it("records payment link creation", async () => {
    const created = (await activityPage("?action=payment_link.create")).filter(
      (e) => e.outcome === "success" && e.idempotency_key === linkKey,
    );
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(created[0]).toMatchObject({
      actor: { name: DEMO_NAMES.operator, role: "operator" },
      target_type: "payment_link",
      after: { slug: linkSlug },
    });
    expect(created[0]?.request_id).toMatch(/^req_/);
    const refused = (await activityPage("?action=payment_link.create")).filter((e) => e.outcome === "failure");
    expect(refused.some((e) => e.error?.code === "slug_taken")).toBe(true);
  });

  it("filters by actor and by action", async () => {
    expect((await patch("sa_demo_1", { name: "Loja do Otto" }, newKey("otto"), otherPerson)).status).toBe(200);
    const otto = await activityPage(`?actor=${encodeURIComponent(OTHER)}`);
    expect(otto.length).toBeGreaterThanOrEqual(2); // sign-in and update
    expect(otto.every((e) => e.actor.name === OTHER)).toBe(true);
    expect(otto.map((e) => e.action)).toEqual(expect.arrayContaining(["session.sign_in", "subaccount.update"]));

    const blocks = await activityPage("?action=subaccount.block");
    expect(blocks.length).toBeGreaterThanOrEqual(1);
    expect(blocks.every((e) => e.action === "subaccount.block")).toBe(true);

    const both = await activityPage(`?actor=${encodeURIComponent(OTHER)}&action=subaccount.update`);
    expect(both).toHaveLength(1);
    expect(both[0]?.after).toMatchObject({ name: "Loja do Otto" });

    expect(await activityPage("?actor=Nobody%20Here")).toEqual([]);
  });

  it("filters by date range and target", async () => {
    const all = await activityPage("?limit=1000");
    const future = new Date(Date.now() + 3600_000).toISOString();
    const past = new Date(Date.now() - 3600_000).toISOString();
    expect(await activityPage(`?from=${encodeURIComponent(future)}`)).toEqual([]);
    expect(await activityPage(`?to=${encodeURIComponent(past)}`)).toEqual([]);
    expect(
      (await activityPage(`?from=${encodeURIComponent(past)}&to=${encodeURIComponent(future)}&limit=1000`)).length,
    ).toBe(all.length);
    const links = await activityPage("?target_type=payment_link&limit=1000");
    expect(links.length).toBeGreaterThanOrEqual(1);
    expect(links.every((e) => e.target_type === "payment_link")).toBe(true);
  });

  it("pages newest first with next_cursor", async () => {
    const all = await activityPage("?limit=1000");
    const first = await call(activity.GET, "/api/activity?limit=2", { cookie: finance });
    const page1 = first.json.data as { items: ActivityEntry[]; next_cursor: string | null };
    expect(page1.items.map((e) => e.id)).toEqual(all.slice(0, 2).map((e) => e.id));
    expect(page1.next_cursor).not.toBeNull();
    const page2 = await activityPage(`?limit=2&cursor=${page1.next_cursor ?? ""}`);
    expect(page2.map((e) => e.id)).toEqual(all.slice(2, 4).map((e) => e.id));
  });
});

describe("isolation between businesses", () => {
  let beta = "";
  let betaFinance = "";
  beforeAll(async () => {
    beta = await signIn(session.POST, betaOperatorBody);
    betaFinance = await signIn(session.POST, personBody("finance", "beta"));
  });

  it("Beta's people see none of Acme's activity", async () => {
    const entries = await activityPage("?limit=1000", betaFinance);
    // Only Beta's own two sign-ins (its operator's and its finance person's) so far.
    expect(entries.map((e) => [e.action, e.actor.role]).sort()).toEqual([
      ["session.sign_in", "finance"],
      ["session.sign_in", "operator"],
    ]);
    expect(entries.some((e) => e.target_id === "sa_demo_1" || e.idempotency_key === linkKey)).toBe(false);
    // Acme's admin acted in Acme only: Beta's log has nothing under that name (Beta's own admin never signed in).
    expect(await activityPage(`?actor=${encodeURIComponent(OTHER)}`, betaFinance)).toEqual([]);
    // An operator does not read the activity log at all.
    expect((await call(activity.GET, "/api/activity", { cookie: beta })).status).toBe(403);
  });

  it("Beta's operator sees none of Acme's subaccounts, links or payouts", async () => {
    expect(await listKnown(beta)).toEqual([]);
    const known = await getKnown("sa_demo_1", beta);
    expect(known.status).toBe(404);
    expect(known.json.error?.code).toBe("subaccount_unknown");
    const links = data<PaymentLink[]>(await call(paymentLinks.GET, "/api/payment-links", { cookie: beta }));
    expect(links.some((l) => l.slug === linkSlug)).toBe(false);
    const register = await call(payouts.GET, "/api/payouts", { cookie: beta });
    expect((register.json.data as { items: unknown[] }).items).toEqual([]);
  });

  it("Beta cannot change Acme's subaccount (the API says 404)", async () => {
    const result = await patch("sa_demo_1", { name: "Invasão" }, newKey("beta"), beta);
    expect(result.status).toBe(404);
    expect(data<KnownSubaccount>(await getKnown("sa_demo_1")).name).toBe("Loja do Otto");
  });

  it("slugs are per business: Beta may use Acme's slug", async () => {
    const result = await createLink(
      { name: "Curso da Beta", slug: linkSlug, amount_centavos: 1000 },
      newKey("beta"),
      beta,
    );
    expect(result.status, result.text).toBe(201);
  });
});

describe("late replays of a retried key", () => {
  it("a retried update whose key was already applied keeps the newer state and is recorded once", async () => {
    const first = newKey("late");
    const a = await patch("sa_demo_1", { name: "Nome Antigo" }, first);
    expect(a.status, a.text).toBe(200);
    const b = await patch("sa_demo_1", { name: "Nome Novo" }, newKey("late"));
    expect(b.status).toBe(200);

    // The first request is retried (e.g. its reply was lost in the browser): the API replays the old result.
    const replay = await patch("sa_demo_1", { name: "Nome Antigo" }, first);
    expect(replay.status).toBe(200);
    expect(data<KnownSubaccount>(replay).name).toBe("Nome Novo");
    expect(data<KnownSubaccount>(await getKnown("sa_demo_1")).name).toBe("Nome Novo");

    const entries = (await activityPage("?action=subaccount.update&target_id=sa_demo_1")).filter(
      (e) => e.idempotency_key === first,
    );
    expect(entries).toHaveLength(1);
  });

  it("a retried payment-link creation is recorded once in the activity log", async () => {
    const key = newKey("late-link");
    const slug = `late-${Date.now().toString(36)}`;
    const body = { name: "Late link", slug, amount_centavos: 1_000 };
    expect((await createLink(body, key)).status).toBe(201);
    expect((await createLink(body, key)).status).toBe(201);
    const entries = (await activityPage("?action=payment_link.create")).filter((e) => e.idempotency_key === key);
    expect(entries).toHaveLength(1);
  });
});
