import "server-only";
import { safeParse } from "zod/v4/core";
import { hashPassword, verifyPassword } from "@/lib/server/accounts/password";
import { zodFields } from "@/lib/server/errors/classify";
import { BffError } from "@/lib/server/errors/bff-error";
import { findMemberById, setPasswordHash } from "@/lib/server/ledger";
import { reissueSession, type SignedIn } from "@/lib/server/services/session/sessions";
import { forgetPersonAccess } from "@/lib/server/session/resolve";
import { newPasswordSchema } from "@/lib/shared/auth/password-policy";
import type { ChangePasswordBody } from "@/lib/shared/schemas/account";
import { beginAccountCheck, recordAccountEvent, type AccountDeps } from "./deps";

/**
 * A new password for the current one: the policy (newPasswordSchema, with the account's e-mail), throttled as a
 * sign-in is, argon2id. Every other session of the person ends (auth_epoch); this one is re-issued.
 */
export async function changePassword(deps: AccountDeps, body: ChangePasswordBody): Promise<SignedIn> {
  const member = await findMemberById(deps.ledger, deps.session.memberId);
  if (!member) throw new BffError("unauthenticated", "Sign in to continue.", { details: { reason: "access_changed" } });
  const parsed = safeParse(newPasswordSchema(member.email), body.new_password);
  if (!parsed.success) {
    const message = Object.values(zodFields(parsed.error))[0] ?? "validation.invalid";
    throw new BffError("validation_error", "Some fields are invalid.", { fields: { new_password: message } });
  }
  const attempt = await beginAccountCheck(deps, "password");
  if (!(await verifyPassword(member.passwordHash, body.current_password)).ok) {
    await recordAccountEvent(deps, { kind: "account_change_failed", reason: "wrong_password", factor: "password" });
    throw new BffError("wrong_password", "The current password is wrong.", {
      fields: { current_password: "errors.wrong_password" },
    });
  }
  await attempt.succeeded();
  // The policy's output is the NFKC form; hashPassword normalises again (idempotent).
  await setPasswordHash(deps.ledger, member.id, await hashPassword(parsed.data));
  forgetPersonAccess();
  await recordAccountEvent(deps, { kind: "password_changed", reason: "changed", factor: "password" });
  return reissueSession(deps.ledger, deps.session);
}
