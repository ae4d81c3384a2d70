import { z } from "zod/mini";
import { urlChoice, urlOptional } from "@/lib/browser/url-fields";
import { KNOWN_PAYOUT_STATUSES } from "@/lib/shared/schemas/payout";
import { REGISTER_STATE_FILTERS, type RegisterPayout, type RegisterStateFilter } from "@/lib/shared/schemas/register";

/** The dashboard states offered in the register's state filter, in this order. */
export const REGISTER_STATE_OPTIONS = [
  "needs_review",
  "in_progress",
  "attention",
  "submitted",
  "rejected",
  "handled",
] as const satisfies readonly RegisterStateFilter[];

/** The register's view in the URL: search, status and state filters, sort and the open id-less entry. Shareable, survives reload. */
export const registerUrlSchema = z.object({
  search: z._default(z.string().check(z.maxLength(140)), ""),
  status: urlChoice(KNOWN_PAYOUT_STATUSES),
  /** The dashboard's own state: needs_review, in_progress (intent or uncertain), attention (all unknown outcomes), … */
  state: urlChoice(REGISTER_STATE_FILTERS),
  sort: z._default(z.string().check(z.maxLength(80)), "created_at.desc"),
  /** Idempotency key of a row without a payout id (being sent, outcome unknown, rejected), opened in a side panel. */
  entry: urlOptional(z.maxLength(128)),
});
export type RegisterUrlState = z.output<typeof registerUrlSchema>;

/** Where a register row opens: its payout's page, or (no payout id yet) the register with the entry's side panel. */
export function registerEntryHref(row: Pick<RegisterPayout, "id" | "idempotency_key">): string {
  return row.id
    ? `/payouts/${encodeURIComponent(row.id)}`
    : `/payouts?entry=${encodeURIComponent(row.idempotency_key)}`;
}

/** The register filtered to the payouts waiting for a person (overview card, badge, banners). */
export const NEEDS_REVIEW_HREF = "/payouts?state=needs_review";
