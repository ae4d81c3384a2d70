import type { Metadata } from "next";
import { DisputeInsightsView } from "@/components/insights/dispute-insights-view";
import { NotAllowed } from "@/components/shell/not-allowed";
import { getI18n } from "@/lib/server/i18n";
import { pageAccess } from "@/lib/server/session/page";
import { WithPrefetched } from "../../_prefetch/prefetched";
import { disputeInsightsFirst } from "../_data";
import { withMessages } from "@/app/_i18n/messages";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("insights.tab.disputes") };
}

/** Disputes insights: finance, admins and owners; another role sees the shared NotAllowed panel. */
export default withMessages(["insights", "chargebacks.kind"], async function DisputeInsightsPage() {
  const access = await pageAccess("insights.disputes", "/insights/disputes");
  if (!access.allowed) return <NotAllowed page="nav.insights" />;
  return (
    <WithPrefetched entries={[await disputeInsightsFirst()]}>
      <DisputeInsightsView />
    </WithPrefetched>
  );
});
