"use client";

import { Check } from "lucide-react";
import { cn } from "@/components/ui/cn";
import { useI18n } from "@/lib/browser/i18n";

export const STEPS = ["form", "review", "receipt"] as const;
export type StepName = (typeof STEPS)[number];

/** The new-payout flow's steps, the current one marked for assistive tech. */
export function Stepper({ current }: { current: StepName }) {
  const { t } = useI18n();
  const index = STEPS.indexOf(current);
  return (
    <ol className="flex items-center gap-2 text-sm" aria-label={t("payouts.new.steps")}>
      {STEPS.map((step, i) => {
        const done = i < index;
        const active = i === index;
        return (
          <li key={step} className="flex min-w-0 items-center gap-2" aria-current={active ? "step" : undefined}>
            <span
              className={cn(
                "flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold",
                active ? "bg-primary text-primary-foreground" : done ? "bg-success-soft text-success-soft-foreground" : "bg-muted text-muted-foreground",
              )}
              aria-hidden="true"
            >
              {done ? <Check className="size-3.5" /> : i + 1}
            </span>
            <span className={cn("truncate", active ? "font-medium text-foreground" : "text-muted-foreground", !active && "hidden sm:inline")}>
              {t(`payouts.new.step.${step}`)}
              {done ? <span className="sr-only"> ({t("payouts.new.stepDone")})</span> : null}
            </span>
            {i < STEPS.length - 1 ? <span className="h-px w-6 shrink-0 bg-border sm:w-10" aria-hidden="true" /> : null}
          </li>
        );
      })}
    </ol>
  );
}
