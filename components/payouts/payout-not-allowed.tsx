"use client";

import { ShieldX } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { useI18n } from "@/lib/browser/i18n";

/** /payouts/new opened by someone whose role may not send payouts (viewers). */
export function PayoutNotAllowed() {
  const { t } = useI18n();
  return (
    <>
      <PageHeader title={t("payouts.new.title")} />
      <Card>
        <CardContent className="p-0">
          <EmptyState
            icon={ShieldX}
            headingLevel="h2"
            title={t("payouts.notAllowed.title")}
            description={t("payouts.notAllowed.description")}
            action={
              <Button asChild variant="outline">
                <Link href="/payouts">{t("payouts.notAllowed.action")}</Link>
              </Button>
            }
          />
        </CardContent>
      </Card>
    </>
  );
}
