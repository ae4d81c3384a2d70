"use client";

import { useI18n } from "@/lib/browser/i18n";
import { Badge, type BadgeTone } from "./badge";

/**
 * Tones for every status the dashboard knows (payouts, payment links,
 * chargebacks, payout intents, subaccounts). Unknown statuses from the API are
 * shown as they came, in a neutral badge, never hidden.
 */
export const STATUS_TONES: Readonly<Record<string, BadgeTone>> = {
  paid: "success",
  active: "success",
  won: "success",
  submitted: "info",
  pending: "warning",
  intent: "warning",
  needs_response: "warning",
  under_review: "info",
  uncertain: "warning",
  failed: "danger",
  rejected: "danger",
  lost: "danger",
  blocked: "danger",
  expired: "neutral",
  sold_out: "neutral",
  disabled: "neutral",
  accepted: "neutral",
  refunded: "neutral",
  awaiting_confirmation: "warning",
  sending: "info",
  sent: "info",
  paused: "warning",
  completed: "success",
  cancelled: "neutral",
};

export function StatusBadge({ status, className }: { status: string | null | undefined; className?: string }) {
  const { has, t } = useI18n();
  const value = status ?? "unknown";
  const key = `status.${value}`;
  const label = has(key) ? t(key) : value;
  return (
    <Badge tone={STATUS_TONES[value] ?? "neutral"} className={className} data-status={value}>
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current opacity-80" />
      {label}
    </Badge>
  );
}
