"use client";

import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { MessageKey } from "@/lib/shared/i18n/dictionaries";
import { useI18n } from "@/lib/browser/i18n";
import type { LinkState } from "./link-model";

export const LINK_STATE_LABELS: Readonly<Record<LinkState, MessageKey>> = {
  active: "paymentLinks.state.active",
  scheduled: "paymentLinks.state.scheduled",
  sold_out: "paymentLinks.state.sold_out",
  expired: "paymentLinks.state.expired",
  disabled: "paymentLinks.state.disabled",
  other: "paymentLinks.state.other",
};

const LINK_STATE_TONES: Readonly<Record<LinkState, BadgeTone>> = {
  active: "success",
  scheduled: "info",
  sold_out: "warning",
  expired: "neutral",
  disabled: "neutral",
  other: "outline",
};

/** The link's derived state (what a payer would see now), as text and colour. */
export function LinkStateBadge({ state, className }: { state: LinkState; className?: string }) {
  const { t } = useI18n();
  return (
    <Badge tone={LINK_STATE_TONES[state]} className={className} data-link-state={state}>
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current opacity-80" />
      {t(LINK_STATE_LABELS[state])}
    </Badge>
  );
}

/**
 * The API's own status word, raw, as the detail under the link's state ("API status: pending"): support
 * can match it with the API, and it never reads as a second state beside the badge.
 */
export function LinkApiStatus({ status, className }: { status: string; className?: string }) {
  const { t } = useI18n();
  return (
    <span className={className} data-link-api-status={status}>
      {t("paymentLinks.field.status")}: <code className="font-mono">{status}</code>
    </span>
  );
}
