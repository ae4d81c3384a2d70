import type { ReactNode } from "react";
import { cn } from "./cn";

export interface PageHeaderProps {
  /** The page's h1. */
  title: ReactNode;
  description?: ReactNode;
  /** Primary actions, right-aligned on wide screens, below the title on phones. */
  actions?: ReactNode;
  /** Small line above the title (breadcrumb / back link). */
  eyebrow?: ReactNode;
  className?: string;
}

/** Every dashboard page starts with one: exactly one h1 per page. */
export function PageHeader({ title, description, actions, eyebrow, className }: PageHeaderProps) {
  return (
    <div
      data-slot="page-header"
      className={cn("mb-5 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between", className)}
    >
      <div className="min-w-0 space-y-1">
        {eyebrow ? <div className="text-xs text-muted-foreground">{eyebrow}</div> : null}
        <h1 className="text-xl leading-tight font-semibold tracking-tight text-foreground">{title}</h1>
        {/* A div, not a p: a description may hold blocks (badges, placeholders while loading). */}
        {description ? <div className="text-sm text-muted-foreground">{description}</div> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}
