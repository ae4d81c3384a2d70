"use client";

import type { LucideIcon } from "lucide-react";
import { AlarmClock, Hourglass, Scale, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { Skeleton } from "@/components/ui/skeleton";
import { useI18n } from "@/lib/browser/i18n";
import type { Summary } from "./chargeback-model";

type Tone = "default" | "warning" | "danger" | "info";

const toneClass: Record<Tone, string> = {
  default: "text-muted-foreground",
  warning: "text-warning-soft-foreground",
  danger: "text-destructive-soft-foreground",
  info: "text-info-soft-foreground",
};

interface TileProps {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon: LucideIcon;
  tone: Tone;
  active: boolean;
  loading: boolean;
  onClick: () => void;
  testId: string;
}

/** A number that is also a shortcut: pressing it filters the list to what it counts. */
function Tile({ label, value, hint, icon: Icon, tone, active, loading, onClick, testId }: TileProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={active}
      disabled={loading}
      data-testid={testId}
      className={cn(
        "flex min-w-0 flex-col rounded-lg border bg-card p-3 text-left shadow-xs transition-colors hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:p-4",
        active && "border-ring ring-2 ring-ring/30",
      )}
    >
      <span className="flex items-center justify-between gap-2">
        <span className="text-xs font-medium text-muted-foreground">{label}</span>
        <Icon className={cn("size-4 shrink-0", toneClass[tone])} aria-hidden="true" />
      </span>
      <span
        data-slot="tile-value"
        className="mt-2 text-xl leading-none font-semibold tracking-tight tabular-nums sm:text-2xl"
      >
        {loading ? <Skeleton className="h-7 w-20" /> : value}
      </span>
      {hint ? (
        <span className={cn("mt-2 text-xs", tone === "default" ? "text-muted-foreground" : toneClass[tone])}>
          {loading ? null : hint}
        </span>
      ) : null}
    </button>
  );
}

export interface SummaryTilesProps {
  summary: Summary | null;
  /** Which shortcut matches the current filters. */
  active: "action" | "due24h" | "review" | "open" | null;
  onSelect: (tile: "action" | "due24h" | "review" | "open") => void;
}

/** Needs action, due in 24 h, under review and the amount still in dispute. */
export function SummaryTiles({ summary, active, onSelect }: SummaryTilesProps) {
  const { t, formatMoney, formatNumber } = useI18n();
  const loading = summary === null;
  const s = summary;
  const urgent = s ? s.overdue + s.due24h : 0;
  return (
    <section
      aria-label={t("chargebacks.summary.label")}
      className="mb-4 grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4"
    >
      <Tile
        testId="tile-needs-action"
        label={t("chargebacks.summary.needsAction")}
        value={formatNumber(s?.needsAction ?? 0)}
        hint={s ? t("chargebacks.summary.needsActionHint") : null}
        icon={TriangleAlert}
        tone={s && s.needsAction > 0 ? "warning" : "default"}
        active={active === "action"}
        loading={loading}
        onClick={() => onSelect("action")}
      />
      <Tile
        testId="tile-due-24h"
        label={t("chargebacks.summary.due24h")}
        value={formatNumber(urgent)}
        hint={
          s
            ? s.overdue > 0
              ? t("chargebacks.summary.overdue", { count: s.overdue })
              : t("chargebacks.summary.noneOverdue")
            : null
        }
        icon={AlarmClock}
        tone={urgent > 0 ? "danger" : "default"}
        active={active === "due24h"}
        loading={loading}
        onClick={() => onSelect("due24h")}
      />
      <Tile
        testId="tile-under-review"
        label={t("chargebacks.summary.underReview")}
        value={formatNumber(s?.underReview ?? 0)}
        hint={s ? t("chargebacks.summary.underReviewHint") : null}
        icon={Hourglass}
        tone="info"
        active={active === "review"}
        loading={loading}
        onClick={() => onSelect("review")}
      />
      <Tile
        testId="tile-open-amount"
        label={t("chargebacks.summary.openAmount")}
        value={formatMoney(s?.openAmount ?? 0)}
        hint={s ? t("chargebacks.summary.openHint", { count: s.open }) : null}
        icon={Scale}
        tone="default"
        active={active === "open"}
        loading={loading}
        onClick={() => onSelect("open")}
      />
    </section>
  );
}
