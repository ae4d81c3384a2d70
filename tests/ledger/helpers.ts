/**
 * Test support for the ledger: every suite runs against in-memory PGlite, and
 * also against a real PostgreSQL when TEST_DATABASE_URL is set. Each PostgreSQL
 * database handed out lives in its own freshly created schema (selected with
 * search_path), so test files running in parallel never share tables.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, getTableColumns, sql } from "drizzle-orm";
import { auditLog, payoutBatches, payouts } from "@/lib/server/ledger/schema";
import { Client } from "pg";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { createLedger, type Actor, type AuditEntryInput, type Ledger, type LedgerOptions } from "@/lib/server/ledger";

export type DriverName = Ledger["driver"];

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

/** The drivers every suite runs on. */
export const drivers: DriverName[] = TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export interface FreshDatabase {
  /** Options for createLedger that all point at this one empty database. */
  options: LedgerOptions;
  /** Removes the database (PostgreSQL schema); PGlite memory needs nothing. */
  drop(): Promise<void>;
}

/** An empty database for `driver`. For PGlite, each createLedger(options) is a new in-memory store. */
export async function freshDatabase(driver: DriverName): Promise<FreshDatabase> {
  if (driver === "pglite") return { options: { dataDir: "memory://" }, drop: async () => undefined };
  if (!TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL is required for the postgres driver");
  const schema = `ledger_test_${randomUUID().replace(/-/g, "")}`;
  await adminQuery(`CREATE SCHEMA ${schema}`);
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    options: { databaseUrl: url.toString(), maxConnections: 5 },
    drop: () => adminQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE`),
  };
}

async function adminQuery(text: string): Promise<void> {
  const client = new Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * One migrated ledger for the enclosing describe block, emptied before each
 * test. Returns a getter (the ledger exists only once beforeAll has run).
 */
export function useLedger(driver: DriverName): () => Ledger {
  let database: FreshDatabase | undefined;
  let ledger: Ledger | undefined;
  beforeAll(async () => {
    database = await freshDatabase(driver);
    ledger = await createLedger(database.options);
  });
  beforeEach(async () => {
    await current().db.execute(
      sql.raw(
        "TRUNCATE payout_batch_rows, payouts, payout_batches, subaccounts, audit_log, revoked_sessions, workspace_credentials RESTART IDENTITY",
      ),
    );
  });
  afterAll(async () => {
    await ledger?.close();
    await database?.drop();
  });
  function current(): Ledger {
    if (!ledger) throw new Error("ledger not opened yet");
    return ledger;
  }
  return current;
}

export const ACME = "biz_acme";
export const BETA = "biz_beta";
export const ALICE: Actor = { name: "Alice", role: "admin" };
export const BOB: Actor = { name: "Bob", role: "operator" };

/** A payout body for POST /v1/payouts with the given key. */
export function payoutBody(idempotencyKey: string, amount = 1500) {
  return {
    amount_centavos: amount,
    pix_key: "maria@example.com",
    pix_key_type: "email",
    idempotency_key: idempotencyKey,
  };
}

/**
 * An audit entry written into a ledger migrated only up to 0017, as the code of then wrote it: without the
 * actor's member id and e-mail (migration 0018). Today's appendAudit names those columns, which such a ledger has not.
 */
export async function appendAuditBefore0018(
  ledger: Ledger,
  entry: Pick<
    AuditEntryInput,
    "businessId" | "actor" | "action" | "outcome" | "targetType" | "targetId" | "idempotencyKey"
  >,
): Promise<{ outcome: string }> {
  await ledger.db.execute(
    sql`INSERT INTO audit_log (business_id, actor_name, actor_role, action, outcome, target_type, target_id, idempotency_key)
        VALUES (${entry.businessId}, ${entry.actor.name}, ${entry.actor.role ?? null}, ${entry.action}, ${entry.outcome},
                ${entry.targetType ?? null}, ${entry.targetId ?? null}, ${entry.idempotencyKey ?? null})`,
  );
  return { outcome: entry.outcome };
}

/** The actor names of a business's audit entries, newest first, read from a ledger migrated only up to 0017. */
export async function auditActorNamesBefore0018(ledger: Ledger, businessId: string): Promise<string[]> {
  const rows = await ledger.db
    .select({ actorName: auditLog.actorName })
    .from(auditLog)
    .where(eq(auditLog.businessId, businessId))
    .orderBy(desc(auditLog.id));
  return rows.map((row) => row.actorName);
}

/**
 * A payout intent written into a ledger migrated only up to 0020, as the code of then wrote it: without the
 * holder_name column (0021), which drizzle would name in its insert.
 */
export async function recordPayoutIntentBefore0021(
  ledger: Ledger,
  input: { businessId: string; idempotencyKey: string },
): Promise<void> {
  const body = payoutBody(input.idempotencyKey);
  await ledger.db.execute(
    sql`INSERT INTO payouts (business_id, idempotency_key, state, amount_centavos, pix_key_type, pix_key_masked,
                             request_body, created_by_name, created_by_role)
        VALUES (${input.businessId}, ${input.idempotencyKey}, 'intent', ${body.amount_centavos}, ${body.pix_key_type},
                'm***@example.com', ${JSON.stringify(body)}::jsonb, ${ALICE.name}, ${ALICE.role})`,
  );
}

/** The payouts columns a ledger migrated only up to 0020 has (no holder name, 0021; no fingerprint or paid time, 0023). */
const {
  holderName: _holderName,
  pixKeyFingerprint: _pixKeyFingerprint,
  paidAt: _paidAt,
  ...payoutColumnsBefore0021
} = getTableColumns(payouts);

/** Every payout of a ledger migrated only up to 0020, with the columns it had then. */
export function payoutRowsBefore0021(ledger: Ledger) {
  return ledger.db.select(payoutColumnsBefore0021).from(payouts).orderBy(payouts.idempotencyKey);
}

/** Whether a ledger migrated only up to 0020 holds this (business, key). */
export async function hasPayoutBefore0021(
  ledger: Ledger,
  businessId: string,
  idempotencyKey: string,
): Promise<boolean> {
  const rows = await ledger.db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.businessId, businessId), eq(payouts.idempotencyKey, idempotencyKey)));
  return rows.length > 0;
}

let batchSeq = 0;

/** A bare batch record of ACME for payout rows to point at (batch_id), as the insights' batch share counts them. */
export async function insertTestBatch(ledger: Ledger, rowCount: number): Promise<string> {
  const [batch] = await ledger.db
    .insert(payoutBatches)
    .values({
      businessId: ACME,
      idempotencyKey: `test-batch-${++batchSeq}`,
      requestHash: "h",
      fileName: "lote.csv",
      rowCount,
      totalCentavos: 1,
      createdByName: "Alice",
      createdByRole: "admin",
    })
    .returning({ id: payoutBatches.id });
  if (!batch) throw new Error("no batch inserted");
  return batch.id;
}
