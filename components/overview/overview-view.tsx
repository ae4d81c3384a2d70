"use client";

import { businessLabel } from "@/components/shell/business-label";
import { LatestPayouts } from "@/components/payouts/latest-payouts";
import { useCan, useSession } from "@/components/providers/session-provider";
import { cn } from "@/components/ui/cn";
import { PageHeader } from "@/components/ui/page-header";
import { useI18n } from "@/lib/browser/i18n";
import { ChargebacksDue } from "./chargebacks-due";
import { InsightFigures } from "./insight-figures";
import { LinksOverview } from "./links-overview";
import { PayoutsAttention } from "./payouts-attention";

/**
 * The home of the roles that see more than payouts: payouts waiting for a
 * person (when there are any), payment-link totals, the disputes whose deadline
 * comes first, and the newest payouts. Each card shows only for a role that may
 * read its data (finance: no links; operators: no disputes), and loads and
 * fails on its own, so one failing source never blanks the others.
 */
export function OverviewView() {
  const { t } = useI18n();
  const session = useSession();
  const business = businessLabel(session.business, t);
  const canSeeLinks = useCan("payment_links.list");
  const canSeeChargebacks = useCan("chargebacks.list");
  const canSeeInsights = useCan("insights.payouts");

  return (
    <>
      <PageHeader title={t("overview.title")} description={t("overview.description", { business })} />
      <div className="grid gap-4">
        {canSeeInsights ? <InsightFigures /> : null}
        <PayoutsAttention />
        {canSeeLinks ? <LinksOverview /> : null}
        <div className={cn("grid gap-4", canSeeChargebacks && "lg:grid-cols-2")}>
          {canSeeChargebacks ? <ChargebacksDue /> : null}
          {/* The payouts engineer's card (register rows, live status); named as a region like the other cards. */}
          <section aria-label={t("overview.payouts.title")} className="min-w-0">
            <LatestPayouts className="h-full" />
          </section>
        </div>
      </div>
    </>
  );
}
