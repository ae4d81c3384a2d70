"use client";

import { Layers } from "lucide-react";
import Link from "next/link";
import { useCan } from "@/components/providers/session-provider";
import { Button } from "@/components/ui/button";
import { CreateLink } from "@/components/ui/create-link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { useI18n } from "@/lib/browser/i18n";
import { PayoutLookup } from "./payout-lookup";
import { PayoutRegister } from "./payout-register";
import { RecentLookups } from "./recent-lookups";

/**
 * /payouts: the "look up a payout by id" box first (a viewer's home: support
 * pastes an id while a customer waits), then, for operators, the register of
 * payouts issued from the dashboard and the "New payout" button.
 */
export function PayoutsView() {
  const { t } = useI18n();
  const canCreate = useCan("payouts.create");
  const canSeeRegister = useCan("payouts.register");

  return (
    <>
      <PageHeader
        title={t("nav.payouts")}
        description={canSeeRegister ? t("payouts.description") : t("payouts.descriptionViewer")}
        actions={
          canCreate ? (
            <>
              <Button asChild variant="outline">
                <Link href="/payouts/batch">
                  <Layers aria-hidden="true" />
                  {t("nav.batchPayouts")}
                </Link>
              </Button>
              <CreateLink href="/payouts/new">{t("payouts.new.button")}</CreateLink>
            </>
          ) : null
        }
      />
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>{t("payouts.lookup.title")}</CardTitle>
            <CardDescription>{t("payouts.lookup.description")}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            <PayoutLookup autoFocus />
            <RecentLookups />
          </CardContent>
        </Card>
        {canSeeRegister ? <PayoutRegister /> : null}
      </div>
    </>
  );
}
