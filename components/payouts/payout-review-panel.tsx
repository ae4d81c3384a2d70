"use client";

import { CheckCheck, UserRoundCheck, UserRoundSearch } from "lucide-react";
import { lazyOnDemand, useDialogOpener } from "@/components/ui/lazy-on-demand";
import { useCan } from "@/components/providers/session-provider";
import { Button } from "@/components/ui/button";
import { DateTime } from "@/components/ui/date-time";
import { ErrorPanel } from "@/components/ui/error-panel";
import { useI18n } from "@/lib/browser/i18n";
import type { RegisterPayout } from "@/lib/shared/schemas/register";
import { CheckAgainButton, isStillUnknown, useCheckAgain } from "./check-again";
import { useReviewReasonText } from "./payout-status";

/** The "mark handled" form loads with its first open, not with the payout page. */
const markHandledDialog = lazyOnDemand(() => import("./mark-handled-dialog").then((m) => m.MarkHandledDialog));

/** States a person can resolve from here: sent without an answer, or waiting for a person. */
export function isReviewable(row: Pick<RegisterPayout, "state">): boolean {
  return row.state === "uncertain" || row.state === "needs_review";
}

/**
 * What a person sees and can do for a payout whose outcome the dashboard does
 * not know: in plain words that it cannot know whether money moved and will
 * not guess, why (the review reason), and — for an operator — "Check again
 * (same key)" and "Mark handled". A viewer sees the state, not the actions.
 * A handled payout shows who closed it, when, and the note. One whose key was
 * never sent (`never_sent`) says so instead: nothing moved with it.
 */
export function PayoutReviewPanel({ row }: { row: RegisterPayout }) {
  const { t } = useI18n();
  const canResolve = useCan("payouts.create");
  const reasonText = useReviewReasonText();
  const { checkAgain, pending, error } = useCheckAgain(row.idempotency_key, { failureToast: "error" });
  const dialog = useDialogOpener(markHandledDialog);

  if (row.state === "handled" && row.handled) {
    return (
      <div role="note" className="grid gap-2 rounded-lg border bg-muted/40 p-4 text-sm" data-testid="payout-handled">
        <p className="flex items-start gap-2 font-medium">
          <UserRoundCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t("payouts.handled.explanation")}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
          <dt className="text-muted-foreground">{t("payouts.handled.by")}</dt>
          <dd>{row.handled.by}</dd>
          <dt className="text-muted-foreground">{t("payouts.handled.at")}</dt>
          <dd>
            <DateTime value={row.handled.at} withZone />
          </dd>
          <dt className="text-muted-foreground">{t("payouts.handled.note")}</dt>
          <dd className="break-words whitespace-pre-wrap">{row.handled.note}</dd>
        </dl>
      </div>
    );
  }
  if (!isReviewable(row)) return null;

  const stillUnknown = isStillUnknown(error);

  return (
    <div className="grid gap-3" data-testid="payout-review-panel">
      {row.state === "needs_review" ? (
        <div
          role="note"
          className="grid gap-2 rounded-lg border border-destructive/30 bg-destructive-soft/60 p-4 text-sm"
        >
          <h3 className="flex items-start gap-2 font-semibold">
            <UserRoundSearch className="mt-0.5 size-4 shrink-0 text-destructive-soft-foreground" aria-hidden="true" />
            {row.never_sent ? t("payouts.needsReview.neverSentTitle") : t("payouts.needsReview.title")}
          </h3>
          <p className="text-foreground/90">
            {row.never_sent ? t("payouts.needsReview.neverSentExplanation") : t("payouts.needsReview.explanation")}
          </p>
          {row.review ? (
            <>
              <p data-testid="review-reason">
                {t("payouts.needsReview.reason", { reason: reasonText(row.review.reason) })}
              </p>
              <p className="text-xs text-muted-foreground">
                {t("payouts.needsReview.since")}: <DateTime value={row.review.since} withZone />
              </p>
            </>
          ) : null}
        </div>
      ) : null}

      {error ? (
        <ErrorPanel
          error={error}
          headingLevel="h3"
          title={stillUnknown ? t("payouts.needsReview.stillUnknown") : t("payouts.needsReview.checkFailed")}
        />
      ) : null}

      {canResolve ? (
        <div className="flex flex-wrap gap-2">
          <CheckAgainButton onClick={checkAgain} pending={pending} />
          <Button {...dialog.triggerProps} variant="outline" disabled={pending}>
            <CheckCheck aria-hidden="true" />
            {t("payouts.needsReview.markHandled")}
          </Button>
          {dialog.mounted ? (
            <markHandledDialog.Component
              idempotencyKey={row.idempotency_key}
              open={dialog.open}
              onOpenChange={dialog.setOpen}
              opener={dialog.opener}
            />
          ) : null}
        </div>
      ) : (
        <p className="text-xs text-muted-foreground">{t("payouts.needsReview.viewerNote")}</p>
      )}
    </div>
  );
}
