"use client";

import { Plus } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { isBffRequestError } from "@/lib/browser/bff-client/errors";
import { useI18n } from "@/lib/browser/i18n";
import type { PayoutInput } from "@/lib/shared/schemas/payout";
import { PayoutSummaryCard } from "./payout-review";

/**
 * 409 idempotency_conflict: this flow's key was already used for a different
 * payout, so nothing was sent. Or (`handled`) 409 payout_handled: a person
 * already closed this key's payout, so this key sends nothing any more.
 * Explains it and offers a new payout (new key, the typed values kept for review).
 */
export function PayoutConflict({
  input,
  error,
  handled = false,
  onStartNew,
}: {
  input: PayoutInput;
  error: unknown;
  handled?: boolean;
  onStartNew: () => void;
}) {
  const { t } = useI18n();
  const requestId = isBffRequestError(error) ? error.requestId : null;
  return (
    <div className="grid gap-5">
      <Alert
        tone="danger"
        title={handled ? t("payouts.closed.title") : t("payouts.conflict.title")}
        description={handled ? t("payouts.closed.description") : t("payouts.conflict.description")}
      >
        {requestId ? (
          <div className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
            <span>{t("errors.requestId")}:</span>
            <code className="rounded bg-card px-1.5 py-0.5 font-mono break-all text-foreground">{requestId}</code>
            <CopyButton value={requestId} label={t("errors.requestId")} className="-my-1" />
          </div>
        ) : null}
        <div className="pt-1">
          <Button size="sm" onClick={onStartNew}>
            <Plus aria-hidden="true" />
            {t("payouts.conflict.startNew")}
          </Button>
        </div>
      </Alert>
      <PayoutSummaryCard title={t("payouts.conflict.yourPayout")} input={input} />
    </div>
  );
}
