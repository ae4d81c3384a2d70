import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "./cn";
import { Skeleton } from "./skeleton";

export interface StatCardProps {
  label: ReactNode;
  /** Already formatted (formatMoney / formatNumber). */
  value: ReactNode;
  /** Secondary line: comparison, period, count. */
  hint?: ReactNode;
  icon?: LucideIcon;
  loading?: boolean;
  tone?: "default" | "success" | "warning" | "danger";
  className?: string;
  /** An Element Timing name for the value (`elementtiming`): when it was first painted, for the benchmarks. */
  timing?: string;
}

const toneClass: Record<NonNullable<StatCardProps["tone"]>, string> = {
  default: "text-muted-foreground",
  success: "text-success-soft-foreground",
  warning: "text-warning-soft-foreground",
  danger: "text-destructive-soft-foreground",
};

/** A single number with its label, for overview grids. Uses a <dl>-free layout so it composes anywhere. */
export function StatCard({
  label,
  value,
  hint,
  icon: Icon,
  loading = false,
  tone = "default",
  className,
  timing,
}: StatCardProps) {
  return (
    <div
      data-slot="stat-card"
      className={cn("rounded-lg border bg-card p-4 shadow-xs", className)}
      aria-busy={loading || undefined}
    >
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs font-medium text-muted-foreground">{label}</p>
        {Icon ? <Icon className={cn("size-4", toneClass[tone])} aria-hidden="true" /> : null}
      </div>
      <div className="mt-2 text-2xl leading-none font-semibold tracking-tight tabular-nums" elementtiming={timing}>
        {loading ? <Skeleton className="h-7 w-28" /> : value}
      </div>
      {hint ? (
        <p className={cn("mt-2 text-xs", tone === "default" ? "text-muted-foreground" : toneClass[tone])}>{hint}</p>
      ) : null}
    </div>
  );
}
