import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { SessionProvider } from "@/components/providers/session-provider";
import { AppShell } from "@/components/shell/app-shell";
import { SignInRedirect } from "@/components/shell/sign-in-redirect";
import { safeNextPath } from "@/lib/browser/bff-client/next-path";
import { getPageSession } from "@/lib/server/session/page";
import { withMessages } from "@/app/_i18n/messages";

/**
 * The person's own account (/account, /account/security), for every role. Its own layout, not the dashboard's:
 * a person whose workspace requires 2FA (twoFactor.pending) is sent here from every dashboard page, and must be
 * able to stay here. Otherwise as the dashboard: a session is required, inside the same shell.
 */
export default withMessages(
  ["account.title", "account.nav.security", "login.submit", "payouts.attention.badge"],
  async function AccountLayout({ children }: { children: ReactNode }) {
    const session = await getPageSession();
    if (!session) {
      const requested = safeNextPath((await headers()).get("x-pathname"));
      if (requested) redirect(`/login?next=${encodeURIComponent(requested)}`);
      return <SignInRedirect />;
    }
    return (
      <SessionProvider session={session}>
        <AppShell>{children}</AppShell>
      </SessionProvider>
    );
  },
);
