import { z } from "zod/mini";
import { storableText } from "@/lib/shared/schemas/common";

/**
 * A person's own account (GET/POST /api/account/…): two-step verification, password, security history.
 * The server checks a new password against the account's e-mail (newPasswordSchema) once it knows the person.
 */

const totpCode = z
  .string({ error: "account.validation.totpCode" })
  .check(z.trim(), z.regex(/^\d{3}\s?\d{3}$/, { error: "account.validation.totpCode" }));
const password = z
  .string({ error: "validation.required" })
  .check(z.minLength(1, { error: "validation.required" }), z.maxLength(1024, { error: "validation.tooLong" }));

/** Confirming the setup, or new recovery codes: a code of the authenticator. */
export const totpCodeBodySchema = z.object({ code: totpCode });
export type TotpCodeBody = z.infer<typeof totpCodeBodySchema>;

/** Turning 2FA off: the password and a code, both. */
export const turnOffTwoFactorSchema = z.object({ password, code: totpCode });
export type TurnOffTwoFactorBody = z.infer<typeof turnOffTwoFactorSchema>;

/** A new password: the current one, and the new one (the policy is checked on the server with the e-mail). */
export const changePasswordSchema = z.object({
  current_password: password,
  new_password: storableText({ error: "validation.required" }).check(
    z.maxLength(1024, { error: "validation.password.tooLong" }),
  ),
});
export type ChangePasswordBody = z.infer<typeof changePasswordSchema>;

/** GET /api/account: who the person is and where their 2FA stands. */
export const accountProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  password_changed_at: z.string(),
  two_factor: z.object({
    enabled: z.boolean(),
    enabled_at: z.nullable(z.string()),
    /** A workspace of theirs requires 2FA (it cannot be turned off). */
    required: z.boolean(),
    /** This session's workspace requires it and it is off: only setting it up is allowed. */
    pending: z.boolean(),
    recovery_codes_left: z.number(),
  }),
});
export type AccountProfile = z.infer<typeof accountProfileSchema>;

/** The setup's reply: scan the QR code (an SVG data URL made on the server) or type the key. Shown once. */
export const twoFactorSetupSchema = z.object({
  qr_code: z.string(),
  otpauth_uri: z.string(),
  secret: z.string(),
  expires_at: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** New recovery codes: shown once, never again. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const SECURITY_EVENT_KIND_VALUES = [
  "sign_in_failed",
  "sign_in_throttled",
  "sign_in_succeeded",
  "two_factor_enabled",
  "two_factor_disabled",
  "recovery_codes_regenerated",
  "password_changed",
  "account_change_failed",
] as const;

/** One row of a person's security history. */
export const securityEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(SECURITY_EVENT_KIND_VALUES),
  reason: z.string(),
  /** What was presented: password, totp, recovery_code (null for other events). */
  factor: z.nullable(z.string()),
  client_address: z.nullable(z.string()),
  address_verified: z.boolean(),
  user_agent: z.nullable(z.string()),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const securityEventsPageSchema = z.object({
  items: z.array(securityEventSchema),
  next_cursor: z.nullable(z.string()),
});
export type SecurityEventsPage = z.infer<typeof securityEventsPageSchema>;

export const securityEventsQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(500)), 50),
  cursor: z.optional(z.string().check(z.regex(/^\d{1,18}$/, { error: "validation.invalid" }))),
});
export type SecurityEventsQuery = z.infer<typeof securityEventsQuerySchema>;
