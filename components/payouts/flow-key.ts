import type { PayoutInput } from "@/lib/shared/schemas/payout";

/** Where the new-payout flow keeps its idempotency key for the tab (sessionStorage). */
export const NEW_PAYOUT_KEY_STORAGE = "pixops.new-payout.idempotency-key";

function fnv1a(text: string, seed: number): string {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

/** A short digest of some text (two FNV-1a hashes): what a tab's storage keeps instead of the contents. */
export function contentDigest(text: string): string {
  return `${fnv1a(text, 0x811c9dc5)}${fnv1a(text, 0x050c5d1f)}`;
}

/**
 * What a payout moves (amount, key type, key: the same three the BFF fingerprints
 * to tell a retry from a reused key), as a short digest, so the tab's storage
 * holds no Pix key. Same normalised contents ⇒ same fingerprint.
 */
export function payoutFingerprint(input: Pick<PayoutInput, "amount_centavos" | "pix_key_type" | "pix_key">): string {
  return contentDigest(JSON.stringify([input.amount_centavos, input.pix_key_type, input.pix_key]));
}
