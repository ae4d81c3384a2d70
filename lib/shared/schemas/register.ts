import { z } from "zod/mini";
import { storableText } from "@/lib/shared/schemas/common";
import { filterDateSchema } from "@/lib/shared/schemas/dates";
import { EXPORT_FORMATS } from "@/lib/shared/export/sheet";
import { PAYOUT_OUTCOMES } from "@/lib/shared/payouts/outcomes";

/**
 * The dashboard's own lifecycle of a payout request (not the API's status);
 * see docs/ledger.md for the state machine.
 * - intent: recorded before the first send; being sent now (or the app stopped mid-send).
 * - uncertain: sent without a definite answer; re-sent automatically with the same key
 *   until the automatic re-send window closes.
 * - needs_review: the dashboard cannot know the outcome and will not guess: a person decides.
 * - submitted: the API answered with the payout (its `status` then follows pending → paid/failed).
 * - rejected: the API refused it before anything could have been made; no money moved.
 * - handled: a person closed a needs-review payout outside the dashboard (with a note).
 */
export const PAYOUT_STATES = ["intent", "uncertain", "needs_review", "submitted", "rejected", "handled"] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

/** States in which the outcome is not known to the dashboard (money may or may not have moved). */
export const UNKNOWN_OUTCOME_STATES = ["intent", "uncertain", "needs_review"] as const satisfies readonly PayoutState[];

/** Unknown outcomes the dashboard is still resolving by itself (being sent, or re-sent automatically). */
export const IN_PROGRESS_STATES = ["intent", "uncertain"] as const satisfies readonly PayoutState[];

/** Why a payout waits for a person (`review.reason`). */
export const REVIEW_REASONS = [
  /** The automatic re-send window closed without a definite answer. */
  "resend_window_passed",
  /** The sealed credential for an automatic re-send is gone (expired, secret rotated). */
  "credential_unavailable",
  /** After a send without an answer, the API refused a re-send (401, 422, …): that says nothing about the first send. */
  "conflicting_answer",
  /** The API answered 2xx but with a body the dashboard could not read: the payout probably exists. */
  "unreadable_answer",
  /**
   * Its payout id is also another row's: the API answered its send with a payout a person had attached to
   * another row, or an older version had given the id to both (migration 0009 took it back, see docs/ledger.md).
   */
  "shared_payout_id",
] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

/** A payout in the dashboard's register, as GET /api/payouts returns it. */
const int = () => z.number().check(z.int());

export const registerPayoutSchema = z.object({
  id: z.nullable(z.string()),
  idempotency_key: z.string(),
  /** One of PAYOUT_STATES; unknown values are kept (and shown as unknown). */
  state: z.string(),
  status: z.nullable(z.string()),
  amount_centavos: int(),
  fee_centavos: z.nullable(int()),
  net_centavos: z.nullable(int()),
  pix_key_masked: z.string(),
  pix_key_type: z.string(),
  end_to_end_id: z.nullable(z.string()),
  /**
   * The destination account's holder as the API names it when the payout is read back (not in the create answer):
   * null until then. Defaulted: a server from before it answers without it.
   */
  holder_name: z._default(z.nullable(z.string()), null),
  failure_reason: z.nullable(z.string()),
  created_by: z.object({ name: z.string(), role: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
  last_request_id: z.nullable(z.string()),
  last_error: z.nullable(z.object({ code: z.string(), message: z.string() })),
  /** Sends started for this key so far. */
  sends: z._default(int(), 0),
  /**
   * Unresolved, and no send of its key has started (the ledger's maybe_sent is false): nothing was made with it.
   * Defaulted: a server from before it answers without it (and says nothing it does not know).
   */
  never_sent: z._default(z.boolean(), false),
  /** Until when the dashboard re-sends it by itself (intent/uncertain only). */
  auto_resend_until: z._default(z.nullable(z.string()), null),
  /** Set while the payout waits for a person. */
  review: z._default(z.nullable(z.object({ reason: z.string(), since: z.string() })), null),
  /** Set once a person closed it (state handled). */
  handled: z._default(z.nullable(z.object({ by: z.string(), at: z.string(), note: z.string() })), null),
  /** Set on a payout sent as a row of a batch (links to /payouts/batch/{id}). */
  batch: z._default(z.nullable(z.object({ id: z.string(), row_number: int() })), null),
});
export type RegisterPayout = z.infer<typeof registerPayoutSchema>;

export const registerPageSchema = z.object({
  items: z.array(registerPayoutSchema),
  next_cursor: z.nullable(z.string()),
});
export type RegisterPage = z.infer<typeof registerPageSchema>;

/**
 * `attention` = every state whose outcome is unknown (intent, uncertain, needs_review);
 * `in_progress` = the ones the dashboard is still resolving by itself (intent, uncertain).
 */
export const REGISTER_STATE_FILTERS = [...PAYOUT_STATES, "attention", "in_progress"] as const;
export type RegisterStateFilter = (typeof REGISTER_STATE_FILTERS)[number];

/**
 * The register's filters, the same for its pages, its totals and its export (GET /api/payouts, /totals, /export).
 * `from`/`to` are instants (the browser sends the start of the first day and the start of the day after the last
 * one, in the business's zone): `from` included, `to` excluded, both bounded like every list filter's date.
 */
export const registerFilterFields = {
  status: z.optional(storableText().check(z.maxLength(40))),
  state: z.optional(z.enum(REGISTER_STATE_FILTERS)),
  search: z.optional(storableText().check(z.maxLength(140))),
  from: z.optional(filterDateSchema),
  to: z.optional(filterDateSchema),
  /** The rows of one outcome, as the insights count them (paid, pending, failed, needs_review, not_sent, handled). */
  outcome: z.optional(z.enum(PAYOUT_OUTCOMES)),
};
export const registerFilterSchema = z.object(registerFilterFields);
export type RegisterFilter = z.output<typeof registerFilterSchema>;

export const registerQuerySchema = z.object({
  ...registerFilterFields,
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(500)), 100),
  cursor: z.optional(storableText().check(z.maxLength(200))),
});

/**
 * The most rows one export of the register writes: GET /api/payouts/export answers 422 `export_too_large` above it
 * (the register says so and offers no export), so a file is never a silent first part of the filtered rows.
 */
export const REGISTER_EXPORT_MAX_ROWS = 10_000;

/**
 * GET /api/payouts/export: the register's filters and the file's format (CSV unless asked). The language and the
 * zone of the dates are the person's own (their `locale` and `tz` cookies), as every export's.
 */
export const registerExportQuerySchema = z.object({
  ...registerFilterFields,
  format: z._default(z.enum(EXPORT_FORMATS), "csv"),
});
export type RegisterExportQuery = z.output<typeof registerExportQuerySchema>;

/**
 * GET /api/payouts/totals: the sums of every row under the filter (not only the loaded pages), in centavos.
 * `fee_centavos` and `net_centavos` add up the rows whose fee (net) is known and shown (not failed: a failed payout
 * moved no money; see lib/shared/payouts/fee-and-net.ts); `fee_count` says how many rows that is.
 */
export const registerTotalsSchema = z.object({
  count: int(),
  amount_centavos: int(),
  fee_centavos: int(),
  net_centavos: int(),
  fee_count: int(),
});
export type RegisterTotals = z.infer<typeof registerTotalsSchema>;

/** GET /api/payouts/attention: what the navigation badge and the overview show. */
export const payoutAttentionSchema = z.object({
  /** Waiting for a person. */
  needs_review: int(),
  /** Being sent or re-sent automatically (the dashboard will resolve them by itself). */
  in_progress: int(),
});
export type PayoutAttention = z.infer<typeof payoutAttentionSchema>;

const reviewNoteSchema = storableText().check(
  z.trim(),
  z.minLength(3, "validation.reviewNote"),
  z.maxLength(500, "validation.reviewNote"),
);

/** What a person gives to close a payout as handled (the "Mark handled" form; the review body adds action and key). */
export const markHandledFieldsSchema = z.object({
  note: reviewNoteSchema,
  payout_id: z.optional(storableText().check(z.trim(), z.maxLength(200))),
});
export type MarkHandledFields = z.infer<typeof markHandledFieldsSchema>;

/**
 * POST /api/payouts/review: a person resolves a payout whose outcome is unknown.
 * - check_again: re-send the stored request with the same idempotency key (a replay if
 *   the payout exists; made now if it never reached the API).
 * - mark_handled: close it with a note, optionally naming the payout id found with the
 *   API (the dashboard then looks it up and, if it matches, records it as submitted).
 */
export const payoutReviewSchema = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("check_again"),
    idempotency_key: storableText().check(z.minLength(1), z.maxLength(255)),
  }),
  z.extend(markHandledFieldsSchema, {
    action: z.literal("mark_handled"),
    idempotency_key: storableText().check(z.minLength(1), z.maxLength(255)),
  }),
]);
export type PayoutReviewInput = z.infer<typeof payoutReviewSchema>;
