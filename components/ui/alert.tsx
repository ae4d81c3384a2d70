import { CircleCheck, CircleHelp, Info, TriangleAlert, type LucideIcon } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

export type AlertTone = "info" | "warning" | "danger" | "success";

const TONES: Record<AlertTone, { box: string; icon: string; Icon: LucideIcon }> = {
  info: { box: "border-info-soft-foreground/20 bg-info-soft/60", icon: "text-info-soft-foreground", Icon: Info },
  warning: {
    box: "border-warning-soft-foreground/30 bg-warning-soft/70",
    icon: "text-warning-soft-foreground",
    Icon: CircleHelp,
  },
  danger: {
    box: "border-destructive/30 bg-destructive-soft/60",
    icon: "text-destructive-soft-foreground",
    Icon: TriangleAlert,
  },
  success: {
    box: "border-success-soft-foreground/25 bg-success-soft/60",
    icon: "text-success-soft-foreground",
    Icon: CircleCheck,
  },
};

export interface AlertProps extends Omit<ComponentProps<"div">, "title" | "role"> {
  tone: AlertTone;
  title: ReactNode;
  description?: ReactNode;
  /** Overrides the tone's icon. */
  icon?: LucideIcon;
  /**
   * "alert" (default) for a callout that appears after an action and must be announced at once;
   * "status" for news that may wait for a pause; "none" for a callout present when the page loads.
   */
  live?: "alert" | "status" | "none";
  /** Heading level to keep the page outline in order (default h3). */
  headingLevel?: "h2" | "h3" | "h4";
  /** What follows the description: details, ids, actions. */
  children?: ReactNode;
}

/** A callout in a tone: icon, title, description and whatever details or actions it carries. */
export function Alert({
  tone,
  title,
  description,
  icon,
  live = "alert",
  headingLevel: Heading = "h3",
  className,
  children,
  ...props
}: AlertProps) {
  const { box, icon: iconClass, Icon: ToneIcon } = TONES[tone];
  const Icon = icon ?? ToneIcon;
  return (
    <div
      data-slot="alert"
      data-tone={tone}
      role={live === "none" ? undefined : live}
      className={cn("rounded-lg border p-4 text-sm", box, className)}
      {...props}
    >
      <div className="flex gap-3">
        <Icon className={cn("mt-0.5 size-5 shrink-0", iconClass)} aria-hidden="true" />
        <div className="min-w-0 flex-1 space-y-2">
          <Heading className="font-semibold text-foreground">{title}</Heading>
          {description ? <p className="text-foreground/90">{description}</p> : null}
          {children}
        </div>
      </div>
    </div>
  );
}
