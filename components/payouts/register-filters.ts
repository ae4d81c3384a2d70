import { z } from "zod";
import { KNOWN_PAYOUT_STATUSES } from "@/lib/payments/schemas/payout";

/** The register's view in the URL: search, status filter, sort and the open id-less entry. Shareable, survives reload. */
export const registerUrlSchema = z.object({
  search: z.string().max(140).default(""),
  status: z.enum(KNOWN_PAYOUT_STATUSES).optional().catch(undefined),
  sort: z.string().max(80).default("created_at.desc"),
  /** Idempotency key of a row without a payout id (being sent, outcome unknown, rejected), opened in a side panel. */
  entry: z.string().max(128).optional().catch(undefined),
});
export type RegisterUrlState = z.output<typeof registerUrlSchema>;
