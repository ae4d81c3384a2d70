"use client";

import { businessLabel } from "@/components/shell/business-label";
import { LatestPayouts } from "@/components/payouts/latest-payouts";
import { useSession } from "@/components/providers/session-provider";
import { PageHeader } from "@/components/ui/page-header";
import { useI18n } from "@/lib/browser/i18n";
import { ChargebacksDue } from "./chargebacks-due";
import { LinksOverview } from "./links-overview";
import { PayoutsAttention } from "./payouts-attention";

/**
 * The operator's home: payouts waiting for a person (when there are any), payment-link totals, the disputes whose deadline comes
 * first, and the newest payouts. Each card loads and fails on its own, so one
 * failing source never blanks the others.
 */
export function OverviewView() {
  const { t } = useI18n();
  const session = useSession();
  const business = businessLabel(session.business, t);

  return (
    <>
      <PageHeader title={t("overview.title")} description={t("overview.description", { business })} />
      <div className="grid gap-4">
        <PayoutsAttention />
        <LinksOverview />
        <div className="grid gap-4 lg:grid-cols-2">
          <ChargebacksDue />
          {/* The payouts engineer's card (register rows, live status); named as a region like the other cards. */}
          <section aria-label={t("overview.payouts.title")} className="min-w-0">
            <LatestPayouts className="h-full" />
          </section>
        </div>
      </div>
    </>
  );
}
