"use client";

import { CircleHelp } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { StatusBadge } from "@/components/ui/status-badge";
import { useI18n } from "@/lib/i18n/client";
import { hasMessage } from "@/lib/i18n/translate";
import { isOutcomeUnknown } from "@/lib/query/payouts";
import type { RegisterPayout } from "@/lib/schemas/register";

/** "CPF", "E-mail", "Chave aleatória"…; an unknown type from the API is shown as sent. */
export function usePixKeyTypeLabel(): (type: string | null | undefined) => string {
  const { t, locale } = useI18n();
  return (type) => {
    if (!type) return t("common.none");
    const key = `pixKey.type.${type}`;
    return hasMessage(key, locale) ? t(key) : type;
  };
}

/** A failure's text: our translation of its code when there is one, else the message as the API sent it. */
export function useErrorText(): (error: { code: string; message: string }) => string {
  const { t, locale } = useI18n();
  return (error) => {
    const key = `errors.${error.code}`;
    return hasMessage(key, locale) ? t(key) : error.message || error.code;
  };
}

/**
 * A register row's status in one badge: the API's status once the payout was
 * accepted; "outcome unknown" while the dashboard has no answer (being sent, or
 * sent and no reply); "rejected" when the API refused it.
 */
export function RegisterStatusBadge({ row, className }: { row: Pick<RegisterPayout, "state" | "status">; className?: string }) {
  const { t } = useI18n();
  if (isOutcomeUnknown(row)) {
    return (
      <Badge tone="warning" className={className} data-status={row.state}>
        <CircleHelp aria-hidden="true" />
        {row.state === "intent" ? t("payouts.state.sending") : t("payouts.state.unknown")}
      </Badge>
    );
  }
  if (row.state === "rejected") return <StatusBadge status="rejected" className={className} />;
  return <StatusBadge status={row.status ?? row.state} className={className} />;
}
