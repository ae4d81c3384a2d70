import type { Metadata } from "next";
import { SecurityView } from "@/components/account/security-view";
import { getI18n } from "@/lib/server/i18n";
import { WithPrefetched } from "../../../(dashboard)/_prefetch/prefetched";
import { accountProfileFirst, securityEventsFirstPage } from "../../_prefetch/queries";
import { withMessages } from "@/app/_i18n/messages";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("account.security.title") };
}

/** Two-step verification and the security history: every role, and the one page a person with 2FA pending may use. */
export default withMessages(["account"], async function AccountSecurityPage() {
  const [profile, events] = await Promise.all([accountProfileFirst(), securityEventsFirstPage()]);
  return (
    <WithPrefetched entries={[profile, events]}>
      <SecurityView />
    </WithPrefetched>
  );
});
