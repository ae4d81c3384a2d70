import { z } from "zod";
import { storableText } from "@/lib/shared/schemas/common";

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
] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

/** A payout in the dashboard's register, as GET /api/payouts returns it. */
export const registerPayoutSchema = z.object({
  id: z.string().nullable(),
  idempotency_key: z.string(),
  /** One of PAYOUT_STATES; unknown values are kept (and shown as unknown). */
  state: z.string(),
  status: z.string().nullable(),
  amount_centavos: z.number().int(),
  fee_centavos: z.number().int().nullable(),
  net_centavos: z.number().int().nullable(),
  pix_key_masked: z.string(),
  pix_key_type: z.string(),
  end_to_end_id: z.string().nullable(),
  failure_reason: z.string().nullable(),
  created_by: z.object({ name: z.string(), role: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
  last_request_id: z.string().nullable(),
  last_error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** Sends started for this key so far. */
  sends: z.number().int().default(0),
  /** Until when the dashboard re-sends it by itself (intent/uncertain only). */
  auto_resend_until: z.string().nullable().default(null),
  /** Set while the payout waits for a person. */
  review: z.object({ reason: z.string(), since: z.string() }).nullable().default(null),
  /** Set once a person closed it (state handled). */
  handled: z.object({ by: z.string(), at: z.string(), note: z.string() }).nullable().default(null),
  /** Set on a payout sent as a row of a batch (links to /payouts/batch/{id}). */
  batch: z.object({ id: z.string(), row_number: z.number().int() }).nullable().default(null),
});
export type RegisterPayout = z.infer<typeof registerPayoutSchema>;

export const registerPageSchema = z.object({
  items: z.array(registerPayoutSchema),
  next_cursor: z.string().nullable(),
});
export type RegisterPage = z.infer<typeof registerPageSchema>;

/**
 * `attention` = every state whose outcome is unknown (intent, uncertain, needs_review);
 * `in_progress` = the ones the dashboard is still resolving by itself (intent, uncertain).
 */
export const REGISTER_STATE_FILTERS = [...PAYOUT_STATES, "attention", "in_progress"] as const;
export type RegisterStateFilter = (typeof REGISTER_STATE_FILTERS)[number];

export const registerQuerySchema = z.object({
  status: storableText().max(40).optional(),
  state: z.enum(REGISTER_STATE_FILTERS).optional(),
  search: storableText().max(140).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  cursor: storableText().max(200).optional(),
});

/** GET /api/payouts/attention: what the navigation badge and the overview show. */
export const payoutAttentionSchema = z.object({
  /** Waiting for a person. */
  needs_review: z.number().int(),
  /** Being sent or re-sent automatically (the dashboard will resolve them by itself). */
  in_progress: z.number().int(),
});
export type PayoutAttention = z.infer<typeof payoutAttentionSchema>;

const reviewNoteSchema = storableText()
  .trim()
  .min(3, "validation.reviewNote")
  .max(500, "validation.reviewNote");

/** What a person gives to close a payout as handled (the "Mark handled" form; the review body adds action and key). */
export const markHandledFieldsSchema = z.object({
  note: reviewNoteSchema,
  payout_id: storableText().trim().max(200).optional(),
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
  z.object({ action: z.literal("check_again"), idempotency_key: storableText().min(1).max(255) }),
  markHandledFieldsSchema.extend({
    action: z.literal("mark_handled"),
    idempotency_key: storableText().min(1).max(255),
  }),
]);
export type PayoutReviewInput = z.infer<typeof payoutReviewSchema>;
