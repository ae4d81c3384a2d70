"use client";

import { useQuery } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DateTime } from "@/components/ui/date-time";
import { BatchLink } from "@/components/payout-batches/batch-link";
import { DetailList, type DetailItem } from "@/components/ui/detail-list";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Money } from "@/components/ui/money";
import {
  Sheet,
  SheetBody,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { useI18n } from "@/lib/browser/i18n";
import type { MessageKey } from "@/lib/shared/i18n/dictionaries";
import { isBeingResolved, registerEntryQuery } from "@/lib/browser/query/payouts";
import type { RegisterPayout } from "@/lib/shared/schemas/register";
import { LiveIndicator } from "./live-indicator";
import { OpenPayoutDetail } from "./open-payout-detail";
import { PayoutReviewPanel } from "./payout-review-panel";
import { RegisterStatusBadge, useErrorText, usePixKeyTypeLabel } from "./payout-status";

export interface RegisterEntrySheetProps {
  /** The entry's idempotency key (from the URL); null closes the panel. */
  idempotencyKey: string | null;
  /** The row as the register already loaded it, shown at once. */
  initial: RegisterPayout | null;
  onClose: () => void;
}

/**
 * A register entry that has no payout id yet (being sent, outcome unknown) or
 * never will (rejected): what was asked, what is known, the idempotency key and
 * the last request id. It refreshes itself while the outcome is unknown; the
 * dashboard's reconciler re-sends it with the same key in the background.
 */
export function RegisterEntrySheet({ idempotencyKey, initial, onClose }: RegisterEntrySheetProps) {
  const { t } = useI18n();
  return (
    <Sheet open={idempotencyKey !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent>
        {idempotencyKey ? (
          <EntryBody idempotencyKey={idempotencyKey} initial={initial} />
        ) : (
          <>
            <SheetTitle className="sr-only">{t("payouts.entry.title")}</SheetTitle>
            <SheetDescription className="sr-only">{t("payouts.entry.description")}</SheetDescription>
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}

/** The sheet's one-line explanation of a row's state (the review panel says more for a person). */
function explanationKey(state: string): MessageKey | null {
  switch (state) {
    case "intent":
      return "payouts.entry.sendingExplanation";
    case "uncertain":
      return "payouts.entry.unknownExplanation";
    case "needs_review":
      return "payouts.needsReview.title";
    case "rejected":
      return "payouts.entry.rejectedExplanation";
    case "handled":
      return "payouts.handled.explanation";
    default:
      return null;
  }
}

function EntryBody({ idempotencyKey, initial }: { idempotencyKey: string; initial: RegisterPayout | null }) {
  const { t } = useI18n();
  const keyTypeLabel = usePixKeyTypeLabel();
  const errorText = useErrorText();
  const query = useQuery({ ...registerEntryQuery(idempotencyKey), initialData: initial ?? undefined });
  const row = query.data;

  const explanation = !row ? null : explanationKey(row.state);

  const items: DetailItem[] = row
    ? [
        { label: t("payouts.field.status"), value: <RegisterStatusBadge row={row} /> },
        { label: t("payouts.field.amount"), value: <Money centavos={row.amount_centavos} className="font-medium" /> },
        { label: t("payouts.field.key"), value: <span className="font-mono">{row.pix_key_masked}</span> },
        { label: t("payouts.field.keyType"), value: keyTypeLabel(row.pix_key_type) },
        { label: t("payouts.field.createdBy"), value: row.created_by.name },
        { label: t("payouts.field.createdAt"), value: <DateTime value={row.created_at} withZone /> },
        { label: t("payouts.field.updatedAt"), value: <DateTime value={row.updated_at} withZone /> },
        {
          label: t("payouts.field.idempotencyKey"),
          value: row.idempotency_key,
          mono: true,
          copyValue: row.idempotency_key,
          copyLabel: t("payouts.field.idempotencyKey"),
        },
        ...(row.last_request_id
          ? [
              {
                label: t("errors.requestId"),
                value: row.last_request_id,
                mono: true,
                copyValue: row.last_request_id,
                copyLabel: t("errors.requestId"),
              },
            ]
          : []),
        ...(row.last_error
          ? [{ label: t("payouts.field.lastError"), value: `${errorText(row.last_error)} (${row.last_error.code})` }]
          : []),
        ...(row.batch ? [{ label: t("payouts.field.batch"), value: <BatchLink batch={row.batch} /> }] : []),
      ]
    : [];

  return (
    <>
      <SheetHeader>
        <SheetTitle>{t("payouts.entry.title")}</SheetTitle>
        <SheetDescription>{t(explanation ?? "payouts.entry.description")}</SheetDescription>
        {row && isBeingResolved(row) ? <LiveIndicator label={t("payouts.entry.checking")} /> : null}
      </SheetHeader>
      <SheetBody className="grid content-start gap-4">
        {query.isPending ? (
          <div className="grid gap-3" aria-busy="true">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-24 w-full" />
            <span className="sr-only">{t("common.loading")}</span>
          </div>
        ) : null}
        {query.error && !row ? (
          <ErrorPanel error={query.error} onRetry={() => query.refetch()} retrying={query.isRefetching} live="none" />
        ) : null}
        {!query.isPending && !query.error && !row ? (
          <EmptyState
            title={t("payouts.entry.notFoundTitle")}
            description={t("payouts.entry.notFoundDescription")}
            headingLevel="h3"
          />
        ) : null}
        {row ? <PayoutReviewPanel row={row} /> : null}
        {row ? <DetailList items={items} /> : null}
      </SheetBody>
      {row ? (
        <SheetFooter>
          {row.id ? <OpenPayoutDetail id={row.id} /> : null}
          {row.state === "intent" ? (
            <Button onClick={() => query.refetch()} loading={query.isFetching}>
              {query.isFetching ? null : <RefreshCw aria-hidden="true" />}
              {t("payouts.checkAgain")}
            </Button>
          ) : null}
        </SheetFooter>
      ) : null}
    </>
  );
}
