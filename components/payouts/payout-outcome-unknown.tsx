"use client";

import { Lock, RefreshCw } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { isBffRequestError } from "@/lib/browser/bff-client/errors";
import { useI18n } from "@/lib/browser/i18n";
import type { PayoutInput } from "@/lib/shared/schemas/payout";
import { PayoutSummaryCard } from "./payout-review";

export interface PayoutOutcomeUnknownProps {
  input: PayoutInput;
  error: unknown;
  /** The key the request was sent with (the same one "check again" re-sends). */
  idempotencyKey: string;
  checking: boolean;
  onCheckAgain: () => void;
}

function IdRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
      <span className="text-muted-foreground">{label}:</span>
      <span className="inline-flex min-w-0 items-center gap-0.5">
        <code className="rounded bg-card px-1.5 py-0.5 font-mono text-[0.75rem] break-all text-foreground">
          {value}
        </code>
        <CopyButton value={value} label={label} className="-my-1 shrink-0" />
      </span>
    </div>
  );
}

/**
 * The payout was sent but no answer came back (timeout, network, 5xx): it may
 * or may not exist. Shows the request id and the idempotency key, keeps the
 * form locked (editing could reuse the key for a different payout), and offers
 * "Check again", which re-sends the same request with the same key: the BFF and
 * the API replay it, so it can never be paid twice.
 */
export function PayoutOutcomeUnknown({
  input,
  error,
  idempotencyKey,
  checking,
  onCheckAgain,
}: PayoutOutcomeUnknownProps) {
  const { has, t } = useI18n();
  const bff = isBffRequestError(error) ? error : null;
  // What went wrong underneath: the BFF names it in details.cause for payout_outcome_unknown.
  const causeCode = bff
    ? bff.knownCode === "payout_outcome_unknown"
      ? typeof bff.details.cause === "string"
        ? bff.details.cause
        : null
      : bff.code
    : null;
  const causeKey = causeCode ? `errors.${causeCode}` : null;
  const cause = causeKey && has(causeKey) ? t(causeKey) : null;
  // The BFF says when the payout now waits for a person (it will not re-send it by itself any more).
  const waitsForPerson = bff?.details.state === "needs_review";

  return (
    <div className="grid gap-5">
      <Alert
        tone="warning"
        title={t("payouts.unknown.title")}
        description={t("payouts.unknown.description")}
        data-testid="outcome-unknown"
      >
        {waitsForPerson ? <p className="font-medium text-foreground">{t("payouts.unknown.reviewNote")}</p> : null}
        {cause ? <p className="text-xs text-muted-foreground">{t("payouts.unknown.cause", { cause })}</p> : null}
        <div className="grid gap-1.5 pt-1">
          {bff?.requestId ? <IdRow label={t("errors.requestId")} value={bff.requestId} /> : null}
          <IdRow label={t("payouts.field.idempotencyKey")} value={idempotencyKey} />
        </div>
      </Alert>

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-2 text-xs text-muted-foreground">
          <Lock className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          <span>{t("payouts.unknown.locked")}</span>
        </p>
        <Button size="lg" onClick={onCheckAgain} loading={checking} className="shrink-0">
          {checking ? null : <RefreshCw aria-hidden="true" />}
          {checking ? t("payouts.unknown.checking") : t("payouts.checkAgain")}
        </Button>
      </div>

      <PayoutSummaryCard title={t("payouts.unknown.whatWasSent")} input={input} sent />

      <p className="text-xs text-muted-foreground">
        {waitsForPerson ? null : <>{t("payouts.unknown.leaveHint")} </>}
        <Link href="/payouts" className="font-medium text-primary underline-offset-4 hover:underline">
          {t("payouts.register.title")}
        </Link>
      </p>
    </div>
  );
}
