import { z } from "zod/mini";
import type { ServerErrorCode } from "@/lib/shared/errors/catalogue";

/**
 * The envelope every BFF response uses, mirroring the payments API's. `code` is
 * parsed as any string, so a browser stays tolerant of codes a newer server
 * adds; narrow it with `isErrorCode` (lib/shared/errors/catalogue.ts).
 */
export const bffErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.optional(z.record(z.string(), z.string())),
  details: z.optional(z.record(z.string(), z.unknown())),
  /** The payments API's own words, when the failure is its answer: shown labelled as the provider's. */
  provider_message: z.optional(z.string()),
});
/** An error body as the browser reads it: any code. */
export type ParsedBffErrorBody = z.infer<typeof bffErrorSchema>;
/** An error body as the server builds it: a code of the catalogue, or the payments API's passed on. */
export type BffErrorBody = Omit<ParsedBffErrorBody, "code"> & { code: ServerErrorCode };

export const bffEnvelopeSchema = z.object({
  data: z.unknown(),
  error: z.nullable(bffErrorSchema),
  request_id: z.nullable(z.string()),
});
export type BffEnvelope<T> =
  { data: T; error: null; request_id: string | null } | { data: null; error: BffErrorBody; request_id: string | null };
