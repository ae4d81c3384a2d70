"use client";

import { AlarmClock, CalendarClock, Clock, Hourglass, OctagonAlert, type LucideIcon } from "lucide-react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import type { I18nContextValue } from "@/lib/shared/i18n/formatters";
import { useI18n } from "@/lib/browser/i18n";
import type { Chargeback } from "@/lib/shared/schemas/chargeback";
import { durationParts, isPast, urgencyOf, type Urgency } from "@/lib/shared/chargebacks/deadline";
import { isoToMs } from "@/lib/shared/format/date";

/** "2 d 4 h", "5 h 12 min", "45 min": time left (or past) to a deadline, precise enough to act on. */
export function formatDuration(ms: number): string {
  const { days, hours, minutes } = durationParts(ms);
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  return minutes > 0 ? `${minutes} min` : "< 1 min";
}

/** "22/11 18:00 (BRT)": short date and time in the operator's zone, the zone always named; the year only when it is not this year's. */
export function formatDeadlineDate(
  iso: string | null | undefined,
  i18n: Pick<I18nContextValue, "formatDateTime" | "timeZoneName" | "timeZone">,
  now: number,
): string {
  const ms = isoToMs(iso);
  if (ms === null) return "";
  const sameYear = new Date(ms).getUTCFullYear() === new Date(now).getUTCFullYear();
  const text = i18n.formatDateTime(ms, {
    day: "2-digit",
    month: "2-digit",
    year: sameYear ? undefined : "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
  return `${text.replace(", ", " ")} (${i18n.timeZoneName(ms)})`;
}

const TONES: Record<Urgency, BadgeTone> = {
  overdue: "danger",
  due24h: "danger",
  due72h: "warning",
  later: "neutral",
  waiting: "info",
  closed: "neutral",
  none: "neutral",
};

const ICONS: Record<Urgency, LucideIcon> = {
  overdue: OctagonAlert,
  due24h: AlarmClock,
  due72h: Clock,
  later: CalendarClock,
  waiting: Hourglass,
  closed: CalendarClock,
  none: CalendarClock,
};

/** The countdown text for a chargeback's response deadline ("Vence em 5 h 12 min"), or null when there is none to count. */
export function countdownText(cb: Chargeback, now: number, t: I18nContextValue["t"]): string | null {
  const urgency = urgencyOf(cb, now);
  const deadline = isoToMs(cb.respond_by);
  if (deadline === null || urgency === "closed" || urgency === "none") return null;
  const time = formatDuration(deadline - now);
  if (urgency === "waiting")
    return isPast(deadline - now)
      ? t("chargebacks.deadline.waitingPast", { time })
      : t("chargebacks.deadline.waiting", { time });
  return urgency === "overdue" ? t("chargebacks.deadline.overdue", { time }) : t("chargebacks.deadline.due", { time });
}

/**
 * The response deadline of one chargeback: a countdown badge coloured by
 * urgency, with an icon and a screen-reader tier ("Urgente: menos de 24 h"),
 * then the date in the operator's zone with the zone named.
 */
export function DeadlineCell({
  chargeback,
  now,
  className,
}: {
  chargeback: Chargeback;
  now: number;
  className?: string;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const urgency = urgencyOf(chargeback, now);
  const date = formatDeadlineDate(chargeback.respond_by, i18n, now);
  if (!date) return <span className="text-muted-foreground">{t("common.none")}</span>;
  const countdown = countdownText(chargeback, now, t);
  const Icon = ICONS[urgency];
  return (
    <span
      className={cn("inline-flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1", className)}
      data-urgency={urgency}
    >
      {countdown ? (
        <Badge tone={TONES[urgency]} title={t(`chargebacks.urgency.${urgency}`)}>
          <Icon aria-hidden="true" />
          <span className="sr-only">{t(`chargebacks.urgency.${urgency}`)}: </span>
          {countdown}
        </Badge>
      ) : null}
      <time
        dateTime={new Date(isoToMs(chargeback.respond_by) ?? 0).toISOString()}
        className={cn(
          "tabular-nums whitespace-nowrap",
          urgency === "closed" ? "text-muted-foreground" : "text-foreground",
        )}
      >
        {date}
      </time>
    </span>
  );
}

/** The big deadline block at the top of the drawer: what is due, when, and what to do. */
export function DeadlinePanel({ chargeback, now }: { chargeback: Chargeback; now: number }) {
  const i18n = useI18n();
  const { t, formatDateTime } = i18n;
  const urgency = urgencyOf(chargeback, now);
  const deadline = isoToMs(chargeback.respond_by);
  if (deadline === null || urgency === "none") return null;
  const countdown = countdownText(chargeback, now, t);
  const Icon = ICONS[urgency];
  const tone =
    urgency === "overdue" || urgency === "due24h"
      ? "border-destructive/40 bg-destructive-soft text-destructive-soft-foreground"
      : urgency === "due72h"
        ? "border-transparent bg-warning-soft text-warning-soft-foreground"
        : urgency === "waiting"
          ? "border-transparent bg-info-soft text-info-soft-foreground"
          : "border-border bg-muted text-foreground";
  const advice =
    urgency === "closed"
      ? t("chargebacks.sheet.closedAdvice")
      : urgency === "waiting"
        ? t("chargebacks.sheet.waitingAdvice")
        : urgency === "overdue"
          ? t("chargebacks.sheet.overdueAdvice")
          : t("chargebacks.sheet.actionAdvice");
  return (
    <div className={cn("flex gap-3 rounded-lg border p-3 text-sm", tone)} data-urgency={urgency}>
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 space-y-1">
        <p className="font-semibold">
          {countdown ?? t("chargebacks.sheet.closedDeadline")}
          <span className="sr-only"> ({t(`chargebacks.urgency.${urgency}`)})</span>
        </p>
        <p>
          {t("chargebacks.sheet.respondBy", {
            date: formatDateTime(deadline, {
              weekday: "short",
              day: "2-digit",
              month: "short",
              year: "numeric",
              hour: "2-digit",
              minute: "2-digit",
              withZone: true,
            }),
          })}
        </p>
        <p className="text-xs opacity-90">{advice}</p>
      </div>
    </div>
  );
}
