import "server-only";
import { appendAudit, getKnownSubaccount, hasRecordedSuccess, upsertKnownSubaccount, type Ledger } from "@/lib/ledger";
import type { SubaccountRow } from "@/lib/ledger/schema";
import type { Subaccount, UpdateSubaccountBody } from "@/lib/payments/schemas/subaccount";
import type { KnownSubaccount } from "@/lib/schemas/known-subaccount";
import { auditFailure } from "./audit";
import { BffError } from "./errors";
import type { HandlerResult, SessionContext } from "./handler";

type IdParams = { id: string };

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

/** What the audit log keeps of a subaccount: its editable fields. */
function snapshot(s: Pick<KnownSubaccount, "name" | "email" | "document" | "daily_limit_centavos" | "monthly_limit_centavos" | "is_blocked"> | null) {
  if (!s) return null;
  const { name, email, document, daily_limit_centavos, monthly_limit_centavos, is_blocked } = s;
  return { name, email, document, daily_limit_centavos, monthly_limit_centavos, is_blocked };
}

async function remember(ledger: Ledger, businessId: string, subaccount: Subaccount, actorName: string): Promise<KnownSubaccount> {
  return toKnownSubaccount(await upsertKnownSubaccount(ledger, businessId, subaccount, actorName));
}

/**
 * A replayed response to a retried key that was already applied describes the
 * subaccount as it was back then: keep the newer state we hold, record nothing twice.
 */
async function alreadyRecorded(
  ledger: Ledger,
  businessId: string,
  action: "subaccount.update" | "subaccount.block" | "subaccount.unblock",
  idempotencyKey: string | null,
  replayed: boolean,
  current: SubaccountRow | null,
): Promise<KnownSubaccount | null> {
  if (!replayed || !idempotencyKey || !current) return null;
  return (await hasRecordedSuccess(ledger, businessId, action, idempotencyKey)) ? toKnownSubaccount(current) : null;
}

export async function getKnown(ctx: SessionContext<IdParams, unknown, unknown>): Promise<HandlerResult> {
  const row = await getKnownSubaccount(ctx.ledger, ctx.businessId, ctx.params.id);
  if (!row) {
    throw new BffError(404, "subaccount_unknown", "This subaccount has not been changed through the dashboard yet, so its details are not known (the API cannot read subaccounts).");
  }
  return { data: toKnownSubaccount(row) };
}

export async function updateSubaccount(ctx: SessionContext<IdParams, unknown, UpdateSubaccountBody>): Promise<HandlerResult> {
  const { api, ledger, businessId, actor, body, params } = ctx;
  const idempotencyKey = ctx.idempotencyKey ?? "";
  const beforeRow = await getKnownSubaccount(ledger, businessId, params.id);
  const before = beforeRow ? snapshot(toKnownSubaccount(beforeRow)) : null;
  const base = { businessId, actor, action: "subaccount.update" as const, targetType: "subaccount", targetId: params.id, idempotencyKey, before };
  try {
    const result = await api.updateSubaccount(params.id, body, { idempotencyKey });
    const recorded = await alreadyRecorded(ledger, businessId, "subaccount.update", idempotencyKey, result.replayed, beforeRow);
    if (recorded) return { data: recorded, requestId: result.requestId };
    const known = await remember(ledger, businessId, result.data, actor.name);
    await appendAudit(ledger, { ...base, outcome: "success", after: snapshot(known), requestId: result.requestId });
    return { data: known, requestId: result.requestId };
  } catch (error) {
    await auditFailure(ledger, { ...base, after: { ...body } }, error);
    throw error;
  }
}

export async function setBlocked(ctx: SessionContext<IdParams, unknown, { is_blocked: boolean }>): Promise<HandlerResult> {
  const { api, ledger, businessId, actor, body, params } = ctx;
  const idempotencyKey = ctx.idempotencyKey ?? undefined;
  const beforeRow = await getKnownSubaccount(ledger, businessId, params.id);
  const action = body.is_blocked ? ("subaccount.block" as const) : ("subaccount.unblock" as const);
  const base = {
    businessId,
    actor,
    action,
    targetType: "subaccount",
    targetId: params.id,
    idempotencyKey: idempotencyKey ?? null,
    before: beforeRow ? { is_blocked: beforeRow.isBlocked } : null,
  };
  try {
    const result = await api.setSubaccountBlocked(params.id, body, { idempotencyKey });
    const recorded = await alreadyRecorded(ledger, businessId, action, idempotencyKey ?? null, result.replayed, beforeRow);
    if (recorded) return { data: recorded, requestId: result.requestId };
    const known = await remember(ledger, businessId, result.data, actor.name);
    await appendAudit(ledger, { ...base, outcome: "success", after: { is_blocked: known.is_blocked }, requestId: result.requestId });
    return { data: known, requestId: result.requestId };
  } catch (error) {
    await auditFailure(ledger, { ...base, after: { is_blocked: body.is_blocked } }, error);
    throw error;
  }
}
