"use client";

import { Lock } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { useI18n } from "@/lib/browser/i18n";

/** What a viewer sees at /activity: the audit log is for operators (the BFF refuses it with 403 too). */
export function ActivityNotAllowed() {
  const { t } = useI18n();
  return (
    <>
      <PageHeader title={t("nav.activity")} />
      <Card data-testid="activity-not-allowed">
        <EmptyState
          icon={Lock}
          headingLevel="h2"
          title={t("activity.notAllowed.title")}
          description={t("activity.notAllowed.description")}
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <Button asChild variant="outline" size="sm">
                <Link href="/chargebacks">{t("nav.chargebacks")}</Link>
              </Button>
              <Button asChild variant="outline" size="sm">
                <Link href="/payouts">{t("nav.payouts")}</Link>
              </Button>
            </div>
          }
        />
      </Card>
    </>
  );
}
