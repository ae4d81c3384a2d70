import type { Metadata } from "next";
import { ProfileView } from "@/components/account/profile-view";
import { getI18n } from "@/lib/server/i18n";
import { WithPrefetched } from "../../(dashboard)/_prefetch/prefetched";
import { accountProfileFirst } from "../_prefetch/queries";
import { withMessages } from "@/app/_i18n/messages";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("account.title") };
}

/** The person's own profile and password: every role. */
export default withMessages(["account"], async function AccountPage() {
  const profile = await accountProfileFirst();
  return (
    <WithPrefetched entries={[profile]}>
      <ProfileView />
    </WithPrefetched>
  );
});
