import { z } from "zod/mini";
import { businessIdSchema } from "@/lib/shared/schemas/business-id";
import { storableText } from "@/lib/shared/schemas/common";

/** A person's sign-in: e-mail and password (the second factor, when they have one, is a step of its own). */
export const personSignInSchema = z.object({
  email: storableText({ error: "validation.required" }).check(
    z.trim(),
    z.minLength(3, { error: "validation.email" }),
    z.maxLength(254, { error: "validation.email" }),
    z.regex(/^[^\s@]+@[^\s@]+$/, { error: "validation.email" }),
  ),
  password: z
    .string({ error: "validation.required" })
    .check(z.minLength(1, { error: "validation.required" }), z.maxLength(1024, { error: "validation.tooLong" })),
  /** The workspace to open, for a person in several (else the first by name). */
  businessId: z.optional(businessIdSchema),
});
export type PersonSignIn = z.infer<typeof personSignInSchema>;

/** The 6 digits an authenticator app shows. */
export const totpCodeSchema = z.string().check(z.trim(), z.regex(/^\d{6}$/, { error: "validation.totpCode" }));
/** One of the person's one-time recovery codes ("7kq2-m9xd-4hbz-p0wc"; the server normalises it). */
export const recoveryCodeSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(8, { error: "validation.recoveryCode" }),
    z.maxLength(64, { error: "validation.recoveryCode" }),
  );

/** The second step: the challenge from the first, and a TOTP code or a recovery code. */
export const secondFactorSchema = z.union([
  z.object({
    challenge: z.string().check(z.minLength(16), z.maxLength(128)),
    code: totpCodeSchema,
    businessId: z.optional(businessIdSchema),
  }),
  z.object({
    challenge: z.string().check(z.minLength(16), z.maxLength(128)),
    recoveryCode: recoveryCodeSchema,
    businessId: z.optional(businessIdSchema),
  }),
]);
export type SecondFactorBody = z.infer<typeof secondFactorSchema>;

/** Switching to another workspace the person belongs to. */
export const workspaceSwitchSchema = z.object({ businessId: businessIdSchema });

export const ROLE_VALUES = ["owner", "admin", "operator", "finance", "support"] as const;

/** What GET /api/session tells the browser: never the credential. */
export const sessionInfoSchema = z.object({
  person: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  role: z.enum(ROLE_VALUES),
  business: z.object({ id: z.string(), name: z.nullable(z.string()) }),
  sandbox: z.boolean(),
  /** `pending`: the workspace requires 2FA and this person has not set it up (only that is allowed). */
  twoFactor: z.object({ enabled: z.boolean(), pending: z.boolean() }),
  /** The workspace has no API key yet: its owner enters one before anything reaches the payments API. */
  credentialMissing: z.boolean(),
  expiresAt: z.string(),
  idleTimeoutSeconds: z.number(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** The answer to a sign-in step: signed in, or a second factor to give. */
export const signInStepSchema = z.union([
  z.object({ next: z.literal("done"), session: sessionInfoSchema }),
  z.object({ next: z.literal("totp"), challenge: z.string(), expiresAt: z.string() }),
]);
export type SignInStep = z.infer<typeof signInStepSchema>;
