import { z } from "zod/mini";

/** The envelope every BFF response uses, mirroring the payments API's. */
export const bffErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.optional(z.record(z.string(), z.string())),
  details: z.optional(z.record(z.string(), z.unknown())),
});
export type BffErrorBody = z.infer<typeof bffErrorSchema>;

export const bffEnvelopeSchema = z.object({
  data: z.unknown(),
  error: z.nullable(bffErrorSchema),
  request_id: z.nullable(z.string()),
});
export type BffEnvelope<T> = { data: T; error: null; request_id: string | null } | { data: null; error: BffErrorBody; request_id: string | null };
