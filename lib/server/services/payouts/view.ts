import "server-only";
import type { PayoutRecord } from "@/lib/server/ledger";
import type { RegisterPayout } from "@/lib/shared/schemas/register";

/** A register row as the browser sees it (never the body, the full key or the seal). */
export function toRegisterPayout(row: PayoutRecord, options: { autoResendWindowMs: number }): RegisterPayout {
  const resending = row.state === "intent" || row.state === "uncertain";
  return {
    id: row.payoutId,
    idempotency_key: row.idempotencyKey,
    state: row.state,
    status: row.status,
    amount_centavos: row.amountCentavos,
    fee_centavos: row.feeCentavos,
    net_centavos: row.netCentavos,
    pix_key_masked: row.pixKeyMasked,
    pix_key_type: row.pixKeyType,
    end_to_end_id: row.endToEndId,
    holder_name: row.holderName,
    failure_reason: row.failureReason,
    created_by: { name: row.createdByName, role: row.createdByRole },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_request_id: row.lastRequestId,
    last_error: row.lastErrorCode ? { code: row.lastErrorCode, message: row.lastErrorMessage ?? "" } : null,
    sends: row.sends,
    never_sent: (row.state === "intent" || row.state === "needs_review") && !row.maybeSent,
    auto_resend_until: resending
      ? new Date(row.sendStartedAt.getTime() + options.autoResendWindowMs).toISOString()
      : null,
    review:
      row.state === "needs_review"
        ? {
            reason: row.reviewReason ?? "resend_window_passed",
            since: (row.reviewSince ?? row.updatedAt).toISOString(),
          }
        : null,
    handled:
      row.state === "handled" || row.handledAt
        ? {
            by: row.handledByName ?? "",
            at: (row.handledAt ?? row.updatedAt).toISOString(),
            note: row.handledNote ?? "",
          }
        : null,
    batch: row.batchId ? { id: row.batchId, row_number: row.batchRowNumber ?? 0 } : null,
  };
}
