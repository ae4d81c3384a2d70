import { z } from "zod";

/** The envelope every BFF response uses, mirroring the payments API's. */
export const bffErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type BffErrorBody = z.infer<typeof bffErrorSchema>;

export const bffEnvelopeSchema = z.object({
  data: z.unknown(),
  error: bffErrorSchema.nullable(),
  request_id: z.string().nullable(),
});
export type BffEnvelope<T> = { data: T; error: null; request_id: string | null } | { data: null; error: BffErrorBody; request_id: string | null };
