import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SubaccountSchema } from "@/lib/shared/schemas";
import { ACME, startTestSandbox, type TestSandbox } from "../helpers/sandbox";
import { call } from "./client";

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());
beforeEach(() => sb.reset());

const update = (id: string, body: unknown) =>
  call<Record<string, unknown>>(sb.url, "POST", `/v1/subaccounts/${id}/update`, { key: ACME.apiKey, body });
const setBlocked = (id: string, body: unknown) =>
  call<Record<string, unknown>>(sb.url, "POST", `/v1/subaccounts/${id}/blocked`, { key: ACME.apiKey, body });

/** Reads the current state without changing it (blocked with the seeded value). */
async function current(id: string, blocked: boolean) {
  return (await setBlocked(id, { is_blocked: blocked })).body.data;
}

describe("POST /v1/subaccounts/:id/update", () => {
  it("applies only the given fields and returns the subaccount shape", async () => {
    const before = await current("sa_demo_1", false);
    const res = await update("sa_demo_1", { name: "Loja Centro Novo" });
    expect(res.status).toBe(200);
    const sub = SubaccountSchema.parse(res.body.data);
    expect(sub.name).toBe("Loja Centro Novo");
    expect(sub.public_id).toBe(sub.id);
    expect(sub.id).toBe("sa_demo_1");
    expect(res.body.data.email).toBe(before.email);
    expect(res.body.data.document).toBe(before.document);
    expect(res.body.data.daily_limit_centavos).toBe(before.daily_limit_centavos);
    expect(res.body.data.monthly_limit_centavos).toBe(before.monthly_limit_centavos);
    expect(res.body.data.external_reference).toBe("acme-loja-centro");
    expect(typeof res.body.data.daily_limit_centavos).toBe("string");
  });

  it("updates every field at once; stores a masked document as digits and lower-cases the e-mail", async () => {
    const res = await update("sa_demo_1", {
      name: "Nova Loja",
      email: "Nova.Loja@Example.com",
      document: "11.222.333/0001-81",
      daily_limit_centavos: 100_000,
      monthly_limit_centavos: 100_000,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: "Nova Loja",
      email: "nova.loja@example.com",
      document: "11222333000181",
      daily_limit_centavos: "100000",
      monthly_limit_centavos: "100000",
      is_blocked: false,
    });
    // The change is kept.
    expect((await current("sa_demo_1", false)).document).toBe("11222333000181");
  });

  it("accepts a CPF document", async () => {
    const res = await update("sa_demo_1", { document: "529.982.247-25" });
    expect(res.status).toBe(200);
    expect(res.body.data.document).toBe("52998224725");
  });

  const cases: Array<[string, Record<string, unknown>, string[]]> = [
    ["invalid CPF", { document: "529.982.247-26" }, ["document"]],
    ["invalid CNPJ", { document: "11222333000182" }, ["document"]],
    ["document of the wrong length", { document: "123" }, ["document"]],
    ["invalid e-mail", { email: "not-an-email" }, ["email"]],
    ["blank name", { name: "  " }, ["name"]],
    ["name not a string", { name: 7 }, ["name"]],
    ["zero daily limit", { daily_limit_centavos: 0 }, ["daily_limit_centavos"]],
    ["decimal monthly limit", { monthly_limit_centavos: 10.5 }, ["monthly_limit_centavos"]],
    ["limit as a string", { daily_limit_centavos: "1000" }, ["daily_limit_centavos"]],
    [
      "monthly below daily (both given)",
      { daily_limit_centavos: 200_000, monthly_limit_centavos: 100_000 },
      ["monthly_limit_centavos"],
    ],
    ["daily above the current monthly", { daily_limit_centavos: 10_000_001 }, ["daily_limit_centavos"]],
    ["monthly below the current daily", { monthly_limit_centavos: 499_999 }, ["monthly_limit_centavos"]],
  ];

  it.each(cases)("%s → 422 on %j and nothing changes", async (_name, body, fields) => {
    const before = await current("sa_demo_1", false);
    const res = await update("sa_demo_1", body);
    expect(res.status).toBe(422);
    expect(res.body.error?.code).toBe("validation_error");
    expect(Object.keys((res.body.error?.details as { fields: object }).fields).sort()).toEqual(fields);
    expect(await current("sa_demo_1", false)).toEqual(before);
  });

  it("rejects an update with none of the known fields with 422", async () => {
    const res = await update("sa_demo_1", { is_blocked: true });
    expect(res.status).toBe(422);
    expect(res.body.error?.code).toBe("validation_error");
    expect(Object.keys((res.body.error?.details as { fields: object }).fields)).toEqual(["_form"]);
    expect((await current("sa_demo_1", false)).is_blocked).toBe(false);
  });

  it("404s an unknown subaccount", async () => {
    const res = await update("sa_missing", { name: "x" });
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe("not_found");
  });
});

describe("POST /v1/subaccounts/:id/blocked", () => {
  it("blocks and unblocks, returning the subaccount", async () => {
    const blocked = await setBlocked("sa_demo_1", { is_blocked: true });
    expect(blocked.status).toBe(200);
    expect(SubaccountSchema.parse(blocked.body.data).is_blocked).toBe(true);
    const again = await setBlocked("sa_demo_1", { is_blocked: true });
    expect(again.body.data.is_blocked).toBe(true);
    const unblocked = await setBlocked("sa_demo_1", { is_blocked: false });
    expect(unblocked.body.data.is_blocked).toBe(false);
  });

  it("the seed has sa_demo_2 blocked", async () => {
    const res = await update("sa_demo_2", { name: "Filial Norte Comércio Ltda" });
    expect(res.body.data.is_blocked).toBe(true);
  });

  it.each([
    ["missing", {}],
    ["a string", { is_blocked: "true" }],
    ["a number", { is_blocked: 1 }],
    ["null", { is_blocked: null }],
  ])("is_blocked %s → 422 on is_blocked", async (_name, body) => {
    const res = await setBlocked("sa_demo_1", body);
    expect(res.status).toBe(422);
    expect(Object.keys((res.body.error?.details as { fields: object }).fields)).toEqual(["is_blocked"]);
  });

  it("404s an unknown subaccount", async () => {
    const res = await setBlocked("sa_missing", { is_blocked: true });
    expect(res.status).toBe(404);
  });
});
