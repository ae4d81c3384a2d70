import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { OverviewView } from "@/components/overview/overview-view";
import { homePathFor } from "@/components/shell/nav-items";
import { getI18n } from "@/lib/server/i18n";
import { getPageSession } from "@/lib/server/session/page";
import { WithPrefetched } from "../_prefetch/prefetched";
import { chargebacksFirstPage, latestPayouts, paymentLinksFirstPage } from "../_prefetch/queries";
import { overviewInsightsFirst } from "../insights/_data";
import { withMessages } from "@/app/_i18n/messages";

/** LatestPayouts' row count (components/payouts/latest-payouts.tsx): its query key. */
const LATEST_PAYOUTS = 5;

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("overview.title") };
}

/**
 * The start page: the home of every role but support. It is not a restricted
 * page but the entry point, so a role whose home is elsewhere (support:
 * /payouts) is sent there, as after signing in.
 */
export default withMessages(
  [
    "overview",
    "insights.payouts",
    "insights.export",
    "insights.links",
    "insights.trend",
    "payouts.attention",
    "payouts.latest",
    "payouts.register.rowLabel",
    "payouts.new.button",
    "payouts.reviewReason",
    "payouts.state",
  ],
  async function OverviewPage() {
    const session = await getPageSession();
    if (!session) redirect("/login");
    const home = homePathFor(session.role);
    if (home !== "/") redirect(home);
    const entries = await Promise.all([
      paymentLinksFirstPage(),
      chargebacksFirstPage(),
      latestPayouts(LATEST_PAYOUTS),
      overviewInsightsFirst(),
    ]);
    return (
      <WithPrefetched entries={entries}>
        <OverviewView />
      </WithPrefetched>
    );
  },
);
