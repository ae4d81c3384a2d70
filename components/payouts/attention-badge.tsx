"use client";

import { useQuery } from "@tanstack/react-query";
import { useCan } from "@/components/providers/session-provider";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { useI18n } from "@/lib/browser/i18n";
import { payoutAttentionQuery } from "@/lib/browser/query/payouts";

/**
 * The number of payouts waiting for a person, on the navigation's Payouts entry.
 * Only for roles that may see the register (`payouts.register`); for anyone
 * else nothing is requested and nothing is shown. Hidden while the count is 0.
 */
export function PayoutsAttentionBadge({ className }: { className?: string }) {
  const { t } = useI18n();
  const canSee = useCan("payouts.register");
  const { data } = useQuery({ ...payoutAttentionQuery(), enabled: canSee });
  const count = data?.needs_review ?? 0;
  if (!canSee || count === 0) return null;
  const label = t("payouts.attention.badge", { count });
  return (
    <Badge
      tone="danger"
      className={cn("ml-auto tabular-nums", className)}
      title={label}
      data-testid="payouts-attention-badge"
    >
      <span aria-hidden="true">{count > 99 ? "99+" : count}</span>
      <span className="sr-only">, {label}</span>
    </Badge>
  );
}
