"use client";

import { KeyRound, ShieldAlert } from "lucide-react";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { useI18n } from "@/lib/browser/i18n";
import type { SessionInfo } from "@/lib/shared/schemas/session";

const linkClass =
  "inline-flex items-center font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring";

/**
 * What stops the workspace from working, above every page: two-step
 * verification the workspace requires and the person has not set up (the BFF
 * refuses everything else until then), and a workspace without an API key
 * (nothing reaches the payments API; only the owner can enter one).
 */
export function SessionBanners({ session }: { session: SessionInfo }) {
  const { t } = useI18n();
  if (!session.twoFactor.pending && !session.credentialMissing) return null;
  return (
    <div className="mb-5 grid gap-3" data-testid="session-banners">
      {session.twoFactor.pending ? (
        <Alert
          tone="warning"
          icon={ShieldAlert}
          live="none"
          headingLevel="h2"
          title={t("shell.twoFactorPending.title")}
          description={t("shell.twoFactorPending.description")}
        >
          <Link href="/account/security" className={linkClass}>
            {t("shell.twoFactorPending.link")}
          </Link>
        </Alert>
      ) : null}
      {session.credentialMissing ? (
        <Alert
          tone="warning"
          icon={KeyRound}
          live="none"
          headingLevel="h2"
          title={t("shell.credentialMissing.title")}
          description={
            session.role === "owner" ? t("shell.credentialMissing.owner") : t("shell.credentialMissing.others")
          }
        >
          {session.role === "owner" ? (
            <Link href="/settings" className={linkClass}>
              {t("shell.credentialMissing.ownerLink")}
            </Link>
          ) : null}
        </Alert>
      ) : null}
    </div>
  );
}
