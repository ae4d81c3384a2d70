/**
 * The payout register: writing the intent and reading rows. A payout is recorded
 * as an `intent` (with the exact upstream body) BEFORE the first send; its moves
 * after that (sent, answered, needs review, handled) are in payout-lifecycle.ts,
 * and the state machine is drawn in docs/ledger.md.
 */
import { and, desc, eq, getTableColumns, gte, inArray, lt, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { payouts, type PayoutRequestBody, type PayoutRow, type PayoutState } from "./schema";
import { IN_PROGRESS_STATES, UNKNOWN_OUTCOME_STATES } from "@/lib/shared/schemas/register";
import type { PayoutOutcome } from "@/lib/shared/schemas/insights";
import { storableOrNull, toStorableText } from "@/lib/shared/validation/text";
import { asList, containsPattern, isUuid, pageSize, toPage } from "./query";
import type { Actor, Ledger, Page } from "./types";

/** A payout as the app reads it: every column except the request body and the credential seal. */
export type PayoutRecord = Omit<PayoutRow, "requestBody" | "credentialSeal">;

const { requestBody: _requestBody, credentialSeal: _credentialSeal, ...columns } = getTableColumns(payouts);
/** Every column except the request body and the credential seal. */
export const recordColumns = columns;

export interface PayoutIntentInput {
  businessId: string;
  idempotencyKey: string;
  /** The exact body for POST /v1/payouts (its idempotency_key must equal `idempotencyKey`). */
  body: PayoutRequestBody;
  /** The destination as operators may see it, e.g. "j***@e***.com". */
  pixKeyMasked: string;
  actor: Actor;
  /** Fingerprint of the body, kept after resolution so a reused key with another body can be told apart. */
  requestHash?: string | null;
  /**
   * The caller's credential, already sealed (encrypted, time-limited) by the
   * session layer, for the reconciler. Never pass a plain credential: the
   * ledger stores this string as given and erases it on resolution.
   */
  credentialSeal?: string | null;
  /** The batch row this payout sends, if any (see payout-batches.ts). */
  batch?: { id: string; rowNumber: number };
  /**
   * The Pix key's keyed fingerprint (services/payouts/key-fingerprint.ts), kept on the row after the key is erased,
   * for "last paid to this key". Absent: the row is never found by it.
   */
  pixKeyFingerprint?: string | null;
}

/** The payouts columns of a new intent. */
export function intentValues(input: PayoutIntentInput): typeof payouts.$inferInsert {
  if (input.body.idempotency_key !== input.idempotencyKey) {
    throw new Error("ledger: body.idempotency_key must equal idempotencyKey");
  }
  return {
    businessId: input.businessId,
    idempotencyKey: input.idempotencyKey,
    state: "intent",
    amountCentavos: input.body.amount_centavos,
    pixKeyType: input.body.pix_key_type,
    pixKeyMasked: input.pixKeyMasked,
    requestBody: input.body,
    requestHash: input.requestHash ?? null,
    pixKeyFingerprint: input.pixKeyFingerprint ?? null,
    credentialSeal: input.credentialSeal ?? null,
    batchId: input.batch?.id ?? null,
    batchRowNumber: input.batch?.rowNumber ?? null,
    createdByName: input.actor.name,
    createdByRole: input.actor.role,
  };
}

/**
 * Writes the intent, or returns the row already recorded for this (business,
 * key) with `existing: true`: a double click or a retried request yields one row.
 * The caller should compare the existing row's `requestHash` (or amount / key type) with its own.
 */
export async function recordPayoutIntent(
  ledger: Ledger,
  input: PayoutIntentInput,
): Promise<PayoutRecord & { existing: boolean }> {
  const [inserted] = await ledger.db
    .insert(payouts)
    .values(intentValues(input))
    .onConflictDoNothing({ target: [payouts.businessId, payouts.idempotencyKey] })
    .returning(recordColumns);
  if (inserted) return { ...inserted, existing: false };
  const existing = await getPayoutByIdempotencyKey(ledger, input.businessId, input.idempotencyKey);
  if (!existing) throw new Error("ledger: payout intent vanished after a conflicting insert");
  return { ...existing, existing: true };
}

export interface PayoutStatusUpdate {
  status: string;
  /** undefined keeps the stored value; null clears it. Same for the fields below. */
  failureReason?: string | null;
  endToEndId?: string | null;
  fee?: number | null;
  net?: number | null;
  /** The destination's holder as the API names it; undefined, null or empty keeps the stored name. */
  holderName?: string | null;
  /**
   * When the payout was paid, only as a read of a paid payout states it (readDetailsOf); undefined or null keeps
   * the stored time, except that a status other than paid or pending clears it (the payout is not paid). Never the
   * creation time or the time of the read.
   */
  paidAt?: Date | null;
}

/** The longest holder name kept (the column's CHECK); a longer one is cut, never refused. */
export const HOLDER_NAME_MAX = 200;

/** A holder name as the ledger keeps it: storable text, at most HOLDER_NAME_MAX characters; null when there is none. */
export function storableHolderName(name: string | null | undefined): string | null {
  const text = storableOrNull(name?.trim() || null);
  return text === null ? null : Array.from(text).slice(0, HOLDER_NAME_MAX).join("");
}

/**
 * Records the upstream status last read for a submitted payout (by upstream id).
 * Status only moves forward: once anything but `pending` was recorded, a later
 * `pending` (a stale read, a replayed create answer) changes nothing but the check time.
 */
export async function updatePayoutStatus(
  ledger: Ledger,
  businessId: string,
  payoutId: string,
  update: PayoutStatusUpdate,
): Promise<PayoutRecord | null> {
  const backwards = sql`(${update.status} = 'pending' AND ${payouts.status} IS NOT NULL AND ${payouts.status} <> 'pending')`;
  const keep = (column: AnyPgColumn, value: unknown) =>
    value === undefined ? undefined : sql`CASE WHEN ${backwards} THEN ${column} ELSE ${value} END`;
  const [row] = await ledger.db
    .update(payouts)
    .set({
      status: keep(payouts.status, toStorableText(update.status)),
      failureReason: keep(payouts.failureReason, storableOrNull(update.failureReason)),
      endToEndId: keep(payouts.endToEndId, storableOrNull(update.endToEndId)),
      feeCentavos: keep(payouts.feeCentavos, update.fee),
      netCentavos: keep(payouts.netCentavos, update.net),
      // Not a status: a stale read names the same holder, so it is kept whenever the API gives one.
      holderName: storableHolderName(update.holderName) ?? undefined,
      paidAt: update.paidAt ?? (update.status === "paid" || update.status === "pending" ? undefined : null),
      statusCheckedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(payouts.businessId, businessId), eq(payouts.payoutId, payoutId)))
    .returning(recordColumns);
  return row ?? null;
}

/** By the ledger's own id (uuid). */
export async function getPayout(ledger: Ledger, businessId: string, id: string): Promise<PayoutRecord | null> {
  if (!isUuid(id)) return null;
  return findOne(ledger, and(eq(payouts.businessId, businessId), eq(payouts.id, id)));
}

/** By the upstream payout id. */
export function getPayoutByUpstreamId(
  ledger: Ledger,
  businessId: string,
  payoutId: string,
): Promise<PayoutRecord | null> {
  return findOne(ledger, and(eq(payouts.businessId, businessId), eq(payouts.payoutId, payoutId)));
}

export function getPayoutByIdempotencyKey(
  ledger: Ledger,
  businessId: string,
  idempotencyKey: string,
): Promise<PayoutRecord | null> {
  return findOne(ledger, and(eq(payouts.businessId, businessId), eq(payouts.idempotencyKey, idempotencyKey)));
}

async function findOne(ledger: Ledger, where: SQL | undefined): Promise<PayoutRecord | null> {
  const [row] = await ledger.db
    .select(recordColumns)
    .from(payouts)
    .where(where)
    .orderBy(desc(payouts.createdAt))
    .limit(1);
  return row ?? null;
}

/** The register's filters: the list, its totals and its export read the same rows. */
export interface PayoutFilter {
  /** Upstream status(es), as stored (pending, paid, failed, …). */
  status?: string | readonly string[];
  /** Our write-ahead state(s); "attention" = every state whose outcome is unknown; "in_progress" = intent or uncertain. */
  state?: PayoutState | "attention" | "in_progress" | readonly PayoutState[];
  /** Case-insensitive substring of ids, idempotency key, end-to-end id, masked key, holder or creator. */
  search?: string;
  /** created_at >= from (an instant: the start of the first day in the business's zone). */
  from?: Date | string;
  /** created_at < to (exclusive: the start of the day after the last one). */
  to?: Date | string;
  /** The rows of one outcome (`payoutOutcomeSql`): exactly the rows the insights count under it. */
  outcome?: PayoutOutcome;
}

export interface PayoutListQuery extends PayoutFilter {
  limit?: number;
  /** `nextCursor` of the previous page. */
  cursor?: string | null;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * The outcome of each dashboard state (docs/insights.md): a submitted payout's is its API status's. Every state is
 * named (a Record over PAYOUT_STATES, so a new state does not compile until it is placed): none falls to a default.
 */
const OUTCOME_OF_STATE: Record<Exclude<PayoutState, "submitted">, PayoutOutcome> = {
  intent: "pending",
  uncertain: "pending",
  needs_review: "needs_review",
  rejected: "not_sent",
  handled: "handled",
};

/**
 * A payout row's outcome, in SQL (one of PAYOUT_OUTCOMES), from its state and API status: submitted + paid → paid,
 * submitted + failed → failed, submitted with any other status or none → pending, intent/uncertain → pending,
 * needs_review → needs_review, rejected → not_sent, handled → handled. A state outside PAYOUT_STATES (the table's
 * CHECK allows none) gives NULL, never a guess. Over the table's columns (`payoutOutcomeSql`, the register's
 * `outcome` filter) or over the columns of rows already grouped by state and status (the insights' series).
 */
export function outcomeSqlOf(state: SQLWrapper, status: SQLWrapper): SQL<PayoutOutcome | null> {
  return sql<PayoutOutcome | null>`(CASE ${state}
  WHEN 'submitted' THEN CASE ${status} WHEN 'paid' THEN 'paid' WHEN 'failed' THEN 'failed' ELSE 'pending' END
  ${sql.join(
    Object.entries(OUTCOME_OF_STATE).map(
      ([state, outcome]) => sql`WHEN ${sql.raw(`'${state}'`)} THEN ${sql.raw(`'${outcome}'`)}`,
    ),
    sql` `,
  )}
END)`;
}

export const payoutOutcomeSql: SQL<PayoutOutcome | null> = outcomeSqlOf(payouts.state, payouts.status);

/** Whether a row's fee and net count (sumPayouts, the insights): every row but those the API said failed. */
export function feeCountsSqlOf(status: SQLWrapper): SQL {
  return sql`${status} IS DISTINCT FROM 'failed'`;
}

export const feeCountsSql = feeCountsSqlOf(payouts.status);

/**
 * The rows whose outcome is failed or not_sent (`payoutOutcomeSql` IN ('failed', 'not_sent')), written so that the
 * planner sees it implies the predicate of migration 0028's partial index, which the reasons ranking reads instead of
 * every row of the window. tests/ledger/payout-insights.test.ts checks both for every state and status.
 */
export const unsuccessfulSql = sql`(${payouts.state} = 'rejected' OR (${payouts.state} = 'submitted' AND ${payouts.status} = 'failed'))`;

/** The WHERE of a business's payouts under `filter` (without the cursor): the register's, the insights'. */
export function filterWhere(businessId: string, filter: PayoutFilter): SQL | undefined {
  const statuses = asList(filter.status);
  const states =
    filter.state === "attention"
      ? UNKNOWN_OUTCOME_STATES
      : filter.state === "in_progress"
        ? IN_PROGRESS_STATES
        : asList(filter.state);
  const search = filter.search?.trim();
  const pattern = search ? containsPattern(search) : undefined;
  return and(
    eq(payouts.businessId, businessId),
    statuses.length ? inArray(payouts.status, [...statuses]) : undefined,
    states.length ? inArray(payouts.state, [...states]) : undefined,
    filter.from !== undefined ? gte(payouts.createdAt, asDate(filter.from)) : undefined,
    filter.to !== undefined ? lt(payouts.createdAt, asDate(filter.to)) : undefined,
    filter.outcome !== undefined ? sql`${payoutOutcomeSql} = ${filter.outcome}` : undefined,
    pattern
      ? or(
          sql`${payouts.id}::text ILIKE ${pattern}`,
          sql`${payouts.payoutId} ILIKE ${pattern}`,
          sql`${payouts.idempotencyKey} ILIKE ${pattern}`,
          sql`${payouts.endToEndId} ILIKE ${pattern}`,
          sql`${payouts.pixKeyMasked} ILIKE ${pattern}`,
          sql`${payouts.holderName} ILIKE ${pattern}`,
          sql`${payouts.createdByName} ILIKE ${pattern}`,
        )
      : undefined,
  );
}

/** A business's payouts, newest first, keyset-paginated on (created_at, id). */
export async function listPayouts(
  ledger: Ledger,
  businessId: string,
  query: PayoutListQuery = {},
): Promise<Page<PayoutRecord>> {
  const limit = pageSize(query.limit);
  if (query.cursor && !isUuid(query.cursor)) return { items: [], nextCursor: null };
  const rows = await ledger.db
    .select(recordColumns)
    .from(payouts)
    .where(
      and(
        filterWhere(businessId, query),
        query.cursor
          ? sql`(${payouts.createdAt}, ${payouts.id}) < (
              SELECT c.created_at, c.id FROM payouts c WHERE c.business_id = ${businessId} AND c.id = ${query.cursor}
            )`
          : undefined,
      ),
    )
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(limit + 1);
  return toPage(rows, limit, (row) => row.id);
}

/** Sums of the payouts under a filter, in centavos. */
export interface PayoutTotals {
  count: number;
  amountCentavos: number;
  /** Fees and net of the rows whose fee (net) is shown: known and not failed (lib/shared/payouts/fee-and-net.ts). */
  feeCentavos: number;
  netCentavos: number;
  /** How many rows have a fee counted in `feeCentavos`. */
  feeCount: number;
}

/** A bigint sum read as text: exact in the database, and refused here rather than rounded past 2^53. */
export function safeSum(text: string | null): number {
  const value = BigInt(text ?? "0");
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER))
    throw new Error("ledger: a payout total is beyond what the app counts exactly");
  return Number(value);
}

/**
 * The totals of the payouts `listPayouts` pages through under the same filter, summed in SQL over integer centavos.
 * A failed payout moved no money: it counts and adds its amount, never a fee or a net (as `shownFeeAndNet`).
 */
export async function sumPayouts(ledger: Ledger, businessId: string, filter: PayoutFilter = {}): Promise<PayoutTotals> {
  const notFailed = feeCountsSql;
  const [row] = await ledger.db
    .select({
      count: sql<string>`count(*)::text`,
      amount: sql<string | null>`sum(${payouts.amountCentavos})::text`,
      fee: sql<string | null>`(sum(${payouts.feeCentavos}) FILTER (WHERE ${notFailed}))::text`,
      net: sql<string | null>`(sum(${payouts.netCentavos}) FILTER (WHERE ${notFailed}))::text`,
      feeCount: sql<string>`(count(${payouts.feeCentavos}) FILTER (WHERE ${notFailed}))::text`,
    })
    .from(payouts)
    .where(filterWhere(businessId, filter));
  return {
    count: safeSum(row?.count ?? null),
    amountCentavos: safeSum(row?.amount ?? null),
    feeCentavos: safeSum(row?.fee ?? null),
    netCentavos: safeSum(row?.net ?? null),
    feeCount: safeSum(row?.feeCount ?? null),
  };
}

/** How many of a business's payouts wait for a person, and how many the dashboard is still resolving by itself. */
export async function countAttention(
  ledger: Ledger,
  businessId: string,
): Promise<{ needsReview: number; inProgress: number }> {
  const rows = await ledger.db
    .select({ state: payouts.state, count: sql<number>`count(*)::int` })
    .from(payouts)
    .where(and(eq(payouts.businessId, businessId), inArray(payouts.state, [...UNKNOWN_OUTCOME_STATES])))
    .groupBy(payouts.state);
  let needsReview = 0;
  let inProgress = 0;
  for (const row of rows) {
    if (row.state === "needs_review") needsReview += Number(row.count);
    else inProgress += Number(row.count);
  }
  return { needsReview, inProgress };
}

/** A payout the API reported paid, as "last paid to this key" shows it. */
export interface LastPaid {
  holderName: string | null;
  /** When it was paid, as the API stated it; null when the API did not say (never another time in its place). */
  paidAt: Date | null;
}

/**
 * The newest payout of this business the API reported paid to a key with one of these fingerprints (failed, pending
 * and unresolved ones are not), with its holder name and paid time; null when there is none. Newest by paid time; a
 * payout whose paid time is not known counts from its creation (it was paid no earlier), and is returned with
 * `paidAt` null.
 */
export async function lastPaidToKey(
  ledger: Ledger,
  businessId: string,
  fingerprints: readonly string[],
): Promise<LastPaid | null> {
  if (fingerprints.length === 0) return null;
  const [row] = await ledger.db
    .select({ holderName: payouts.holderName, paidAt: payouts.paidAt })
    .from(payouts)
    .where(
      and(
        eq(payouts.businessId, businessId),
        inArray(payouts.pixKeyFingerprint, [...fingerprints]),
        eq(payouts.state, "submitted"),
        eq(payouts.status, "paid"),
      ),
    )
    // The expression of payouts_key_paid_idx (migration 0023).
    .orderBy(sql`(coalesce(${payouts.paidAt}, ${payouts.createdAt})) DESC`, desc(payouts.id))
    .limit(1);
  return row ?? null;
}
