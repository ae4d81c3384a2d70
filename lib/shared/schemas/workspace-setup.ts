import { z } from "zod/mini";
import { newPasswordSchema, passwordProblem } from "@/lib/shared/auth/password-policy";
import { storableText } from "@/lib/shared/schemas/common";
import { personSignInSchema } from "@/lib/shared/schemas/session";
import { accessTokenField, apiKeyField } from "@/lib/shared/schemas/workspace-credential";

/** A setup link's token as the server prints it: 32 random bytes, base64url (43 characters). */
export const setupTokenSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{20,128}$/, { error: "validation.required" }));

const personName = storableText({ error: "validation.required" }).check(
  z.trim(),
  z.minLength(1, { error: "validation.required" }),
  z.maxLength(80, { error: "validation.tooLong" }),
);

/**
 * POST /api/setup: the first owner, from the one-time setup link (docs/accounts.md, "First run"). The API key is
 * required unless the server's environment provisions it; the access token is optional.
 */
export const setupBodySchema = z
  .object({
    token: setupTokenSchema,
    name: personName,
    email: personSignInSchema.shape.email,
    password: newPasswordSchema(),
    businessName: z.optional(storableText().check(z.trim(), z.maxLength(80, { error: "validation.tooLong" }))),
    apiKey: z.optional(apiKeyField),
    accessToken: z.optional(accessTokenField),
  })
  .check(
    z.superRefine((body, ctx) => {
      if (passwordProblem(body.password, body.email) === "validation.password.isEmail")
        ctx.addIssue({ code: "custom", path: ["password"], message: "validation.password.isEmail", input: body });
    }),
  );
export type SetupBody = z.infer<typeof setupBodySchema>;
export type SetupFormValues = z.input<typeof setupBodySchema>;

/** PATCH /api/workspace/settings. */
export const workspaceSettingsBodySchema = z.object({ require2fa: z.boolean({ error: "validation.required" }) });
export type WorkspaceSettingsBody = z.infer<typeof workspaceSettingsBodySchema>;

/** What is shown of one of the workspace's credentials: never the credential itself. */
export const credentialViewSchema = z.object({
  kind: z.enum(["api_key", "bearer"]),
  /** "environment": the server's configuration provides it (and it cannot be replaced here). */
  source: z.enum(["vault", "environment", "none"]),
  fingerprint: z.nullable(z.string()),
  last4: z.nullable(z.string()),
  stored_at: z.nullable(z.string()),
  stored_by: z.nullable(z.string()),
});
export type CredentialView = z.infer<typeof credentialViewSchema>;

/** GET /api/workspace/credentials. */
export const workspaceCredentialsSchema = z.object({ api_key: credentialViewSchema, bearer: credentialViewSchema });
export type WorkspaceCredentialsView = z.infer<typeof workspaceCredentialsSchema>;

/** GET and PATCH /api/workspace/settings. */
export const workspaceSettingsSchema = z.object({
  business: z.object({ id: z.string(), name: z.string() }),
  require2fa: z.boolean(),
});
export type WorkspaceSettings = z.infer<typeof workspaceSettingsSchema>;
