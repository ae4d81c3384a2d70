import { z } from "zod/mini";
import { formulaMessage } from "@/lib/shared/batch/formula";
import { BATCH_LIMITS } from "@/lib/shared/batch/limits";
import { BATCH_TEXT_MAX } from "@/lib/shared/batch/validate-row";
import { addTransformIssue, positiveCentavosSchema, storableText } from "./common";
import { payoutInputSchema, pixKeyTypeSchema } from "./payout";
import { feeEstimateSchema } from "./fee-estimate";

/**
 * The batch payouts API (POST/GET /api/payout-batches…): one home for the
 * route handlers and the pages. See docs/batch-payouts.md and docs/bff-api.md.
 */

export const BATCH_STATUSES = ["awaiting_confirmation", "sending", "paused", "completed", "cancelled"] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/** Why the worker paused a batch, until a person resumes it with their own credential. */
export const BATCH_PAUSE_REASONS = ["credential_expired", "credential_refused"] as const;
export type BatchPauseReason = (typeof BATCH_PAUSE_REASONS)[number];

/** Batch statuses the pages keep polling in. */
export const LIVE_BATCH_STATUSES = ["sending", "paused"] as const satisfies readonly BatchStatus[];

/** `handled`: the row's payout waited in needs review and a person closed it (its payout's state `handled`). */
export const BATCH_ROW_STATUSES = [
  "pending",
  "sending",
  "sent",
  "paid",
  "failed",
  "needs_review",
  "handled",
  "cancelled",
] as const;
export type BatchRowStatus = (typeof BATCH_ROW_STATUSES)[number];

/** Row statuses that end a row (a batch is completed when every row is in one of these). */
export const FINAL_BATCH_ROW_STATUSES = [
  "paid",
  "failed",
  "needs_review",
  "handled",
  "cancelled",
] as const satisfies readonly BatchRowStatus[];

/**
 * No text a batch stores may be a spreadsheet formula (the results file repeats
 * it): the browser's check step refuses it cell by cell with the same rule
 * (lib/shared/batch/formula.ts), and this refuses a request that carries one anyway.
 */
const notFormula = z.superRefine((text: string, ctx) => {
  const message = formulaMessage(text);
  if (message) ctx.addIssue({ code: "custom", message });
});
const cellText = storableText().check(
  z.maxLength(BATCH_LIMITS.maxCellChars, { error: "validation.tooLong" }),
  notFormula,
);
const columnName = storableText().check(z.maxLength(BATCH_LIMITS.maxCellChars, { error: "validation.tooLong" }));
const optionalText = z.optional(
  storableText().check(z.trim(), z.maxLength(BATCH_TEXT_MAX, { error: "validation.tooLong" }), notFormula),
);
const int = () => z.number().check(z.int());

/** A row's own cells (header → cell), as the file has them: at most 50, none of them, and no column name, a formula. */
const originalCellsSchema = z.record(columnName, cellText).check(
  z.refine((cells: Record<string, string>) => Object.keys(cells).length <= BATCH_LIMITS.maxColumns, {
    error: "batch.rows.tooManyColumns",
  }),
  z.superRefine((cells: Record<string, string>, ctx) => {
    for (const name of Object.keys(cells)) {
      const message = formulaMessage(name);
      if (message) ctx.addIssue({ code: "custom", path: [name], message });
    }
  }),
);

/**
 * One row as the browser submits it, already validated there (lib/shared/batch);
 * checked again here with the single payout's own schema (key normalised and
 * checked against its type, positive centavos).
 */
const batchRowFieldsSchema = z.object({
  row_number: z.number().check(z.int(), z.minimum(1), z.maximum(1_000_000)),
  pix_key: storableText({ error: "validation.required" }).check(
    z.trim(),
    z.minLength(1, { error: "validation.required" }),
    z.maxLength(140),
    notFormula,
  ),
  key_type: pixKeyTypeSchema,
  amount_centavos: positiveCentavosSchema,
  description: optionalText,
  name: optionalText,
  /** The file's own cells of this row (header → cell), returned in the results file. No cell, and no column name, may be a formula. */
  original: originalCellsSchema,
});

export const batchRowInputSchema = z.pipe(
  batchRowFieldsSchema,
  z.transform((row: z.output<typeof batchRowFieldsSchema>, ctx) => {
    const checked = payoutInputSchema.safeParse({
      amount_centavos: row.amount_centavos,
      pix_key_type: row.key_type,
      pix_key: row.pix_key,
    });
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = issue.path[0] === "pix_key_type" ? "key_type" : (issue.path[0] ?? "pix_key");
        addTransformIssue(ctx, issue.message, [String(field)]);
      }
      return z.NEVER;
    }
    return { ...row, pix_key: checked.data.pix_key };
  }),
);
export type BatchRowInput = z.input<typeof batchRowInputSchema>;
export type BatchRowValue = z.output<typeof batchRowInputSchema>;

const rowsSchema = z.array(batchRowInputSchema).check(
  z.minLength(1, { error: "batch.rows.empty" }),
  z.maxLength(BATCH_LIMITS.maxRows, { error: "batch.rows.tooMany" }),
  z.superRefine((rows, ctx) => {
    const seen = new Set<number>();
    let total = 0;
    rows.forEach((row, index) => {
      if (seen.has(row.row_number))
        ctx.addIssue({ code: "custom", path: [index, "row_number"], message: "batch.rows.duplicateRowNumber" });
      seen.add(row.row_number);
      total += row.amount_centavos;
    });
    if (!Number.isSafeInteger(total)) ctx.addIssue({ code: "custom", path: [], message: "validation.centavos" });
  }),
);

/** Why a row of the file is not in the batch: the operator left it out, or it was invalid and left out rather than fixed. */
export const LEFT_OUT_REASONS = ["excluded", "invalid"] as const;
export type LeftOutReason = (typeof LEFT_OUT_REASONS)[number];

/**
 * A row of the file that is not sent (left out), kept only so the results file
 * lists every row of the upload: its number and its own cells, checked as an
 * included row's `original` is (cell limits, no formula).
 */
export const leftOutRowSchema = z.object({
  row_number: z.number().check(z.int(), z.minimum(1), z.maximum(1_000_000)),
  original: originalCellsSchema,
  reason: z.enum(LEFT_OUT_REASONS, { error: "validation.invalid" }),
});
export type LeftOutRowInput = z.input<typeof leftOutRowSchema>;

/** A column name of the file: no formula either (a column name that is one refuses the file in the browser). */
const columnNameChecked = columnName.check(notFormula);

/** POST /api/payout-batches (with an Idempotency-Key header). */
export const createBatchBodySchema = z
  .object({
    file_name: storableText({ error: "validation.required" }).check(
      z.trim(),
      z.minLength(1, { error: "validation.required" }),
      z.maxLength(255, { error: "validation.tooLong" }),
    ),
    /** The uploaded CSV's delimiter, which the results file reuses; null (or absent) for an .xlsx: the results use ";". */
    delimiter: z.optional(z.nullable(z.enum([",", ";"], { error: "validation.invalid" }))),
    /**
     * The file's column names in their order, as the rows' `original` name them: a
     * JSON object does not keep its keys' order (a name such as "2024" comes
     * first), so the results file takes the order from here.
     */
    columns: z.optional(
      z.array(columnNameChecked).check(
        z.maxLength(BATCH_LIMITS.maxColumns, { error: "batch.rows.tooManyColumns" }),
        z.refine((names: string[]) => new Set(names).size === names.length, { error: "batch.rows.duplicateColumn" }),
      ),
    ),
    rows: rowsSchema,
    /**
     * The file's rows not in `rows` (absent from an older client): stored with the
     * batch for the results file only, never sent. The 5,000-row cap counts them
     * with `rows`; a row number may be in only one of the two.
     */
    left_out: z.optional(
      z.array(leftOutRowSchema).check(z.maxLength(BATCH_LIMITS.maxRows, { error: "batch.rows.tooMany" })),
    ),
  })
  .check(
    z.superRefine((body, ctx) => {
      const leftOut = body.left_out ?? [];
      if (leftOut.length === 0) return;
      if (body.rows.length + leftOut.length > BATCH_LIMITS.maxRows)
        ctx.addIssue({ code: "custom", path: ["left_out"], message: "batch.rows.tooMany" });
      const seen = new Set(body.rows.map((row) => row.row_number));
      leftOut.forEach((row, index) => {
        if (seen.has(row.row_number))
          ctx.addIssue({
            code: "custom",
            path: ["left_out", index, "row_number"],
            message: "batch.rows.duplicateRowNumber",
          });
        seen.add(row.row_number);
      });
    }),
  );
export type CreateBatchBody = z.input<typeof createBatchBodySchema>;
export type CreateBatchInput = z.output<typeof createBatchBodySchema>;

/** POST /api/payout-batches/preview: which rows match a payout the register holds or a row of another batch from the last 7 days, and the fees estimated. */
export const previewBatchBodySchema = z.object({ rows: rowsSchema });
export type PreviewBatchBody = z.input<typeof previewBatchBodySchema>;

export const registerMatchSchema = z.object({
  row_number: int(),
  /** The API's id of the earlier payout (links to /payouts/{id}); null while its outcome is unknown. */
  payout_id: z.nullable(z.string()),
  created_at: z.string(),
});
/** A row of another batch of the business (last 7 days) with the same key type, key and amount, that can still be sent or was sent. */
export const batchMatchSchema = z.object({
  row_number: int(),
  batch_id: z.string(),
  file_name: z.string(),
  /** The other batch's own row number. */
  batch_row_number: int(),
  /** One of BATCH_STATUSES (unknown values kept as sent). */
  batch_status: z.string(),
  batch_created_at: z.string(),
});
export type BatchMatch = z.infer<typeof batchMatchSchema>;

// The fee estimate's shape lives on its own (fee-estimate.ts) so a single payout's review can read it without the
// batch schemas.
export { feeEstimateSchema, type FeeEstimate } from "./fee-estimate";

export const batchPreviewSchema = z.object({
  register_matches: z.array(registerMatchSchema),
  /** Absent from an older server: no batch matches. */
  batch_matches: z._default(z.array(batchMatchSchema), []),
  /** Absent (an older server) or of a basis this page does not know: shown as not known, never blocking the review. */
  fee_estimate: z.catch(z.nullable(feeEstimateSchema), null),
});
export type BatchPreview = z.infer<typeof batchPreviewSchema>;

/** POST /api/payout-batches/{id}/confirm. Above the threshold the total must be typed. */
export const confirmBatchBodySchema = z._default(
  z.object({
    typed_total_centavos: z.optional(
      z
        .number({ error: "validation.centavos" })
        .check(z.int({ error: "validation.centavos" }), z.nonnegative({ error: "validation.centavos" })),
    ),
  }),
  {},
);
export type ConfirmBatchBody = z.input<typeof confirmBatchBodySchema>;

export const batchCountsSchema = z.object({
  pending: int(),
  sending: int(),
  sent: int(),
  paid: int(),
  failed: int(),
  needs_review: int(),
  // Defaulted: a server from before the `handled` outcome answers without it.
  handled: z._default(int(), 0),
  cancelled: int(),
});
export type BatchCounts = z.infer<typeof batchCountsSchema>;

export const batchSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  /** One of BATCH_STATUSES (unknown values kept as sent). */
  status: z.string(),
  /**
   * Why the worker paused it (BATCH_PAUSE_REASONS): its credential expired, or the API refused it; null when a
   * person paused it or it is not paused (also absent, or a reason this page does not know, from another server).
   */
  paused_reason: z.catch(z.nullable(z.enum(BATCH_PAUSE_REASONS)), null),
  created_at: z.string(),
  /** The creator as the audit log names actors. */
  created_by: z.string(),
  confirmed_at: z.optional(z.nullable(z.string())),
  total_centavos: int(),
  /** The total is above the confirmation threshold: confirm needs typed_total_centavos equal to it. */
  typed_total_required: z.boolean(),
  row_count: int(),
  counts: batchCountsSchema,
  /** Rows sent per minute over the last minutes of sending; null before there is a rate. */
  rate_per_minute: z.nullable(z.number()),
  /** Estimated seconds until every row is sent; null when unknown or nothing is left. */
  eta_seconds: z.nullable(z.number()),
});
export type Batch = z.infer<typeof batchSchema>;

export const batchListSchema = z.object({ batches: z.array(batchSchema) });
export type BatchList = z.infer<typeof batchListSchema>;

export const batchRowSchema = z.object({
  row_number: int(),
  /** Masked as the register masks keys. */
  pix_key: z.string(),
  key_type: z.string(),
  amount_centavos: int(),
  /** One of BATCH_ROW_STATUSES. */
  status: z.string(),
  /** The API's id of the row's payout (links to /payouts/{id}), once the API answered. */
  payout_id: z.nullable(z.string()),
  end_to_end_id: z.nullable(z.string()),
  failure_reason: z.nullable(z.string()),
  /** The fee the API reported for the row's payout; null (or absent, an older server) until known. */
  fee_centavos: z._default(z.nullable(int()), null),
  description: z.optional(z.string()),
  name: z.optional(z.string()),
});
export type BatchRow = z.infer<typeof batchRowSchema>;

export const batchRowsSchema = z.object({ rows: z.array(batchRowSchema) });
export type BatchRows = z.infer<typeof batchRowsSchema>;

/** Header of the outcome columns the results file appends to the file's own columns ("fee": reais with a decimal comma, empty until known). */
export const BATCH_RESULT_COLUMNS = ["status", "payout_id", "end_to_end_id", "failure_reason", "fee"] as const;

/**
 * The results file's `status` of a row that was not sent (`left_out`): "left_out" (the operator left it out) or
 * "left_out_invalid" (left out rather than fixed). Words no row that was sent can have, so a filter on the column
 * sorts the file's rows into sent and not sent.
 */
export const LEFT_OUT_RESULT_STATUS = { excluded: "left_out", invalid: "left_out_invalid" } as const satisfies Record<
  LeftOutReason,
  string
>;
