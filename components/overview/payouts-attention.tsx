"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowRight, UserRoundSearch } from "lucide-react";
import Link from "next/link";
import { NEEDS_REVIEW_HREF } from "@/components/payouts/register-filters";
import { useCan } from "@/components/providers/session-provider";
import { ErrorPanel } from "@/components/ui/error-panel";
import { useI18n } from "@/lib/browser/i18n";
import { payoutAttentionQuery } from "@/lib/browser/query/payouts";

/**
 * On the overview, above everything else: how many payouts wait for a person
 * (the dashboard does not know whether their money moved), with a link to the
 * register filtered to them. Nothing while there are none; nothing (and no
 * request) for a role that may not see the register.
 */
export function PayoutsAttention() {
  const { t } = useI18n();
  const canSee = useCan("payouts.register");
  const query = useQuery({ ...payoutAttentionQuery(), enabled: canSee });
  if (!canSee) return null;
  if (query.error && !query.data) {
    return (
      <ErrorPanel
        error={query.error}
        title={t("payouts.attention.failed")}
        onRetry={() => query.refetch()}
        retrying={query.isRefetching}
        live="none"
      />
    );
  }
  const needsReview = query.data?.needs_review ?? 0;
  if (needsReview === 0) return null;
  const inProgress = query.data?.in_progress ?? 0;

  return (
    <section
      aria-labelledby="payouts-attention-title"
      data-testid="overview-payouts-attention"
      className="flex flex-col gap-3 rounded-lg border border-destructive/30 bg-destructive-soft/60 p-4 text-sm sm:flex-row sm:items-start"
    >
      <UserRoundSearch className="size-6 shrink-0 text-destructive-soft-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-1">
        <h2 id="payouts-attention-title" className="text-base leading-tight font-semibold">
          {t("payouts.attention.title")}
        </h2>
        <p className="font-medium" data-testid="overview-needs-review-count">
          {t("payouts.attention.count", { count: needsReview })}
        </p>
        <p className="text-foreground/90">{t("payouts.attention.description")}</p>
        {inProgress > 0 ? (
          <p className="text-xs text-muted-foreground">{t("payouts.attention.inProgress", { count: inProgress })}</p>
        ) : null}
      </div>
      <Link
        href={NEEDS_REVIEW_HREF}
        className="inline-flex shrink-0 items-center gap-1 self-start rounded text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      >
        {t("payouts.attention.link")}
        <ArrowRight className="size-3.5" aria-hidden="true" />
      </Link>
    </section>
  );
}
