import type { LucideIcon } from "lucide-react";
import { isValidElement, type CSSProperties, type ReactNode } from "react";
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

/** A value's text, through the elements that wrap it (a test id's span); undefined when it is not only text. */
function valueText(node: ReactNode): string | undefined {
  if (typeof node === "string" || typeof node === "number" || typeof node === "bigint") return String(node);
  if (Array.isArray(node)) {
    const parts = (node as readonly ReactNode[]).map(valueText);
    return parts.every((part) => part !== undefined) ? parts.join("") : undefined;
  }
  if (isValidElement<{ children?: ReactNode }>(node)) return valueText(node.props.children);
  return undefined;
}

/**
 * The longest run of a value that cannot wrap: an amount is one (Intl puts a no-break space after "R$"), a phrase
 * wraps between its words. Undefined when the value is not text.
 */
export function longestUnbreakable(node: ReactNode): number | undefined {
  const text = valueText(node);
  if (text === undefined) return undefined;
  return Math.max(0, ...text.split(/[ \t\n]+/).map((word) => word.length));
}

/**
 * The value's font size: 1.5rem, or less when its longest unbreakable run would not fit the card's width
 * (`100cqi`, the card is an inline-size container). 0.7em per character is a wide bold face's digit (DejaVu Sans
 * Bold: 0.70em), so a large amount (R$ 186.852.248,30) stays whole in a quarter of a 1280 px page instead of
 * running into the next card.
 */
function fitStyle(length: number | undefined): CSSProperties | undefined {
  return length ? ({ "--stat-chars": length } as CSSProperties) : undefined;
}

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
      className={cn("@container rounded-lg border bg-card p-4 shadow-xs", className)}
      aria-busy={loading || undefined}
    >
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs font-medium text-muted-foreground">{label}</p>
        {Icon ? <Icon className={cn("size-4", toneClass[tone])} aria-hidden="true" /> : null}
      </div>
      <div
        className="mt-2 text-[length:min(1.5rem,100cqi/(var(--stat-chars,1)*0.7))] leading-none font-semibold tracking-tight tabular-nums"
        style={fitStyle(loading ? undefined : longestUnbreakable(value))}
        data-stat-value=""
        elementtiming={timing}
      >
        {loading ? <Skeleton className="h-7 w-28" /> : value}
      </div>
      {hint ? (
        <p className={cn("mt-2 text-xs", tone === "default" ? "text-muted-foreground" : toneClass[tone])}>{hint}</p>
      ) : null}
    </div>
  );
}
