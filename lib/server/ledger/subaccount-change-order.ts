/**
 * The order of subaccount changes (migration 0011). The API cannot read a
 * subaccount and its answers carry no documented time of the change, so the
 * ledger numbers its own change calls from one sequence, in the order they are
 * made (one at a time per subaccount, under its lease). A key's number is its
 * latest call that may have made the change; the known state keeps the number
 * of the change it holds. A replayed answer of a key numbered below the known
 * state's describes an older state (see changeOrder).
 */
import { and, eq, sql } from "drizzle-orm";
import { subaccountChangeRequests, type SubaccountChangeEndpoint } from "./schema";
import type { Ledger } from "./types";

export interface ChangeRequestRef {
  businessId: string;
  subaccountId: string;
  endpoint: SubaccountChangeEndpoint;
  idempotencyKey: string;
}

export interface NumberedCall {
  /** This call's number. */
  seq: number;
  /** The key's number before this call: its latest earlier call that may have made the change; null for a new key. */
  previousSeq: number | null;
}

const NEXT_SEQ = sql`nextval('subaccount_change_seq')`;

function refIs(ref: ChangeRequestRef) {
  return and(
    eq(subaccountChangeRequests.businessId, ref.businessId),
    eq(subaccountChangeRequests.subaccountId, ref.subaccountId),
    eq(subaccountChangeRequests.endpoint, ref.endpoint),
    eq(subaccountChangeRequests.idempotencyKey, ref.idempotencyKey),
  );
}

/**
 * Before a change call is sent (write-ahead, so a crash mid-call still counts
 * it): takes the next number and records it as the key's latest call that may
 * make the change. Call it holding the subaccount's lease.
 */
export async function numberChangeCall(ledger: Ledger, ref: ChangeRequestRef): Promise<NumberedCall> {
  const [before] = await ledger.db
    .select({ seq: subaccountChangeRequests.seq })
    .from(subaccountChangeRequests)
    .where(refIs(ref))
    .limit(1);
  const [row] = await ledger.db
    .insert(subaccountChangeRequests)
    .values({ ...ref, seq: NEXT_SEQ })
    .onConflictDoUpdate({
      target: [
        subaccountChangeRequests.businessId,
        subaccountChangeRequests.subaccountId,
        subaccountChangeRequests.endpoint,
        subaccountChangeRequests.idempotencyKey,
      ],
      set: { seq: NEXT_SEQ },
    })
    .returning({ seq: subaccountChangeRequests.seq });
  if (!row) throw new Error("ledger: numbering a subaccount change returned no row");
  return { seq: row.seq, previousSeq: before?.seq ?? null };
}

/**
 * After a call that did not make the change (the API refused it, or replayed
 * an earlier call's answer): the key's number goes back to its earlier call,
 * or the key is forgotten when it had none.
 */
export async function unnumberChangeCall(
  ledger: Ledger,
  ref: ChangeRequestRef,
  previousSeq: number | null,
): Promise<void> {
  if (previousSeq === null) await ledger.db.delete(subaccountChangeRequests).where(refIs(ref));
  else await ledger.db.update(subaccountChangeRequests).set({ seq: previousSeq }).where(refIs(ref));
}

export interface AnswerOrder {
  /** The number of the change the answer describes (the known state's number once it is recorded). */
  changeSeq: number;
  /** The answer is a replay of a change made before the one the known state holds: do not record it as the state. */
  olderThanKnown: boolean;
  /** This call did not make the change: the key's number goes back to its earlier call (unnumberChangeCall). */
  restoreKey: boolean;
}

/**
 * Where a successful answer stands. A fresh answer made the change in this
 * call. A replayed answer made it in an earlier call of the key, unless an
 * earlier attempt of this same call may have made it (its answer was lost and
 * the client retried): then it is this call's. A replay of a key this ledger
 * never numbered (sent before migration 0011 and never audited) cannot be
 * placed and counts as this call's, as before.
 */
export function changeOrder(input: {
  call: NumberedCall;
  replayed: boolean;
  mayHaveMadeItInThisCall: boolean;
  knownSeq: number | null;
}): AnswerOrder {
  const { call, replayed, mayHaveMadeItInThisCall, knownSeq } = input;
  if (!replayed || mayHaveMadeItInThisCall || call.previousSeq === null) {
    return { changeSeq: call.seq, olderThanKnown: false, restoreKey: false };
  }
  return {
    changeSeq: call.previousSeq,
    olderThanKnown: knownSeq !== null && call.previousSeq < knownSeq,
    restoreKey: true,
  };
}
