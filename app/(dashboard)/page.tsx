import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { OverviewView } from "@/components/overview/overview-view";
import { can } from "@/lib/shared/auth/roles";
import { getI18n } from "@/lib/server/i18n";
import { getPageSession } from "@/lib/server/session/page";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("overview.title") };
}

/** The operators' home. Viewers (payout lookup and chargebacks only) land on /payouts. */
export default async function OverviewPage() {
  const session = await getPageSession();
  if (!session) redirect("/login");
  if (!can(session.role, "activity.list")) redirect("/payouts");
  return <OverviewView />;
}
