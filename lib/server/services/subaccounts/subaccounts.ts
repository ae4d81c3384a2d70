import "server-only";
import {
  appendAudit,
  changeOrder,
  getKnownSubaccount,
  hasRecordedSuccess,
  listKnownSubaccounts,
  holdLeaseWaiting,
  numberChangeCall,
  recordSubaccountChange,
  subaccountLeaseName,
  unnumberChangeCall,
  type AuditEntryInput,
  type AuditSnapshot,
  type ChangeRequestRef,
  type Ledger,
  type NumberedCall,
} from "@/lib/server/ledger";
import type { SubaccountRow } from "@/lib/server/ledger/schema";
import { resolveRetryPolicy } from "@/lib/server/payments-api/retry";
import { isPaymentsApiError, mayHaveTakenEffect } from "@/lib/server/payments-api/errors";
import type { AttemptInfo } from "@/lib/server/payments-api/client";
import type { Subaccount, UpdateSubaccountBody } from "@/lib/shared/schemas/subaccount";
import type { KnownSubaccount, SubaccountChangeResult } from "@/lib/shared/schemas/known-subaccount";
import { payoutSettings } from "@/lib/server/config";
import { log } from "@/lib/server/log";
import { retryPolicyFromEnv } from "@/lib/server/payments-api/for-credential";
import { auditFailure } from "@/lib/server/services/audit";
import { BffError } from "@/lib/server/errors/bff-error";
import type { Answer, LedgerScope, ServiceDeps } from "@/lib/server/services/context";

type ChangeDeps = Pick<ServiceDeps, "api" | "ledger" | "businessId" | "actor">;
type SubaccountAction = "subaccount.update" | "subaccount.block" | "subaccount.unblock";

export function toKnownSubaccount(row: SubaccountRow): KnownSubaccount {
  return {
    id: row.subaccountId,
    name: row.name ?? "",
    email: row.email ?? "",
    document: row.document ?? "",
    external_reference: row.externalReference ?? null,
    daily_limit_centavos: row.dailyLimitCentavos ?? null,
    monthly_limit_centavos: row.monthlyLimitCentavos ?? null,
    is_blocked: row.isBlocked ?? false,
    updated_at: row.updatedAt.toISOString(),
    updated_by: row.updatedByName ?? "",
  };
}

/** The subaccounts the dashboard knows (the API cannot list or read them). */
export async function listKnown({ ledger, businessId }: LedgerScope): Promise<Answer<KnownSubaccount[]>> {
  return { data: (await listKnownSubaccounts(ledger, businessId)).map(toKnownSubaccount) };
}

/** What the audit log keeps of a subaccount: its editable fields. */
function snapshot(
  s: Pick<
    KnownSubaccount,
    "name" | "email" | "document" | "daily_limit_centavos" | "monthly_limit_centavos" | "is_blocked"
  > | null,
) {
  if (!s) return null;
  const { name, email, document, daily_limit_centavos, monthly_limit_centavos, is_blocked } = s;
  return { name, email, document, daily_limit_centavos, monthly_limit_centavos, is_blocked };
}

/**
 * Timing of the per-subaccount lease: held longer than the client's whole
 * deadline (renewed every third of it); a second change of the same subaccount
 * waits up to one such deadline (or SUBACCOUNT_INFLIGHT_WAIT_MS) for its turn.
 */
function leaseTiming() {
  const deadlineMs = resolveRetryPolicy(retryPolicyFromEnv()).deadlineMs;
  return {
    ttlMs: deadlineMs + 10_000,
    waitMs: payoutSettings().SUBACCOUNT_INFLIGHT_WAIT_MS ?? deadlineMs + 2_000,
    pollMs: 50,
  };
}

/**
 * Runs one change of a subaccount (read the known state, call the API, record
 * the answer) holding the subaccount's lease, on every instance. Changes of one
 * subaccount thus run one after another: the API's last answer is the ledger's
 * last write, never an older answer landing late. A change that cannot get its
 * turn in time is a 409 and nothing is sent.
 */
async function oneAtATime<T>(ctx: LedgerScope, subaccountId: string, work: () => Promise<T>): Promise<T> {
  const name = subaccountLeaseName(ctx.businessId, subaccountId);
  const timing = leaseTiming();
  const held = await holdLeaseWaiting(
    ctx.ledger,
    name,
    { ...timing, onLost: (lease) => log.error("subaccounts.lease_lost", { lease }) },
    work,
  );
  if (!held.acquired) {
    throw new BffError(
      "subaccount_change_in_progress",
      "Another change of this subaccount is in progress. Try again in a moment.",
      {
        details: { subaccount_id: subaccountId },
      },
    );
  }
  return held.value;
}

type AuditBase = Omit<AuditEntryInput, "outcome" | "after" | "requestId" | "errorCode" | "errorMessage">;

interface ApiAnswer {
  data: Subaccount;
  requestId: string | null;
  replayed: boolean;
}

/** One change call: its number in the subaccount's order of changes, and whether an attempt of it may have made the change. */
interface ChangeCall {
  ref: ChangeRequestRef;
  numbered: NumberedCall;
  /** An attempt of this call failed in a way that may have made the change (its answer was lost and the client retried). */
  mayHaveMadeIt: boolean;
}

/**
 * Numbers the call (before it is sent), calls the API and notes whether an
 * attempt may have made the change. A failure is audited with what was asked,
 * then passed on; a failure that surely made no change gives the key its
 * earlier number back.
 */
async function callApi(
  ledger: Ledger,
  base: AuditBase,
  ref: ChangeRequestRef,
  asked: AuditSnapshot,
  call: (onAttempt: (info: AttemptInfo) => void) => Promise<ApiAnswer>,
): Promise<{ answer: ApiAnswer; changeCall: ChangeCall }> {
  const changeCall: ChangeCall = { ref, numbered: await numberChangeCall(ledger, ref), mayHaveMadeIt: false };
  const onAttempt = (info: AttemptInfo) => {
    if (info.error && mayHaveTakenEffect(info.error)) changeCall.mayHaveMadeIt = true;
  };
  try {
    return { answer: await call(onAttempt), changeCall };
  } catch (error) {
    if (isPaymentsApiError(error) && !error.maybeCommitted && !mayHaveTakenEffect(error)) {
      await unnumberChangeCall(ledger, ref, changeCall.numbered.previousSeq).catch((cause: unknown) =>
        log.warn("subaccounts.unnumber_failed", { error: cause }),
      );
    }
    await auditFailure(ledger, { ...base, after: asked }, error);
    throw error;
  }
}

function changeResult(row: SubaccountRow, replayedOlderChange: boolean): SubaccountChangeResult {
  return { ...toKnownSubaccount(row), replayed_older_change: replayedOlderChange };
}

/**
 * Records what the API answered: the subaccount and its audit entry in one
 * transaction. A replayed answer describes the subaccount as it was when that
 * change was made: when a newer change is already the known state, the known
 * state is kept and the audit entry says the retry got a replay of an older
 * change; when this key's change was already recorded, nothing is recorded twice.
 */
async function recordAnswer(
  ctx: ChangeDeps,
  base: AuditBase & { action: SubaccountAction },
  beforeRow: SubaccountRow | null,
  { answer, changeCall }: { answer: ApiAnswer; changeCall: ChangeCall },
  after: (known: KnownSubaccount) => AuditSnapshot | null,
): Promise<Answer<SubaccountChangeResult>> {
  const { ledger, businessId, actor } = ctx;
  const key = base.idempotencyKey ?? null;
  const order = changeOrder({
    call: changeCall.numbered,
    replayed: answer.replayed,
    mayHaveMadeItInThisCall: changeCall.mayHaveMadeIt,
    knownSeq: beforeRow?.knownChangeSeq ?? null,
  });
  try {
    if (order.restoreKey) await unnumberChangeCall(ledger, changeCall.ref, changeCall.numbered.previousSeq);
    if (answer.replayed && key && beforeRow && (await hasRecordedSuccess(ledger, businessId, base.action, key))) {
      return { data: changeResult(beforeRow, order.olderThanKnown), requestId: answer.requestId };
    }
    if (order.olderThanKnown && beforeRow) {
      const kept = after(toKnownSubaccount(beforeRow));
      await appendAudit(ledger, { ...base, outcome: "replayed_older", requestId: answer.requestId, after: kept });
      return { data: changeResult(beforeRow, true), requestId: answer.requestId };
    }
    const { row } = await recordSubaccountChange(ledger, {
      businessId,
      subaccount: answer.data,
      actorName: actor.name,
      changeSeq: order.changeSeq,
      audit: { ...base, outcome: "success", requestId: answer.requestId },
      after: (stored) => after(toKnownSubaccount(stored)),
    });
    return { data: changeResult(row, false), requestId: answer.requestId };
  } catch (error) {
    log.error("subaccounts.ledger_write_failed", {
      requestId: answer.requestId,
      action: base.action,
      subaccountId: base.targetId,
      note: "the API made the change but the ledger could not record it",
      error,
    });
    throw new BffError(
      "ledger_write_failed",
      "The payments API made the change, but the dashboard could not record it: what it shows for this subaccount may be out of date.",
      {
        requestId: answer.requestId,
      },
    );
  }
}

/** The last known state of one subaccount, or null when the dashboard has never changed it. */
export async function findKnown({ ledger, businessId }: LedgerScope, id: string): Promise<KnownSubaccount | null> {
  const row = await getKnownSubaccount(ledger, businessId, id);
  return row ? toKnownSubaccount(row) : null;
}

/** The last known state of one subaccount (404 when the dashboard has never changed it). */
export async function getKnown(scope: LedgerScope, id: string): Promise<Answer<KnownSubaccount>> {
  const known = await findKnown(scope, id);
  if (!known) {
    throw new BffError(
      "subaccount_unknown",
      "This subaccount has not been changed through the dashboard yet, so its details are not known (the API cannot read subaccounts).",
    );
  }
  return { data: known };
}

/** Updates name, e-mail, document or limits (only the fields given), one change of a subaccount at a time. */
export function updateSubaccount(
  ctx: ChangeDeps,
  input: { id: string; changes: UpdateSubaccountBody; idempotencyKey: string },
): Promise<Answer<SubaccountChangeResult>> {
  const { api, ledger, businessId, actor } = ctx;
  const { changes: body, idempotencyKey } = input;
  return oneAtATime(ctx, input.id, async () => {
    const beforeRow = await getKnownSubaccount(ledger, businessId, input.id);
    const before = beforeRow ? snapshot(toKnownSubaccount(beforeRow)) : null;
    const base = {
      businessId,
      actor,
      action: "subaccount.update" as const,
      targetType: "subaccount",
      targetId: input.id,
      idempotencyKey,
      before,
    };
    const ref = { businessId, subaccountId: input.id, endpoint: "update" as const, idempotencyKey };
    const called = await callApi(ledger, base, ref, { ...body }, (onAttempt) =>
      api.updateSubaccount(input.id, body, { idempotencyKey, onAttempt }),
    );
    return recordAnswer(ctx, base, beforeRow, called, snapshot);
  });
}

/** Blocks or unblocks a subaccount, one change of a subaccount at a time. */
export function setBlocked(
  ctx: ChangeDeps,
  input: { id: string; change: { is_blocked: boolean }; idempotencyKey: string },
): Promise<Answer<SubaccountChangeResult>> {
  const { api, ledger, businessId, actor } = ctx;
  const { change: body, idempotencyKey } = input;
  const action = body.is_blocked ? ("subaccount.block" as const) : ("subaccount.unblock" as const);
  return oneAtATime(ctx, input.id, async () => {
    const beforeRow = await getKnownSubaccount(ledger, businessId, input.id);
    const base = {
      businessId,
      actor,
      action,
      targetType: "subaccount",
      targetId: input.id,
      idempotencyKey,
      before: beforeRow ? { is_blocked: beforeRow.isBlocked } : null,
    };
    const ref = { businessId, subaccountId: input.id, endpoint: "blocked" as const, idempotencyKey };
    const called = await callApi(ledger, base, ref, { is_blocked: body.is_blocked }, (onAttempt) =>
      api.setSubaccountBlocked(input.id, body, { idempotencyKey, onAttempt }),
    );
    return recordAnswer(ctx, base, beforeRow, called, (known) => ({ is_blocked: known.is_blocked }));
  });
}
