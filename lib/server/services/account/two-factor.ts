import "server-only";
import QRCode from "qrcode";
import { verifyPassword } from "@/lib/server/accounts/password";
import { createRecoveryCodes } from "@/lib/server/accounts/recovery-codes";
import { createTotpSecret, totpUri, verifyTotp } from "@/lib/server/accounts/totp";
import { BffError } from "@/lib/server/errors/bff-error";
import {
  appendAudit,
  enableTotp,
  findMemberById,
  recordTotpStep,
  replaceRecoveryCodes,
  resetTwoFactor,
  setPendingTotp,
  type Member,
} from "@/lib/server/ledger";
import { decryptMemberSecret, encryptMemberSecret } from "@/lib/server/security/credential-vault";
import { activeWorkspaces } from "@/lib/server/services/session/person-sign-in";
import { reissueSession, type SignedIn } from "@/lib/server/services/session/sessions";
import { forgetPersonAccess } from "@/lib/server/session/resolve";
import type { RecoveryCodes, TotpCodeBody, TurnOffTwoFactorBody, TwoFactorSetup } from "@/lib/shared/schemas/account";
import { beginAccountCheck, recordAccountEvent, type AccountDeps } from "./deps";

/**
 * A person's own two-step verification (docs/accounts.md, "Your account"). The new secret is kept on the server
 * only: encrypted by the vault, bound to the member, in members.totp_pending_secret_enc until a code from it is
 * confirmed or TOTP_SETUP_LIFETIME_MS passes; the browser gets it once, as a QR code and as text to type.
 */
export const TOTP_SETUP_LIFETIME_MS = 15 * 60_000;

const invalidCode = () => new BffError("invalid_code", "The code is wrong.");

/**
 * A person's own 2FA turned on or off concerns each workspace they are in (its owner may require it): every one's
 * audit log records it, with the person as actor in their role there.
 */
async function auditOwnTwoFactor(deps: AccountDeps, enabled: boolean): Promise<void> {
  const { person } = deps.session;
  for (const workspace of await activeWorkspaces(deps.ledger, person.id))
    await appendAudit(deps.ledger, {
      businessId: workspace.businessId,
      actor: { name: person.name, role: workspace.role, memberId: person.id, email: person.email },
      action: enabled ? "member.two_factor_enabled" : "member.two_factor_disabled",
      outcome: "success",
      targetType: "member",
      targetId: person.id,
      before: { email: person.email, two_factor: !enabled },
      after: { email: person.email, two_factor: enabled },
    });
}
const notEnabled = () => new BffError("two_factor_not_enabled", "Two-step verification is not on.");
const alreadyEnabled = () => new BffError("two_factor_already_enabled", "Two-step verification is already on.");

async function currentMember(deps: AccountDeps): Promise<Member> {
  const member = await findMemberById(deps.ledger, deps.session.memberId);
  if (!member) throw new BffError("unauthenticated", "Sign in to continue.", { details: { reason: "access_changed" } });
  return member;
}

/** Ten new recovery codes: only their hashes are stored; the codes are in this answer and nowhere else. */
async function newRecoveryCodes(deps: AccountDeps): Promise<RecoveryCodes> {
  const codes = createRecoveryCodes();
  await replaceRecoveryCodes(
    deps.ledger,
    deps.session.memberId,
    codes.map((c) => c.hash),
  );
  return { recovery_codes: codes.map((c) => c.code) };
}

/** A code of the person's enabled authenticator, used once (its step is recorded; a reused one is refused). */
async function checkEnabledCode(deps: AccountDeps, member: Member, code: string): Promise<boolean> {
  if (!member.totpSecretEnc) return false;
  const secret = decryptMemberSecret(member.totpSecretEnc, member.id);
  const now = deps.clock.now();
  const check = await verifyTotp(secret, code, { lastUsedStep: member.totpLastStep, now });
  return check.ok && (await recordTotpStep(deps.ledger, member.id, check.step));
}

/** Starts (or starts again) setting 2FA up: a new secret, pending on the server; the QR code and the key to type. */
export async function startTwoFactorSetup(deps: AccountDeps): Promise<TwoFactorSetup> {
  const member = await currentMember(deps);
  if (member.totpSecretEnc) throw alreadyEnabled();
  const secret = createTotpSecret();
  const expiresAt = new Date(deps.clock.now() + TOTP_SETUP_LIFETIME_MS);
  if (!(await setPendingTotp(deps.ledger, member.id, encryptMemberSecret(secret, member.id), expiresAt)))
    throw alreadyEnabled();
  const uri = totpUri(secret, member.email);
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return {
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg, "utf8").toString("base64")}`,
    otpauth_uri: uri,
    secret: secret.reveal(),
    expires_at: expiresAt.toISOString(),
  };
}

/** Confirms the setup with a code of the new secret: 2FA is on, and the recovery codes are shown (once). */
export async function confirmTwoFactor(deps: AccountDeps, body: TotpCodeBody): Promise<RecoveryCodes> {
  const member = await currentMember(deps);
  if (member.totpSecretEnc) throw alreadyEnabled();
  const now = deps.clock.now();
  const pending = member.totpPendingSecretEnc;
  if (!pending || !member.totpPendingExpiresAt || member.totpPendingExpiresAt.getTime() <= now)
    throw new BffError("two_factor_setup_expired", "The setup expired or was not started. Start again.");
  const attempt = await beginAccountCheck(deps, "totp");
  const check = await verifyTotp(decryptMemberSecret(pending, member.id), body.code, { lastUsedStep: null, now });
  if (!check.ok) {
    await recordAccountEvent(deps, { kind: "account_change_failed", reason: "invalid_code", factor: "totp" });
    throw invalidCode();
  }
  await attempt.succeeded();
  // Conditional on 2FA being off: of two confirmations, one wins; its recovery codes are stored with it, atomically.
  const codes = createRecoveryCodes();
  const enabled = await enableTotp(
    deps.ledger,
    member.id,
    pending,
    check.step,
    codes.map((c) => c.hash),
  );
  if (!enabled) throw alreadyEnabled();
  forgetPersonAccess();
  await recordAccountEvent(deps, { kind: "two_factor_enabled", reason: "confirmed", factor: "totp" });
  await auditOwnTwoFactor(deps, true);
  return { recovery_codes: codes.map((c) => c.code) };
}

/** New recovery codes (the old ones stop working), for a current code of the authenticator. */
export async function regenerateRecoveryCodes(deps: AccountDeps, body: TotpCodeBody): Promise<RecoveryCodes> {
  const member = await currentMember(deps);
  if (!member.totpSecretEnc) throw notEnabled();
  const attempt = await beginAccountCheck(deps, "totp");
  if (!(await checkEnabledCode(deps, member, body.code))) {
    await recordAccountEvent(deps, { kind: "account_change_failed", reason: "invalid_code", factor: "totp" });
    throw invalidCode();
  }
  await attempt.succeeded();
  const codes = await newRecoveryCodes(deps);
  forgetPersonAccess();
  await recordAccountEvent(deps, { kind: "recovery_codes_regenerated", reason: "confirmed", factor: "totp" });
  return codes;
}

/**
 * Turns 2FA off, for the password and a current code; refused while a workspace of the person requires it.
 * Every other session of the person ends (auth_epoch); this one is re-issued with the new epoch.
 */
export async function turnOffTwoFactor(deps: AccountDeps, body: TurnOffTwoFactorBody): Promise<SignedIn> {
  const member = await currentMember(deps);
  if (!member.totpSecretEnc) throw notEnabled();
  const requiredBy = (await activeWorkspaces(deps.ledger, member.id)).filter((w) => w.require2fa);
  if (requiredBy.length > 0)
    throw new BffError(
      "two_factor_required_by_workspace",
      "A workspace of yours requires two-step verification: it cannot be turned off.",
      { details: { workspaces: requiredBy.map((w) => w.businessId) } },
    );
  const attempt = await beginAccountCheck(deps, "password");
  if (!(await verifyPassword(member.passwordHash, body.password)).ok) {
    await recordAccountEvent(deps, { kind: "account_change_failed", reason: "wrong_password", factor: "password" });
    throw new BffError("wrong_password", "The current password is wrong.");
  }
  if (!(await checkEnabledCode(deps, member, body.code))) {
    await recordAccountEvent(deps, { kind: "account_change_failed", reason: "invalid_code", factor: "totp" });
    throw invalidCode();
  }
  await attempt.succeeded();
  await resetTwoFactor(deps.ledger, member.id);
  forgetPersonAccess();
  await recordAccountEvent(deps, { kind: "two_factor_disabled", reason: "turned_off", factor: "totp" });
  await auditOwnTwoFactor(deps, false);
  return reissueSession(deps.ledger, deps.session);
}
