import type { Metadata } from "next";
import { windowQueryFromSearch, withoutBucket } from "@/components/insights/insight-model";
import { LinkInsightsView } from "@/components/insights/link-insights-view";
import { NotAllowed } from "@/components/shell/not-allowed";
import { getI18n } from "@/lib/server/i18n";
import { pageAccess } from "@/lib/server/session/page";
import { WithPrefetched } from "../../_prefetch/prefetched";
import { linkInsightsFirst } from "../_data";
import { withMessages } from "@/app/_i18n/messages";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("insights.tab.paymentLinks") };
}

/** Payment-links insights: every role that reads insights but support (shared NotAllowed panel). */
export default withMessages(
  ["insights", "chargebacks.kind"],
  async function LinkInsightsPage({
    searchParams,
  }: {
    searchParams: Promise<Record<string, string | string[] | undefined>>;
  }) {
    const access = await pageAccess("insights.payment_links", "/insights/payment-links");
    if (!access.allowed) return <NotAllowed page="nav.insights" />;
    const query = withoutBucket(windowQueryFromSearch(await searchParams));
    return (
      <WithPrefetched entries={[await linkInsightsFirst(query)]}>
        <LinkInsightsView />
      </WithPrefetched>
    );
  },
);
