/**
 * Subaccounts the dashboard knows about. The API can update and block a
 * subaccount but not read one, so the last state it returned (or we sent) is
 * kept here, per business.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { storableOrNull, toStorableText } from "@/lib/shared/validation/text";
import { appendAudit } from "./audit";
import type { AuditEntryInput, AuditSnapshot } from "./audit-entry";
import { inTransaction } from "./db";
import { subaccounts, type AuditRow, type SubaccountRow } from "./schema";
import type { Ledger } from "./types";

/**
 * A subaccount as the API returns it (snake_case, limits already numbers).
 * Only `id` is required: absent fields keep their stored value on update,
 * `null` clears them.
 */
export interface KnownSubaccountInput {
  id: string;
  name?: string | null;
  email?: string | null;
  document?: string | null;
  daily_limit_centavos?: number | null;
  monthly_limit_centavos?: number | null;
  is_blocked?: boolean | null;
  external_reference?: string | null;
}

/**
 * Inserts or updates the business's record of a subaccount; returns the stored row.
 * `knownChangeSeq`: the number of the change the answer describes (subaccount-change-order.ts).
 * Text PostgreSQL cannot store (NUL, lone surrogates: the BFF refuses them in
 * input, but an API answer may still carry them) is replaced by U+FFFD, so the
 * record of what the API did is never lost to a failed write.
 */
export async function upsertKnownSubaccount(
  ledger: Ledger,
  businessId: string,
  subaccount: KnownSubaccountInput,
  actorName: string | null,
  knownChangeSeq?: number,
): Promise<SubaccountRow> {
  const fields = {
    name: storableOrNull(subaccount.name),
    email: storableOrNull(subaccount.email),
    document: storableOrNull(subaccount.document),
    dailyLimitCentavos: subaccount.daily_limit_centavos,
    monthlyLimitCentavos: subaccount.monthly_limit_centavos,
    isBlocked: subaccount.is_blocked,
    externalReference: storableOrNull(subaccount.external_reference),
    updatedByName: storableOrNull(actorName),
    knownChangeSeq,
  };
  const [row] = await ledger.db
    .insert(subaccounts)
    .values({ businessId, subaccountId: toStorableText(subaccount.id), ...fields })
    .onConflictDoUpdate({
      target: [subaccounts.businessId, subaccounts.subaccountId],
      set: { ...fields, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error("ledger: subaccount upsert returned no row");
  return row;
}

/**
 * The lease held while a subaccount is being changed (upstream call and ledger
 * write), so changes of one subaccount run one at a time on every instance and
 * the last answer the API gave is the last one recorded.
 */
export function subaccountLeaseName(businessId: string, subaccountId: string): string {
  return `subaccount:${businessId}:${subaccountId}`;
}

export interface SubaccountChange {
  businessId: string;
  /** What the API answered. */
  subaccount: KnownSubaccountInput;
  actorName: string | null;
  /** The number of the change the answer describes (subaccount-change-order.ts). */
  changeSeq?: number;
  /** The audit entry of the change; its `after` is made from the stored row. */
  audit: Omit<AuditEntryInput, "businessId" | "after">;
  after: (row: SubaccountRow) => AuditSnapshot | null;
}

/**
 * Records a change the API made: the subaccount's new state and its audit entry,
 * in one transaction, so the ledger never keeps one without the other.
 */
export function recordSubaccountChange(
  ledger: Ledger,
  change: SubaccountChange,
): Promise<{ row: SubaccountRow; audit: AuditRow }> {
  return inTransaction(ledger, async (tx) => {
    const row = await upsertKnownSubaccount(
      tx,
      change.businessId,
      change.subaccount,
      change.actorName,
      change.changeSeq,
    );
    const audit = await appendAudit(tx, { ...change.audit, businessId: change.businessId, after: change.after(row) });
    return { row, audit };
  });
}

/** The business's known subaccounts, by name then id. */
export function listKnownSubaccounts(ledger: Ledger, businessId: string): Promise<SubaccountRow[]> {
  return ledger.db
    .select()
    .from(subaccounts)
    .where(eq(subaccounts.businessId, businessId))
    .orderBy(sql`${subaccounts.name} ASC NULLS LAST`, asc(subaccounts.subaccountId));
}

export async function getKnownSubaccount(
  ledger: Ledger,
  businessId: string,
  subaccountId: string,
): Promise<SubaccountRow | null> {
  const [row] = await ledger.db
    .select()
    .from(subaccounts)
    .where(and(eq(subaccounts.businessId, businessId), eq(subaccounts.subaccountId, subaccountId)))
    .limit(1);
  return row ?? null;
}
