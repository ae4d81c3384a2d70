import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { SessionProvider } from "@/components/providers/session-provider";
import { AppShell } from "@/components/shell/app-shell";
import { SignInRedirect } from "@/components/shell/sign-in-redirect";
import { safeNextPath } from "@/lib/browser/bff-client/next-path";
import { getPageSession } from "@/lib/server/session/page";
import { WithPrefetched } from "./_prefetch/prefetched";
import { payoutAttentionFirst } from "./_prefetch/queries";
import { withMessages } from "@/app/_i18n/messages";

/**
 * Every dashboard page requires a session. Without one the browser goes to
 * /login?next=<requested page>. The requested path comes from the `x-pathname`
 * request header when the proxy provides it; otherwise a tiny client component
 * reads it from the address bar and redirects. A person who must set up 2FA
 * first (`twoFactor.pending`) is sent to /account/security, outside this layout.
 */
export default withMessages(
  ["account.title", "account.nav.security", "login.submit", "payouts.attention.badge"],
  async function DashboardLayout({ children }: { children: ReactNode }) {
    const session = await getPageSession();
    if (!session) {
      const requested = safeNextPath((await headers()).get("x-pathname"));
      if (requested === "/") redirect("/login");
      if (requested) redirect(`/login?next=${encodeURIComponent(requested)}`);
      return <SignInRedirect />;
    }
    // The workspace requires 2FA and this person has none: setting it up is all they may do (app/(account)).
    if (session.twoFactor.pending) redirect("/account/security");
    return (
      <SessionProvider session={session}>
        <WithPrefetched entries={[await payoutAttentionFirst()]}>
          <AppShell>{children}</AppShell>
        </WithPrefetched>
      </SessionProvider>
    );
  },
);
