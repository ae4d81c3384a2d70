"use client";

import { Check } from "lucide-react";
import { cn } from "./cn";

export interface StepperProps {
  /** The steps in order, with their visible labels. */
  steps: readonly { id: string; label: string }[];
  current: string;
  /** Accessible name of the list ("Etapas"). */
  label: string;
  /** Said after a finished step's label for assistive tech ("concluída"). */
  doneLabel: string;
}

/** A flow's steps, the current one marked for assistive tech (aria-current="step"). */
export function Stepper({ steps, current, label, doneLabel }: StepperProps) {
  const index = steps.findIndex((step) => step.id === current);
  return (
    <ol className="flex flex-wrap items-center gap-2 text-sm" aria-label={label}>
      {steps.map((step, i) => {
        const done = i < index;
        const active = i === index;
        return (
          <li key={step.id} className="flex min-w-0 items-center gap-2" aria-current={active ? "step" : undefined}>
            <span
              className={cn(
                "flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold",
                active
                  ? "bg-primary text-primary-foreground"
                  : done
                    ? "bg-success-soft text-success-soft-foreground"
                    : "bg-muted text-muted-foreground",
              )}
              aria-hidden="true"
            >
              {done ? <Check className="size-3.5" /> : i + 1}
            </span>
            <span
              className={cn(
                "truncate",
                active ? "font-medium text-foreground" : "text-muted-foreground",
                !active && "hidden sm:inline",
              )}
            >
              {step.label}
              {done ? <span className="sr-only"> ({doneLabel})</span> : null}
            </span>
            {i < steps.length - 1 ? <span className="h-px w-6 shrink-0 bg-border sm:w-10" aria-hidden="true" /> : null}
          </li>
        );
      })}
    </ol>
  );
}
