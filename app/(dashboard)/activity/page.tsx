import type { Metadata } from "next";
import { ActivityView } from "@/components/activity/activity-view";
import { NotAllowed } from "@/components/shell/not-allowed";
import { getI18n } from "@/lib/server/i18n";
import { pageAccess } from "@/lib/server/session/page";
import { withMessages } from "@/app/_i18n/messages";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("nav.activity") };
}

/** The audit log: finance, admins and owners. Another role sees why it is not available (the BFF answers 403 anyway). */
export default withMessages(["activity"], async function ActivityPage() {
  const access = await pageAccess("activity.list", "/activity");
  if (!access.allowed)
    return (
      <NotAllowed page="nav.activity" title="activity.notAllowed.title" description="activity.notAllowed.description" />
    );
  return <ActivityView />;
});
