/**
 * The server's logger (lib/server/log.ts): one JSON line per event, nothing
 * sensitive in it whatever a caller hands over.
 */
import { DrizzleQueryError } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatLine, log, maskText, reduceError, scrubErrorMessage } from "@/lib/server/log";
import { captureLogs } from "../helpers/logs";
import { resetConfigForTests } from "@/lib/server/config";

const SEAL =
  "Fe26.2**4711**Qk9HVVNfU0FMVF9GT1JfVEVTVFM*c2VhbGVkLWNyZWRlbnRpYWwtZm9yLXRlc3Rz**ZXhwaXJ5*aG1hYy1zaWduYXR1cmUtZm9yLXRlc3Rz~2";
const API_KEY = "sk_live_Zq8Yw2Rt6Uv1Xs4Mn7Lk0Jh3Gf5Dc9Bp";
const PIX_EMAIL = "ana.souza@example.com";
const CPF = "123.456.789-09";
const CNPJ = "12.345.678/0001-90";
const PHONE = "+55 11 98765-4321";

const parse = (line: string): Record<string, unknown> => JSON.parse(line) as Record<string, unknown>;

afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigForTests();
});

describe("the line", () => {
  it("is one JSON object with time, level, event and request id, ending in a newline", () => {
    const line = formatLine(
      "warn",
      "payouts.something",
      { requestId: "bff_0123456789abcdef0123", count: 3 },
      new Date("2026-01-02T03:04:05.000Z"),
    );
    expect(line.endsWith("\n")).toBe(true);
    expect(line.trim().split("\n")).toHaveLength(1);
    expect(parse(line)).toEqual({
      time: "2026-01-02T03:04:05.000Z",
      level: "warn",
      event: "payouts.something",
      requestId: "bff_0123456789abcdef0123",
      count: 3,
    });
  });

  it("info goes to stdout, warn and error to stderr", () => {
    const logs = captureLogs();
    try {
      log.info("test.info", { n: 1 });
      log.warn("test.warn");
      log.error("test.error", { error: new Error("boom") });
    } finally {
      logs.restore();
    }
    expect(logs.stdout.map((l) => l.event)).toEqual(["test.info"]);
    expect(logs.stderr.map((l) => l.event)).toEqual(["test.warn", "test.error"]);
    expect(logs.stderr[1]?.error).toMatchObject({ name: "Error", message: "boom" });
  });

  it("never throws into the caller: fields that cannot be read still give a line", () => {
    const hostile = {
      get boom(): string {
        throw new Error("getter");
      },
    };
    const logs = captureLogs();
    try {
      expect(() => log.error("test.hostile", { hostile })).not.toThrow();
    } finally {
      logs.restore();
    }
    expect(logs.stderr).toHaveLength(1);
    expect(logs.stderr[0]?.event).toBe("test.hostile");
  });
});

describe("redaction", () => {
  it("replaces every known-sensitive field, at any depth, whatever its case or separators", () => {
    const values = {
      apiKey: API_KEY,
      accessToken: "at_token_value",
      authorization: "Bearer abc",
      cookie: "pixops_session=xyz",
      "set-cookie": "pixops_session=xyz",
      seal: SEAL,
      credentialSeal: SEAL,
      credential: { kind: "api_key", apiKey: API_KEY },
      pixKey: PIX_EMAIL,
      pix_key: PIX_EMAIL,
      key: "some-key",
      document: CPF,
      email: PIX_EMAIL,
      params: ["x", PIX_EMAIL],
      body: { pix_key: PIX_EMAIL },
      requestBody: { pix_key: PIX_EMAIL },
      password: "hunter2",
      secret: "s",
      sessionSecret: "s",
      refreshToken: "r",
    };
    const line = parse(formatLine("info", "test.redact", { ...values, nested: { deeper: [{ ...values }] } }));
    for (const name of Object.keys(values)) {
      expect(line[name], name).toBe("[redacted]");
      const nested = (line.nested as { deeper: Array<Record<string, unknown>> }).deeper[0];
      expect(nested?.[name], `nested ${name}`).toBe("[redacted]");
    }
    const text = JSON.stringify(line);
    for (const secret of [API_KEY, SEAL, PIX_EMAIL, CPF, "hunter2", "at_token_value"])
      expect(text).not.toContain(secret);
  });

  it("keeps what support needs: ids, idempotency keys, counts, states", () => {
    const fields = {
      payoutId: "po_demo_paid",
      idempotencyKey: "crash-8f14e45f-ceea-467f-a0e6-2c6f1e1c2b3d",
      businessId: "7f1c2b9e-4d2a-4c5e-9b1a-0a1b2c3d4e5f",
      state: "needs_review",
      count: 4,
      ok: true,
    };
    expect(parse(formatLine("info", "test.keep", { requestId: "req_ABCDEFGHJKMNPQRSTVWX", ...fields }))).toMatchObject({
      requestId: "req_ABCDEFGHJKMNPQRSTVWX",
      ...fields,
    });
  });

  it("masks token-like runs, e-mail addresses and long digit runs inside free text", () => {
    const text = maskText(
      `key ${API_KEY} seal ${SEAL} to ${PIX_EMAIL}, cpf ${CPF}, cnpj ${CNPJ}, phone ${PHONE}, digits 12345678901`,
    );
    for (const secret of [API_KEY, SEAL, PIX_EMAIL, CPF, CNPJ, PHONE, "12345678901"])
      expect(text).not.toContain(secret);
    expect(text).toContain("[email]");
    expect(text).toContain("[digits]");
    expect(text).toMatch(/\[masked:\d+\]/);
    // Request ids stay whole, even with long runs of digits in them.
    expect(parse(formatLine("info", "test.id", { requestId: "bff_aad07713451276f4bc33" })).requestId).toBe(
      "bff_aad07713451276f4bc33",
    );
    expect(maskText("payout po_12345678901234 of request bff_aad07713451276f4bc33")).toBe(
      "payout po_12345678901234 of request bff_aad07713451276f4bc33",
    );
    // Short numbers, dates and UUIDs stay readable.
    expect(maskText("amount 2500 on 2026-11-23 for 7f1c2b9e-4d2a-4c5e-9b1a-0a1b2c3d4e5f")).toBe(
      "amount 2500 on 2026-11-23 for 7f1c2b9e-4d2a-4c5e-9b1a-0a1b2c3d4e5f",
    );
  });

  it("keeps a UUID whole when some of its segments are all digits, and still masks a tax id beside it", () => {
    // About one random UUID in 90 has whole segments that make 11+ digits (12 with dashes, or its last segment).
    const ids = [
      "4bafc2b2-7423-4235-8199-18f621378928",
      "12345678-1234-4234-8234-123456789012",
      "a1b2c3d4-e5f6-4789-9012-345678901234",
    ];
    for (const id of ids) {
      expect(maskText(`invitation ${id} failed`)).toBe(`invitation ${id} failed`);
      expect(maskText(`crash-${id}`)).toBe(`crash-${id}`);
      expect(parse(formatLine("warn", "test.uuid", { invitationId: id })).invitationId).toBe(id);
    }
    expect(maskText(`invitation ${ids[0]} for cpf ${CPF}`)).toBe(`invitation ${ids[0]} for cpf [digits]`);
    expect(maskText(`${CPF}-${ids[1]}`)).not.toContain(CPF);
    // Bare digits right before a UUID are masked; the UUID stays.
    expect(maskText(`12345678901-${ids[0]}`)).toBe(`[digits]-${ids[0]}`);
  });

  it("masks the user and password of a URL, whatever its scheme, and keeps the rest readable", () => {
    const cases = [
      ["smtp://mailer:hunter2@localhost:2525", "smtp://[credentials]@localhost:2525"],
      ["smtps://apikey:p%40ss%3Aw0rd@smtp.example.com:465/", "smtps://[credentials]@smtp.example.com:465/"],
      [
        "postgres://app:sh0rt@db.internal/ledger?sslmode=require",
        "postgres://[credentials]@db.internal/ledger?sslmode=require",
      ],
      // An unencoded "@" in the password: the host is after the last one.
      ["smtp://user:a@b@mail.example.com", "smtp://[credentials]@mail.example.com"],
    ];
    for (const [url, masked] of cases) {
      expect(maskText(`cannot reach ${url} now`)).toBe(`cannot reach ${masked} now`);
      const line = formatLine("warn", "test.url", { target: url });
      expect(parse(line).target).toBe(masked);
    }
    const text = formatLine("error", "test.url", { error: new Error("connect smtp://mailer:hunter2@localhost:2525") });
    expect(text).not.toContain("hunter2");
    // A URL without credentials, and an e-mail address in a path, are untouched or masked as before.
    expect(maskText("see https://dash.example.com/members")).toBe("see https://dash.example.com/members");
    expect(maskText("mailto:ana.souza@example.com")).toBe("mailto:[email]");
  });

  it("cuts a huge string short", () => {
    expect(maskText("a b ".repeat(100_000)).length).toBeLessThanOrEqual(501);
  });

  it("survives cycles", () => {
    const cyclic: Record<string, unknown> = { name: "x" };
    cyclic.self = cyclic;
    expect(parse(formatLine("info", "test.cycle", { cyclic })).cyclic).toEqual({ name: "x", self: "[circular]" });
  });
});

describe("errors", () => {
  const driverError = Object.assign(
    new Error('new row for relation "payouts" violates check constraint "payouts_amount_check"'),
    {
      code: "23514",
      detail: `Failing row contains (1, acme, ${PIX_EMAIL}, ${SEAL}).`,
      where: "SQL statement",
      constraint: "payouts_amount_check",
    },
  );
  const queryError = new DrizzleQueryError(
    'insert into "payouts" ("id", "request_body", "credential_seal") values ($1, $2, $3)',
    ["id-1", PIX_EMAIL, SEAL],
    driverError,
  );

  it("a query error keeps the statement and the database's message, never the parameters or the failing row", () => {
    expect(queryError.message).toContain(PIX_EMAIL); // what drizzle would have written
    const line = formatLine("error", "test.query_error", { requestId: "bff_0123456789abcdef0123", error: queryError });
    for (const secret of [PIX_EMAIL, SEAL, "id-1", "Failing row"]) expect(line).not.toContain(secret);
    const error = parse(line).error as Record<string, unknown>;
    expect(error.message).toMatch(/^Failed query: insert into "payouts"/);
    expect(error).not.toHaveProperty("params");
    expect(error).not.toHaveProperty("query");
    expect(error.cause).toEqual({
      name: "Error",
      code: "23514",
      message: 'new row for relation "payouts" violates check constraint "payouts_amount_check"',
    });
  });

  it("values PostgreSQL quotes in its messages are cut out", () => {
    expect(scrubErrorMessage('invalid input syntax for type uuid: "ana@example.com"')).toBe(
      'invalid input syntax for type uuid: "…"',
    );
    expect(
      scrubErrorMessage(
        'duplicate key value violates unique constraint "x" Key (business_id, idempotency_key)=(acme, k-1) already exists',
      ),
    ).toBe('duplicate key value violates unique constraint "x" Key (…)=(…) already exists');
    expect(scrubErrorMessage('value "12345678901234" is out of range for type integer')).toBe(
      'value "…" is out of range for type integer',
    );
  });

  it("the stack is written in development only, as frames (its first line would repeat the message)", () => {
    vi.stubEnv("NODE_ENV", "production");
    resetConfigForTests();
    expect(reduceError(queryError).stack).toBeUndefined();
    vi.stubEnv("NODE_ENV", "development");
    resetConfigForTests();
    const stack = reduceError(queryError).stack ?? [];
    expect(stack.length).toBeGreaterThan(0);
    expect(stack.every((frame) => frame.startsWith("at "))).toBe(true);
    expect(stack.join("\n")).not.toContain(PIX_EMAIL);
  });

  it("an error's other properties (details, config, headers) are never written", () => {
    const upstream = Object.assign(new Error("The API refused it"), {
      status: 422,
      code: "validation_error",
      details: { pix_key: PIX_EMAIL },
      headers: { "x-api-key": API_KEY },
    });
    const line = formatLine("error", "test.upstream", { error: upstream });
    expect(line).not.toContain(PIX_EMAIL);
    expect(line).not.toContain(API_KEY);
    expect(parse(line).error).toEqual({
      name: "Error",
      code: "validation_error",
      status: 422,
      message: "The API refused it",
    });
  });

  it("a thrown non-Error is described, not dumped", () => {
    expect(reduceError({ apiKey: API_KEY })).toEqual({ name: "object", message: "(not an Error)" });
    expect(reduceError(`failed with ${API_KEY}`).message).not.toContain(API_KEY);
  });
});
