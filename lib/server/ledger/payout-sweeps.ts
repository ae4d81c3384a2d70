/**
 * The background passes' queries over payouts (the reconciler's sweep, seal purge and
 * re-send candidates; the refresher's follow-ups). The moves themselves are in
 * payout-lifecycle.ts.
 */
import { and, asc, eq, inArray, isNotNull, lte, or, sql, type SQL } from "drizzle-orm";
import { RESENDABLE } from "./payout-lifecycle";
import { recordColumns, type PayoutRecord } from "./payouts";
import { pageSize } from "./query";
import { ledgerLeases, payouts, type PayoutRow, type PayoutState } from "./schema";
import type { Ledger } from "./types";

/** No live lease on the row: nobody is sending it right now. */
function notLeased(): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${ledgerLeases} l WHERE l.name = 'payout:' || ${payouts.businessId} || ':' || ${payouts.idempotencyKey} AND l.expires_at > now())`;
}

/** The reconciler's clock: the database's, or the one a caller (a test) injects. */
function clock(now?: Date): SQL {
  return now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
}

function msAgo(ms: number, now?: Date): SQL {
  return sql`${clock(now)} - (${Math.max(0, Math.trunc(ms))} * interval '1 millisecond')`;
}

/**
 * Moves to needs_review every unresolved payout that nobody is sending and that
 * may no longer be re-sent by itself: its send (the one now unresolved, see
 * send_started_at) started before the automatic re-send window. Erases the
 * seal. (One inside the window without a credential is the reconciler's to
 * move, per row: its business's workspace may hold one.) Returns the rows it
 * moved (for the audit log). `now`: the clock to measure the window with
 * (default the database's).
 */
export async function sweepPayoutsToReview(
  ledger: Ledger,
  options: { windowMs: number; now?: Date },
): Promise<PayoutRecord[]> {
  return ledger.db
    .update(payouts)
    .set({
      state: "needs_review",
      reviewReason: "resend_window_passed",
      reviewSince: clock(options.now),
      credentialSeal: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        inArray(payouts.state, RESENDABLE),
        lte(payouts.sendStartedAt, msAgo(options.windowMs, options.now)),
        notLeased(),
      ),
    )
    .returning(recordColumns);
}

/**
 * Erases every sealed credential of a payout whose send started before the window, in any
 * state: no seal outlives the automatic re-send window (a row being sent right
 * now keeps its lease; its sender already holds the credential it needs).
 * The reconciler runs it on every pass, after the sweep. Returns how many.
 */
export function purgeExpiredSeals(ledger: Ledger, options: { windowMs: number; now?: Date }): Promise<number> {
  return eraseSealsSentBefore(ledger, options);
}

/**
 * Unresolved payouts of every business that may be re-sent by themselves now:
 * inside the window, untouched for `olderThanMs`, and not being sent (the
 * reconciler finds each one's credential: its business's, or an older row's
 * seal). Read-only: the sender takes each one's lease before sending.
 */
export async function listResendCandidates(
  ledger: Ledger,
  options: { olderThanMs: number; windowMs: number; limit?: number; now?: Date },
): Promise<PayoutRow[]> {
  return ledger.db
    .select()
    .from(payouts)
    .where(
      and(
        inArray(payouts.state, RESENDABLE),
        sql`${payouts.sendStartedAt} > ${msAgo(options.windowMs, options.now)}`,
        lte(payouts.updatedAt, msAgo(options.olderThanMs, options.now)),
        notLeased(),
      ),
    )
    .orderBy(asc(payouts.updatedAt), asc(payouts.id))
    .limit(pageSize(options.limit));
}

/**
 * Submitted payouts whose status the refresher follows: still pending (or not
 * yet known), sent inside the follow-up window, not checked for
 * `checkedBeforeMs`; least recently checked first, at most `perBusiness` of
 * each business. `now`: the clock the window is measured with.
 */
export async function listFollowUps(
  ledger: Ledger,
  options: { checkedBeforeMs: number; windowMs: number; now?: Date; perBusiness: number; limit: number },
): Promise<PayoutRow[]> {
  const rows = await ledger.db
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.state, "submitted"),
        or(sql`${payouts.status} IS NULL`, eq(payouts.status, "pending")),
        sql`${payouts.sendStartedAt} > ${msAgo(options.windowMs, options.now)}`,
        or(sql`${payouts.statusCheckedAt} IS NULL`, lte(payouts.statusCheckedAt, msAgo(options.checkedBeforeMs))),
      ),
    )
    .orderBy(sql`${payouts.statusCheckedAt} ASC NULLS FIRST`, asc(payouts.id))
    .limit(Math.max(1, options.limit * 4));
  const taken = new Map<string, number>();
  const picked: PayoutRow[] = [];
  for (const row of rows) {
    const count = taken.get(row.businessId) ?? 0;
    if (count >= options.perBusiness) continue;
    taken.set(row.businessId, count + 1);
    picked.push(row);
    if (picked.length >= options.limit) break;
  }
  return picked;
}

/**
 * Sets a followed payout aside: erases its seal (an older row's) and notes it as
 * checked, so the refresher comes back to it only after its interval, and only
 * while it is pending inside the window (a credential stored meanwhile is then used).
 */
export async function endFollowUp(ledger: Ledger, id: string): Promise<void> {
  await ledger.db
    .update(payouts)
    .set({ credentialSeal: null, statusCheckedAt: sql`now()` })
    .where(and(eq(payouts.id, id), eq(payouts.state, "submitted")));
}

/** Erases the follow-up seals of payouts sent (send_started_at) before the window. */
export function expireFollowUps(ledger: Ledger, options: { windowMs: number; now?: Date }): Promise<number> {
  return eraseSealsSentBefore(ledger, options, "submitted");
}

/** Erases the seals of payouts (in `state`, or any) whose send started before the window; returns how many. */
async function eraseSealsSentBefore(
  ledger: Ledger,
  options: { windowMs: number; now?: Date },
  state?: PayoutState,
): Promise<number> {
  const rows = await ledger.db
    .update(payouts)
    .set({ credentialSeal: null })
    .where(
      and(
        state ? eq(payouts.state, state) : undefined,
        isNotNull(payouts.credentialSeal),
        lte(payouts.sendStartedAt, msAgo(options.windowMs, options.now)),
      ),
    )
    .returning({ id: payouts.id });
  return rows.length;
}
