"use client";

import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { isBffRequestError } from "@/lib/browser/bff-client/errors";
import { useI18n } from "@/lib/browser/i18n";
import { useReviewPayout } from "@/lib/browser/query/payouts";
import type { RegisterPayout } from "@/lib/shared/schemas/register";

/** The check was answered, but the outcome is still unknown (the API gave no definite answer again). */
export function isStillUnknown(error: unknown): boolean {
  return isBffRequestError(error) && error.knownCode === "payout_outcome_unknown";
}

export interface CheckAgainOptions {
  /** A definite answer came back. */
  onConfirmed?: (payout: RegisterPayout) => void;
  /** How a failed check (other than "still unknown") is toasted. */
  failureToast: "warning" | "error";
}

/**
 * "Check again (same key)": re-sends the payout with its idempotency key (it can never be paid twice),
 * toasts the answer and keeps a failure to show.
 */
export function useCheckAgain(idempotencyKey: string, { onConfirmed, failureToast }: CheckAgainOptions) {
  const { t } = useI18n();
  const review = useReviewPayout();
  const [error, setError] = useState<unknown>(null);
  const checkAgain = () => {
    setError(null);
    review.mutate(
      { action: "check_again", idempotency_key: idempotencyKey },
      {
        onSuccess: (payout) => {
          toast.success(t("payouts.needsReview.confirmed"));
          onConfirmed?.(payout);
        },
        onError: (failure) => {
          setError(failure);
          if (isStillUnknown(failure)) toast.warning(t("payouts.needsReview.stillUnknown"));
          else toast[failureToast](t("payouts.needsReview.checkFailed"));
        },
      },
    );
  };
  return { checkAgain, pending: review.isPending, error };
}

export function CheckAgainButton({ onClick, pending }: { onClick: () => void; pending: boolean }) {
  const { t } = useI18n();
  return (
    <Button onClick={onClick} loading={pending}>
      {pending ? null : <RefreshCw aria-hidden="true" />}
      {pending ? t("payouts.unknown.checking") : t("payouts.needsReview.checkAgain")}
    </Button>
  );
}
