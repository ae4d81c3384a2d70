/**
 * A failed ledger query throws a LedgerQueryError that holds none of the
 * query's parameters and none of the row's values, on both drivers, however it
 * is looked at (message, stack, util.inspect, JSON, the logger). Without the
 * guard in lib/server/ledger/errors.ts drizzle's error would carry them all.
 */
import { inspect } from "node:util";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LedgerQueryError, recordPayoutIntent, upsertKnownSubaccount, type Ledger } from "@/lib/server/ledger";
import { payouts } from "@/lib/server/ledger/schema";
import { formatLine, log } from "@/lib/server/log";
import { captureLogs } from "../helpers/logs";
import { ACME, ALICE, drivers, useLedger } from "./helpers";

const PIX_KEY = "canary.pix.key@example.com";
const SEAL = "Fe26.2**canary-seal-0123456789abcdefghijklmnopqrstuvwxyz";
const DOCUMENT = "98765432100";
const EMAIL = "canary.subaccount@example.com";
const SENSITIVE = [PIX_KEY, SEAL, DOCUMENT, EMAIL, "canary"];

async function thrown(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error("expected the query to fail");
}

/** Every way the error could be written: none may hold a sensitive value. */
function expectNothingSensitive(error: unknown): void {
  const views = [
    String(error),
    (error as Error).stack ?? "",
    inspect(error, { depth: 10, showHidden: true }),
    JSON.stringify(error),
    formatLine("error", "test.ledger", { error }),
  ];
  for (const view of views)
    for (const value of SENSITIVE) expect(view, `a view of the error holds ${value}`).not.toContain(value);
}

describe.each(drivers)("ledger query errors (%s)", (driver) => {
  const ledger = useLedger(driver);

  it("a check violation (the failing row holds the Pix key and the seal): code and constraint kept, values gone", async () => {
    const error = await thrown(() =>
      recordPayoutIntent(ledger(), {
        businessId: ACME,
        idempotencyKey: "k-check",
        body: { amount_centavos: 0, pix_key: PIX_KEY, pix_key_type: "email", idempotency_key: "k-check" },
        pixKeyMasked: "c***@example.com",
        actor: ALICE,
        credentialSeal: SEAL,
      }),
    );
    expect(error).toBeInstanceOf(LedgerQueryError);
    expect(error).toMatchObject({ name: "LedgerQueryError", code: "23514", constraint: "payouts_amount_check" });
    expect((error as Error).message).toMatch(/^The ledger's insert "payouts" failed: .*payouts_amount_check/);
    expect(error).not.toHaveProperty("params");
    expect(error).not.toHaveProperty("cause");
    expectNothingSensitive(error);
  });

  it("a value of the wrong type, which PostgreSQL quotes in its message", async () => {
    const error = await thrown(() => ledger().db.select().from(payouts).where(eq(payouts.id, PIX_KEY)));
    expect(error).toMatchObject({ name: "LedgerQueryError", code: "22P02" });
    expect((error as Error).message).toContain('for type uuid: "…"');
    expectNothingSensitive(error);
  });

  it("an error raised inside the database while a subaccount (document, e-mail) is written, and its log line", async () => {
    const db = (l: Ledger) => l.db;
    await db(ledger()).execute(
      sql.raw(
        `CREATE OR REPLACE FUNCTION pixops_test_refuse() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused by a test trigger'; END $$ LANGUAGE plpgsql`,
      ),
    );
    await db(ledger()).execute(
      sql.raw(
        `CREATE TRIGGER pixops_test_refuse BEFORE INSERT ON subaccounts FOR EACH ROW EXECUTE FUNCTION pixops_test_refuse()`,
      ),
    );
    try {
      const error = await thrown(() =>
        upsertKnownSubaccount(
          ledger(),
          ACME,
          {
            id: "sa_canary",
            name: "Canary Ltda",
            email: EMAIL,
            document: DOCUMENT,
            daily_limit_centavos: 1,
            monthly_limit_centavos: 2,
            is_blocked: false,
            external_reference: null,
          },
          "Alice",
        ),
      );
      expect(error).toMatchObject({ name: "LedgerQueryError", code: "P0001" });
      expect((error as Error).message).toContain("refused by a test trigger");
      expectNothingSensitive(error);
    } finally {
      await db(ledger()).execute(sql.raw("DROP TRIGGER pixops_test_refuse ON subaccounts"));
    }
  });

  it("the log line the BFF writes for such an error holds none of them", async () => {
    const logs = captureLogs();
    try {
      const error = await thrown(() => ledger().db.execute(sql`SELECT ${PIX_KEY}::uuid, ${SEAL}::int`));
      log.error("test.query_failed", { error, requestId: "bff_0123456789abcdef0123" });
    } finally {
      logs.restore();
    }
    expect(logs.stderr).toHaveLength(1);
    for (const value of SENSITIVE) expect(logs.text()).not.toContain(value);
  });
});
