/**
 * Subaccounts the dashboard knows about. The API can update and block a
 * subaccount but not read one, so the last state it returned (or we sent) is
 * kept here, per business.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { subaccounts, type SubaccountRow } from "./schema";
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

/** Inserts or updates the business's record of a subaccount; returns the stored row. */
export async function upsertKnownSubaccount(
  ledger: Ledger,
  businessId: string,
  subaccount: KnownSubaccountInput,
  actorName: string | null,
): Promise<SubaccountRow> {
  const fields = {
    name: subaccount.name,
    email: subaccount.email,
    document: subaccount.document,
    dailyLimitCentavos: subaccount.daily_limit_centavos,
    monthlyLimitCentavos: subaccount.monthly_limit_centavos,
    isBlocked: subaccount.is_blocked,
    externalReference: subaccount.external_reference,
    updatedByName: actorName,
  };
  const [row] = await ledger.db
    .insert(subaccounts)
    .values({ businessId, subaccountId: subaccount.id, ...fields })
    .onConflictDoUpdate({
      target: [subaccounts.businessId, subaccounts.subaccountId],
      set: { ...fields, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error("ledger: subaccount upsert returned no row");
  return row;
}

/** The business's known subaccounts, by name then id. */
export function listKnownSubaccounts(ledger: Ledger, businessId: string): Promise<SubaccountRow[]> {
  return ledger.db
    .select()
    .from(subaccounts)
    .where(eq(subaccounts.businessId, businessId))
    .orderBy(sql`${subaccounts.name} ASC NULLS LAST`, asc(subaccounts.subaccountId));
}

export async function getKnownSubaccount(ledger: Ledger, businessId: string, subaccountId: string): Promise<SubaccountRow | null> {
  const [row] = await ledger.db
    .select()
    .from(subaccounts)
    .where(and(eq(subaccounts.businessId, businessId), eq(subaccounts.subaccountId, subaccountId)))
    .limit(1);
  return row ?? null;
}
