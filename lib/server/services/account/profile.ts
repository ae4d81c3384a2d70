import "server-only";
import { BffError } from "@/lib/server/errors/bff-error";
import { findMemberById, listRecoveryCodes, type Ledger } from "@/lib/server/ledger";
import type { Answer } from "@/lib/server/services/context";
import { activeWorkspaces } from "@/lib/server/services/session/person-sign-in";
import type { SessionData } from "@/lib/server/session/session";
import type { AccountProfile } from "@/lib/shared/schemas/account";

/** The person's own account as /account shows it: never the password hash or the secret. */
export async function accountProfile({
  ledger,
  session,
}: {
  ledger: Ledger;
  session: SessionData;
}): Promise<Answer<AccountProfile>> {
  const member = await findMemberById(ledger, session.memberId);
  if (!member) throw new BffError("unauthenticated", "Sign in to continue.", { details: { reason: "access_changed" } });
  const enabled = member.totpSecretEnc !== null;
  const codes = enabled ? await listRecoveryCodes(ledger, member.id) : [];
  const workspaces = await activeWorkspaces(ledger, member.id);
  return {
    data: {
      id: member.id,
      name: member.name,
      email: member.email,
      password_changed_at: member.passwordChangedAt.toISOString(),
      two_factor: {
        enabled,
        enabled_at: member.totpEnabledAt?.toISOString() ?? null,
        required: workspaces.some((w) => w.require2fa),
        pending: session.twoFactorPending && !enabled,
        recovery_codes_left: codes.filter((c) => c.usedAt === null).length,
      },
    },
  };
}
