import type { Metadata } from "next";
import { windowQueryFromSearch } from "@/components/insights/insight-model";
import { PayoutInsightsView } from "@/components/insights/payout-insights-view";
import { NotAllowed } from "@/components/shell/not-allowed";
import { getI18n } from "@/lib/server/i18n";
import { pageAccess } from "@/lib/server/session/page";
import { WithPrefetched } from "../_prefetch/prefetched";
import { payoutInsightsFirst } from "./_data";
import { withMessages } from "@/app/_i18n/messages";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("nav.insights") };
}

/**
 * Payouts insights: every role that reads insights (payouts is the section all of them read); support sees the
 * shared NotAllowed panel. The window comes from the URL; its first data is read on the server.
 */
export default withMessages(
  ["insights", "chargebacks.kind"],
  async function PayoutInsightsPage({
    searchParams,
  }: {
    searchParams: Promise<Record<string, string | string[] | undefined>>;
  }) {
    const access = await pageAccess("insights.payouts", "/insights");
    if (!access.allowed) return <NotAllowed page="nav.insights" />;
    const query = windowQueryFromSearch(await searchParams);
    return (
      <WithPrefetched entries={[await payoutInsightsFirst(query)]}>
        <PayoutInsightsView />
      </WithPrefetched>
    );
  },
);
