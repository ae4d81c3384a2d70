import type { Metadata } from "next";
import { PayoutsView } from "@/components/payouts/payouts-view";
import { getI18n } from "@/lib/server/i18n";
import { withMessages } from "@/app/_i18n/messages";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("nav.payouts") };
}

export default withMessages(["payouts", "insights.outcome", "batches.link"], function PayoutsPage() {
  return <PayoutsView />;
});
