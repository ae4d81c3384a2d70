import { ArrowRight } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";

export interface OverviewSectionProps {
  id: string;
  title: ReactNode;
  description?: ReactNode;
  /** The section's page. */
  href: string;
  linkLabel: ReactNode;
  children: ReactNode;
  className?: string;
  /** Render the children without the card's padding (lists that run edge to edge). */
  flush?: boolean;
}

/** One overview card: an h2, a line of context, a link to its page, and its content. */
export function OverviewSection({
  id,
  title,
  description,
  href,
  linkLabel,
  children,
  className,
  flush = false,
}: OverviewSectionProps) {
  return (
    <Card className={cn("flex flex-col", className)} aria-labelledby={id} role="region">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0 flex-1 basis-56 space-y-1">
          <CardTitle id={id}>{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        <Link
          href={href}
          className="inline-flex shrink-0 items-center gap-1 rounded text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {linkLabel}
          <ArrowRight className="size-3.5" aria-hidden="true" />
        </Link>
      </CardHeader>
      <CardContent className={cn("flex-1", flush && "px-0 pb-2")}>{children}</CardContent>
    </Card>
  );
}
