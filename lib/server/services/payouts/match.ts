import "server-only";
import type { Payout } from "@/lib/shared/schemas/payout";
import { pixKeyMaskMatch } from "@/lib/shared/validation/pix-mask-match";

/**
 * Whether a payout a person found with the API can be the one an unresolved
 * register row made. Every check must pass; each failure names what differs.
 *
 * - amount: equal;
 * - key type: equal, ignoring case and spaces (the spec names values only by
 *   example); when the API does not say, the key check below still applies;
 * - key: the API's masked key must be consistent with the full key this row
 *   sent (pixKeyMaskMatch); no mask, or one that shows no letter or digit,
 *   cannot confirm it, and neither can a row that no longer has its key: refused;
 * - creation: the payout must not be older than the send now unresolved
 *   (send_started_at), allowing CLOCK_SKEW_MS for the API's clock being behind
 *   ours. `created_at` is not in the spec: without it (or unreadable) nothing
 *   tells this payout from an earlier one to the same key and amount (a
 *   recurring payment), so it is refused too. A person can still close the row
 *   as handled, with a note, without attaching an id.
 *
 * Before any of these, the row must have been sent (`maybe_sent`, see
 * payout-lifecycle.ts): a row whose key never reached the API (a batch row
 * claimed but not sent yet, an intent whose process stopped before sending,
 * later swept to needs review) made no payout, so none can be its own
 * (`never_sent`, checked by the caller before looking the payout up).
 */
export const PAYOUT_MISMATCHES = [
  "never_sent",
  "amount",
  "key_type",
  "key",
  "key_unverifiable",
  "created_before_send",
  "created_unknown",
] as const;
export type PayoutMismatch = (typeof PAYOUT_MISMATCHES)[number];

/** How far behind ours the API's clock may be: a payout created this long before our send started is still ours. */
export const CLOCK_SKEW_MS = 2 * 60_000;

export interface AttachTarget {
  amountCentavos: number;
  pixKeyType: string;
  /** The full key this row sent (its stored request body), or null if the row no longer has it. */
  pixKey: string | null;
  sendStartedAt: Date;
}

const sameType = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** What differs, in the order a person should read it; empty: the payout can be this row's. */
export function payoutMismatches(
  target: AttachTarget,
  payout: Pick<Payout, "amount_centavos" | "bank_account" | "created_at">,
): PayoutMismatch[] {
  const found: PayoutMismatch[] = [];
  if (payout.amount_centavos !== target.amountCentavos) found.push("amount");
  const apiType = payout.bank_account?.pix_key_type;
  if (typeof apiType === "string" && apiType.trim() !== "" && !sameType(apiType, target.pixKeyType))
    found.push("key_type");
  const key =
    target.pixKey === null
      ? "unverifiable"
      : pixKeyMaskMatch(payout.bank_account?.pix_key_masked, target.pixKeyType, target.pixKey);
  if (key === "mismatch") found.push("key");
  else if (key === "unverifiable") found.push("key_unverifiable");
  const created = payout.created_at === undefined ? Number.NaN : Date.parse(payout.created_at);
  if (Number.isNaN(created)) found.push("created_unknown");
  else if (created < target.sendStartedAt.getTime() - CLOCK_SKEW_MS) found.push("created_before_send");
  return found;
}

/** The message key (validation.*) shown next to payout_id for each difference. */
export const MISMATCH_MESSAGES: Record<PayoutMismatch, string> = {
  never_sent: "validation.payoutNeverSent",
  amount: "validation.payoutMismatchAmount",
  key_type: "validation.payoutMismatchKeyType",
  key: "validation.payoutMismatchKey",
  key_unverifiable: "validation.payoutKeyNotShown",
  created_before_send: "validation.payoutCreatedBeforeSend",
  created_unknown: "validation.payoutCreatedAtNotShown",
};

/** The English sentence of the API error (the dictionaries translate the field message). */
export const MISMATCH_TEXT: Record<PayoutMismatch, string> = {
  never_sent: "this payout was never sent (its key never reached the API), so no payout can be its own",
  amount: "its amount differs",
  key_type: "its key type differs",
  key: "it went to another Pix key",
  key_unverifiable: "the API does not show enough of its Pix key to confirm it is this payout's",
  created_before_send: "it was created before this payout was sent",
  created_unknown:
    "the API does not say when it was created, so it cannot be told from an earlier payout to the same key",
};
