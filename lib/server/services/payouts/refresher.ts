import "server-only";
import { endFollowUp, expireFollowUps, listFollowUps, updatePayoutStatus, type Ledger } from "@/lib/server/ledger";
import type { PayoutRow } from "@/lib/server/ledger/schema";
import { isPaymentsApiError, type PaymentsClient } from "@/lib/server/payments-api/client";
import { log } from "@/lib/server/log";
import { apiClientFor } from "@/lib/server/payments-api/for-credential";
import { backgroundCredentials, type BackgroundCredential } from "@/lib/server/services/payouts/background-credential";
import type { PayoutPolicy } from "@/lib/server/services/payouts/policy";
import { readDetailsOf } from "@/lib/server/services/payouts/sender";

export interface RefreshSummary {
  checked: number;
  changed: number;
  /** Payouts no longer followed (final status, not found, no credential). */
  ended: number;
}

/** Look-ups at once across all businesses. */
const CONCURRENCY = 4;

/**
 * Brings submitted payouts to their final status without anyone watching: a few
 * look-ups per business per pass (so one business's backlog cannot use up its
 * upstream rate limit), with the workspace API key of the payout's business
 * (or the unexpired seal of a row written before seals were retired), for at
 * most the follow-up window. A failure leaves the row for the next pass.
 */
export async function refreshFollowUps(
  ledger: Ledger,
  policy: PayoutPolicy,
  now?: Date,
  credentialFor: BackgroundCredential = backgroundCredentials(ledger),
): Promise<RefreshSummary> {
  const summary: RefreshSummary = {
    checked: 0,
    changed: 0,
    ended: await expireFollowUps(ledger, { windowMs: policy.followUpWindowMs, now }),
  };
  const rows = await listFollowUps(ledger, {
    checkedBeforeMs: policy.refreshEveryMs,
    windowMs: policy.followUpWindowMs,
    now,
    perBusiness: policy.refreshPerBusiness,
    limit: 100,
  });
  let next = 0;
  const lane = async () => {
    while (next < rows.length) {
      const row = rows[next++] as PayoutRow;
      await refreshOne(ledger, row, summary, credentialFor, now).catch((error: unknown) => {
        log.warn("refresher.status_lookup_failed", { payoutId: row.payoutId, error });
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, rows.length) }, lane));
  return summary;
}

async function refreshOne(
  ledger: Ledger,
  row: PayoutRow,
  summary: RefreshSummary,
  credentialFor: BackgroundCredential,
  now?: Date,
): Promise<void> {
  const credential = await credentialFor(row.businessId, row.credentialSeal, now?.getTime());
  if (!credential || !row.payoutId) {
    await endFollowUp(ledger, row.id);
    summary.ended += 1;
    return;
  }
  summary.checked += 1;
  const result = await refreshPayoutStatus(ledger, apiClientFor(credential, { maxAttempts: 1 }), {
    ...row,
    payoutId: row.payoutId,
  });
  if (result === "changed" || (result === "final" && (row.status ?? "pending") === "pending")) summary.changed += 1;
  if (result === "final" || result === "gone") {
    await endFollowUp(ledger, row.id);
    summary.ended += 1;
  }
}

type Followed = Pick<PayoutRow, "businessId" | "status" | "endToEndId" | "feeCentavos" | "netCentavos"> & {
  payoutId: string;
};

/**
 * Looks one submitted payout up and records its status (forward only). "final":
 * no longer pending; "gone": the API will not show it with this credential
 * (404, 401, 403). Either way a failed look-up marks it checked (so others
 * come first next time); any other failure is then thrown. Used by the
 * refresher and the batch worker.
 */
export async function refreshPayoutStatus(
  ledger: Ledger,
  api: PaymentsClient,
  row: Followed,
): Promise<"unchanged" | "changed" | "final" | "gone"> {
  try {
    const { data } = await api.getPayout(row.payoutId);
    const updated = await updatePayoutStatus(ledger, row.businessId, row.payoutId, {
      status: data.status,
      failureReason: data.failure_reason ?? null,
      endToEndId: data.end_to_end_id ?? row.endToEndId,
      fee: data.fee_centavos ?? row.feeCentavos,
      net: data.net_centavos ?? row.netCentavos,
      ...readDetailsOf(data),
    });
    if (updated && updated.status !== "pending") return "final";
    return updated && updated.status !== row.status ? "changed" : "unchanged";
  } catch (error) {
    // Marked checked either way: a row never checked comes first in the batch worker's follow-up, so one the API
    // no longer shows would otherwise be asked for again on every pass, ahead of the rest.
    await updatePayoutStatus(ledger, row.businessId, row.payoutId, { status: row.status ?? "pending" });
    if (isPaymentsApiError(error) && (error.status === 404 || error.status === 401 || error.status === 403))
      return "gone";
    throw error;
  }
}
