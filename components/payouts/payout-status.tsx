"use client";

import { CircleHelp, UserRoundCheck, UserRoundSearch } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { StatusBadge } from "@/components/ui/status-badge";
import { useI18n } from "@/lib/browser/i18n";
import type { RegisterPayout } from "@/lib/shared/schemas/register";

/** "CPF", "E-mail", "Chave aleatória"…; an unknown type from the API is shown as sent. */
export function usePixKeyTypeLabel(): (type: string | null | undefined) => string {
  const { has, t } = useI18n();
  return (type) => {
    if (!type) return t("common.none");
    const key = `pixKey.type.${type}`;
    return has(key) ? t(key) : type;
  };
}

/** A failure's text: our translation of its code when there is one, else the message as the API sent it. */
export function useErrorText(): (error: { code: string; message: string }) => string {
  const { has, t } = useI18n();
  return (error) => {
    const key = `errors.${error.code}`;
    return has(key) ? t(key) : error.message || error.code;
  };
}

/** `review.reason` in plain words; an unknown reason is shown as sent. */
export function useReviewReasonText(): (reason: string) => string {
  const { has, t } = useI18n();
  return (reason) => {
    const key = `payouts.reviewReason.${reason}`;
    return has(key) ? t(key) : t("payouts.reviewReason.other", { reason });
  };
}

/**
 * A register row's state in one badge, each with its own words:
 * - being sent (intent), outcome unknown (uncertain), needs review: the dashboard
 *   does not know whether money moved;
 * - submitted: the API's status once the payout was accepted;
 * - rejected: the API refused it; handled: a person closed it;
 * - any state this version does not know: "unknown" (the raw value in the tooltip).
 */
export function RegisterStatusBadge({
  row,
  className,
}: {
  row: Pick<RegisterPayout, "state" | "status">;
  className?: string;
}) {
  const { t } = useI18n();
  switch (row.state) {
    case "intent":
    case "uncertain":
      return (
        <Badge tone="warning" className={className} data-status={row.state}>
          <CircleHelp aria-hidden="true" />
          {row.state === "intent" ? t("payouts.state.sending") : t("payouts.state.unknown")}
        </Badge>
      );
    case "needs_review":
      return (
        <Badge tone="danger" className={className} data-status={row.state}>
          <UserRoundSearch aria-hidden="true" />
          {t("payouts.state.needsReview")}
        </Badge>
      );
    case "handled":
      return (
        <Badge tone="neutral" className={className} data-status={row.state}>
          <UserRoundCheck aria-hidden="true" />
          {t("payouts.state.handled")}
        </Badge>
      );
    case "rejected":
      return <StatusBadge status="rejected" className={className} />;
    case "submitted":
      return <StatusBadge status={row.status ?? "submitted"} className={className} />;
    default:
      return (
        <span title={row.state} className="inline-flex">
          <StatusBadge status="unknown" className={className} />
        </span>
      );
  }
}
