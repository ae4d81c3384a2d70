import type { Metadata } from "next";
import { ActivityNotAllowed } from "@/components/activity/activity-not-allowed";
import { ActivityView } from "@/components/activity/activity-view";
import { can } from "@/lib/shared/auth/roles";
import { getI18n } from "@/lib/server/i18n";
import { getPageSession } from "@/lib/server/session/page";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("nav.activity") };
}

/** The audit log: operators only. A viewer who opens the URL sees why it is not available (the BFF answers 403 anyway). */
export default async function ActivityPage() {
  const session = await getPageSession();
  if (!session || !can(session.role, "activity.list")) return <ActivityNotAllowed />;
  return <ActivityView />;
}
