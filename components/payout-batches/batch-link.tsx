"use client";

import { Layers } from "lucide-react";
import Link from "next/link";
import { useI18n } from "@/lib/browser/i18n";

/** A payout sent as a row of a batch links back to the batch's page ("Lote · linha 7"). */
export function BatchLink({ batch }: { batch: { id: string; row_number: number } }) {
  const { t } = useI18n();
  return (
    <Link
      href={`/payouts/batch/${encodeURIComponent(batch.id)}`}
      className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
    >
      <Layers className="size-3.5" aria-hidden="true" />
      {t("batches.link", { row: batch.row_number })}
    </Link>
  );
}
