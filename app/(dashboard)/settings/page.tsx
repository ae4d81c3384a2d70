import type { Metadata } from "next";
import { SettingsView } from "@/components/settings/settings-view";
import { NotAllowed } from "@/components/shell/not-allowed";
import { getI18n } from "@/lib/server/i18n";
import { pageAccess } from "@/lib/server/session/page";
import { can } from "@/lib/shared/auth/roles";
import { WithPrefetched } from "../_prefetch/prefetched";
import { workspaceCredentialsFirst, workspaceSettingsFirst } from "../_prefetch/queries";
import { withMessages } from "@/app/_i18n/messages";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("settings.title") };
}

/** The workspace's settings: owners and admins; its credentials, owners only. */
export default withMessages(
  ["settings", "login.hideSecretLabel", "login.showSecretLabel", "login.hideSecret", "login.showSecret"],
  async function SettingsPage() {
    const access = await pageAccess("workspace.settings", "/settings");
    if (!access.allowed)
      return (
        <NotAllowed
          page="settings.title"
          title="settings.notAllowed.title"
          description="settings.notAllowed.description"
        />
      );
    const showCredentials = can(access.session.role, "credentials.manage");
    const entries = await Promise.all([workspaceSettingsFirst(), showCredentials ? workspaceCredentialsFirst() : null]);
    return (
      <WithPrefetched entries={entries}>
        <SettingsView showCredentials={showCredentials} />
      </WithPrefetched>
    );
  },
);
