"use client";

import { ExternalLink } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/browser/i18n";

/** "Open payout": a link to the payout's own page, /payouts/{id}. */
export function OpenPayoutDetail({ id }: { id: string }) {
  const { t } = useI18n();
  return (
    <Button asChild variant="outline">
      <Link href={`/payouts/${encodeURIComponent(id)}`}>
        <ExternalLink aria-hidden="true" />
        {t("payouts.openDetail")}
      </Link>
    </Button>
  );
}
