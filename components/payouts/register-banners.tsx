"use client";

import { useQuery } from "@tanstack/react-query";
import { CircleHelp, Filter, RefreshCw, UserRoundSearch } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/browser/i18n";
import { payoutAttentionQuery } from "@/lib/browser/query/payouts";

export interface RegisterBannersProps {
  /** Whether the register already shows only the payouts waiting for a person. */
  showingReview: boolean;
  onShowReview: () => void;
  onRefresh: () => void;
  refreshing: boolean;
}

/**
 * Above the register, from the attention counts (all rows, not just the loaded
 * ones): payouts waiting for a person, with a way to filter to them; and
 * payouts the dashboard is still confirming by itself with the same key.
 */
export function RegisterBanners({ showingReview, onShowReview, onRefresh, refreshing }: RegisterBannersProps) {
  const { t } = useI18n();
  const { data } = useQuery(payoutAttentionQuery());
  const needsReview = data?.needs_review ?? 0;
  const inProgress = data?.in_progress ?? 0;

  return (
    <>
      {needsReview > 0 ? (
        <div
          role="status"
          data-testid="register-review-banner"
          className="flex flex-col gap-2 rounded-lg border border-destructive/30 bg-destructive-soft/60 px-4 py-3 text-sm text-destructive-soft-foreground sm:flex-row sm:items-center"
        >
          <UserRoundSearch className="size-5 shrink-0" aria-hidden="true" />
          <p className="flex-1">{t("payouts.register.reviewBanner", { count: needsReview })}</p>
          {showingReview ? null : (
            <Button variant="outline" size="sm" onClick={onShowReview}>
              <Filter aria-hidden="true" />
              {t("payouts.register.showReview")}
            </Button>
          )}
        </div>
      ) : null}

      {inProgress > 0 ? (
        <div
          role="status"
          className="flex flex-col gap-2 rounded-lg border border-warning-soft-foreground/25 bg-warning-soft px-4 py-3 text-sm text-warning-soft-foreground sm:flex-row sm:items-center"
        >
          <CircleHelp className="size-5 shrink-0" aria-hidden="true" />
          <p className="flex-1">{t("payouts.register.unknownBanner", { count: inProgress })}</p>
          <Button variant="outline" size="sm" onClick={onRefresh} loading={refreshing}>
            {refreshing ? null : <RefreshCw aria-hidden="true" />}
            {t("payouts.checkAgain")}
          </Button>
        </div>
      ) : null}
    </>
  );
}
