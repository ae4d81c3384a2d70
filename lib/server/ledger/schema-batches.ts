/**
 * Drizzle table definitions of the batch payouts (docs/batch-payouts.md), re-exported by schema.ts.
 * They mirror `lib/server/ledger/migrations/*.sql` (0005, 0006, 0007, 0008, 0010): the SQL files are the
 * source of truth; change both together (docs/ledger.md, "Adding a migration").
 */
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, unique, uuid } from "drizzle-orm/pg-core";
import { BATCH_PAUSE_REASONS } from "@/lib/shared/schemas/payout-batches";
import { centavos, timestamptz } from "./schema-columns";

/**
 * A row of the uploaded file that is not in the batch (`left_out_rows`): never sent, not a payout_batch_rows row,
 * kept only so the results file lists every row of the upload. `original`: [header, cell] pairs in column order.
 */
export interface LeftOutRowRecord {
  rowNumber: number;
  reason: "excluded" | "invalid";
  original: [string, string][];
}

export const BATCH_STATES = ["awaiting_confirmation", "sending", "paused", "completed", "cancelled"] as const;
export type BatchState = (typeof BATCH_STATES)[number];

/** Why the worker paused a batch: its sealed credential no longer opens, or the API refused it (401). */
export { BATCH_PAUSE_REASONS, type BatchPauseReason } from "@/lib/shared/schemas/payout-batches";

/** A batch of payouts from a file (docs/batch-payouts.md). */
export const payoutBatches = pgTable(
  "payout_batches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: text("business_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    requestHash: text("request_hash").notNull(),
    fileName: text("file_name").notNull(),
    status: text("status", { enum: BATCH_STATES }).notNull().default("awaiting_confirmation"),
    rowCount: integer("row_count").notNull(),
    totalCentavos: centavos("total_centavos").notNull(),
    credentialSeal: text("credential_seal"),
    backoffUntil: timestamptz("backoff_until"),
    createdByName: text("created_by_name").notNull(),
    createdByRole: text("created_by_role").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    confirmedByName: text("confirmed_by_name"),
    confirmedAt: timestamptz("confirmed_at"),
    pausedByName: text("paused_by_name"),
    pausedAt: timestamptz("paused_at"),
    cancelledByName: text("cancelled_by_name"),
    cancelledAt: timestamptz("cancelled_at"),
    completedAt: timestamptz("completed_at"),
    /** The uploaded CSV's delimiter, reused by the results file; null for an .xlsx and for batches older than migration 0006. */
    csvDelimiter: text("csv_delimiter", { enum: [",", ";"] }),
    /** The file's column names in their order; null for batches older than migration 0006. */
    columns: jsonb("columns").$type<string[]>(),
    /** The file's rows not in the batch, for the results file only (migration 0008); null when none were given. */
    leftOutRows: jsonb("left_out_rows").$type<LeftOutRowRecord[]>(),
    /** Why the worker paused it (migration 0010); null when a person paused it, and after a resume. */
    pausedReason: text("paused_reason", { enum: BATCH_PAUSE_REASONS }),
  },
  (t) => [
    unique("payout_batches_business_idempotency_key_unique").on(t.businessId, t.idempotencyKey),
    index("payout_batches_business_created_idx").on(t.businessId, t.createdAt.desc(), t.id.desc()),
    index("payout_batches_active_idx")
      .on(t.confirmedAt)
      .where(sql`status IN ('sending', 'paused', 'cancelled')`),
    index("payout_batches_paused_idx")
      .on(t.pausedAt)
      .where(sql`status = 'paused' AND credential_seal IS NULL`),
  ],
);

/** key_conflict: its key was already taken by a payout that is not its own; never sent, never linked (migration 0010). */
export const BATCH_ROW_STATES = ["pending", "dispatched", "cancelled", "key_conflict"] as const;
export type BatchRowState = (typeof BATCH_ROW_STATES)[number];

/** One row of a batch; once dispatched, its payout is the row of `payouts` named by payoutId. */
export const payoutBatchRows = pgTable(
  "payout_batch_rows",
  {
    batchId: uuid("batch_id").notNull(),
    rowNumber: integer("row_number").notNull(),
    businessId: text("business_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    status: text("status", { enum: BATCH_ROW_STATES }).notNull().default("pending"),
    amountCentavos: centavos("amount_centavos").notNull(),
    pixKeyType: text("pix_key_type").notNull(),
    pixKeyMasked: text("pix_key_masked").notNull(),
    pixKey: text("pix_key"),
    description: text("description"),
    name: text("name"),
    /** [header, cell] pairs in the file's column order (a jsonb object would not keep the order). */
    original: jsonb("original").$type<[string, string][]>().notNull(),
    payoutId: uuid("payout_id"),
    dispatchedAt: timestamptz("dispatched_at"),
    /** Why a row ended without a payout of its own (a key_conflict row); null otherwise (migration 0010). */
    failureReason: text("failure_reason"),
  },
  (t) => [
    primaryKey({ name: "payout_batch_rows_pkey", columns: [t.batchId, t.rowNumber] }),
    unique("payout_batch_rows_business_key_unique").on(t.businessId, t.idempotencyKey),
    index("payout_batch_rows_pending_idx")
      .on(t.batchId, t.rowNumber)
      .where(sql`status = 'pending'`),
  ],
);
