"use client";

import { useQuery } from "@tanstack/react-query";
import { ExternalLink, Plus } from "lucide-react";
import Link from "next/link";
import { useEffect, useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Money } from "@/components/ui/money";
import { Skeleton } from "@/components/ui/skeleton";
import { useI18n } from "@/lib/browser/i18n";
import { isOutcomeUnknown, registerEntryQuery } from "@/lib/browser/query/payouts";
import type { RegisterPayout } from "@/lib/shared/schemas/register";
import { CheckAgainButton, useCheckAgain } from "./check-again";
import { registerEntryHref } from "./register-filters";
import { RegisterStatusBadge } from "./payout-status";

export interface EarlierPayoutGateProps {
  /** The idempotency key this tab kept from an earlier visit (or this one), if any. */
  storedKey: string | null;
  /** "Check again" brought a definite answer: show the receipt. */
  onResolved: (payout: RegisterPayout, idempotencyKey: string) => void;
  /** The kept key's payout is resolved for good (or the operator chose a new payout after it was sent): forget the key. */
  onForget: () => void;
  /** The form, shown when there is nothing to offer. */
  children: ReactNode;
}

/** A payout worth offering: its outcome is unknown, or it was sent (and its receipt never shown here). */
function isOffered(row: RegisterPayout): boolean {
  return isOutcomeUnknown(row) || row.state === "submitted";
}

/**
 * When the operator comes back to /payouts/new and the tab kept a key whose
 * payout is not resolved (or was sent), offer that payout — view it, or check
 * again with the same key — instead of silently starting a new one. A key whose
 * payout a person closed as handled is forgotten (that key can never be sent again).
 */
export function EarlierPayoutGate({ storedKey, onResolved, onForget, children }: EarlierPayoutGateProps) {
  const [dismissedKey, setDismissedKey] = useState<string | null>(null);
  const active = storedKey !== null && dismissedKey !== storedKey;
  const query = useQuery({ ...registerEntryQuery(storedKey ?? ""), enabled: active });
  const row = active ? query.data : undefined;
  const handled = row?.state === "handled";

  useEffect(() => {
    if (handled) onForget();
  }, [handled, onForget]);

  if (!active || query.isError) return children;
  if (query.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (!row || !isOffered(row)) return children;
  return (
    <EarlierPayoutOffer
      row={row}
      onResolved={onResolved}
      onDismiss={() => {
        // A sent payout is resolved: the next one is a new operation. An unknown one keeps its key bound to its contents.
        if (row.state === "submitted") onForget();
        setDismissedKey(row.idempotency_key);
      }}
    />
  );
}

function EarlierPayoutOffer({
  row,
  onResolved,
  onDismiss,
}: {
  row: RegisterPayout;
  onResolved: EarlierPayoutGateProps["onResolved"];
  onDismiss: () => void;
}) {
  const { t } = useI18n();
  const { checkAgain, pending, error } = useCheckAgain(row.idempotency_key, {
    onConfirmed: (payout) => onResolved(payout, row.idempotency_key),
    failureToast: "warning",
  });
  const unknown = isOutcomeUnknown(row);

  return (
    <div className="grid gap-4" data-testid="earlier-payout">
      <Alert
        tone="warning"
        title={unknown ? t("payouts.earlier.titleUnknown") : t("payouts.earlier.titleSubmitted")}
        description={unknown ? t("payouts.earlier.descriptionUnknown") : t("payouts.earlier.descriptionSubmitted")}
      >
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Money centavos={row.amount_centavos} className="font-semibold" />
          <span className="font-mono text-xs">{row.pix_key_masked}</span>
          <RegisterStatusBadge row={row} />
        </p>
        <p className="text-xs text-muted-foreground">
          {t("payouts.field.idempotencyKey")}:{" "}
          <code className="font-mono break-all text-foreground">{row.idempotency_key}</code>
        </p>
      </Alert>

      {error ? <ErrorPanel error={error} headingLevel="h3" title={t("payouts.needsReview.checkFailed")} /> : null}

      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button asChild variant={unknown ? "outline" : "default"}>
          <Link href={registerEntryHref(row)}>
            <ExternalLink aria-hidden="true" />
            {t("payouts.earlier.view")}
          </Link>
        </Button>
        {unknown ? <CheckAgainButton onClick={checkAgain} pending={pending} /> : null}
        <Button variant="ghost" onClick={onDismiss} disabled={pending}>
          <Plus aria-hidden="true" />
          {unknown ? t("payouts.earlier.startOther") : t("payouts.new.button")}
        </Button>
      </div>
    </div>
  );
}
