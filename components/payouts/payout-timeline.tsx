"use client";

import { Check, CircleDashed, LoaderCircle, X } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { DateTime } from "@/components/ui/date-time";
import { useI18n } from "@/lib/browser/i18n";

type StepState = "done" | "current" | "failed" | "upcoming";

interface Step {
  key: string;
  title: string;
  state: StepState;
  time?: ReactNode;
  note?: ReactNode;
}

const ICONS: Record<StepState, ReactNode> = {
  done: <Check className="size-3.5" aria-hidden="true" />,
  current: <LoaderCircle className="size-3.5 animate-spin motion-reduce:animate-none" aria-hidden="true" />,
  failed: <X className="size-3.5" aria-hidden="true" />,
  upcoming: <CircleDashed className="size-3.5" aria-hidden="true" />,
};

const DOT: Record<StepState, string> = {
  done: "bg-success-soft text-success-soft-foreground",
  current: "bg-warning-soft text-warning-soft-foreground",
  failed: "bg-destructive-soft text-destructive-soft-foreground",
  upcoming: "bg-muted text-muted-foreground",
};

export interface PayoutTimelineProps {
  status: string;
  createdAt?: string | null;
  paidAt?: string | null;
  failureReason?: string | null;
}

/**
 * created → pending → paid / failed, with the times the API reports (in the
 * operator's zone, with its abbreviation). The current step is marked for
 * screen readers with aria-current="step".
 */
export function PayoutTimeline({ status, createdAt, paidAt, failureReason }: PayoutTimelineProps) {
  const { has, t } = useI18n();
  const stateLabel = (state: StepState) => t(`payouts.timeline.state.${state}`);
  const pending = status === "pending";
  const paid = status === "paid";
  const failed = status === "failed";
  const known = pending || paid || failed;

  const steps: Step[] = [
    {
      key: "created",
      title: t("payouts.timeline.created"),
      state: "done",
      time: createdAt ? (
        <DateTime value={createdAt} withZone />
      ) : (
        <span className="text-muted-foreground">{t("payouts.timeline.timeUnknown")}</span>
      ),
    },
    {
      key: "pending",
      title: t("payouts.timeline.pending"),
      state: pending ? "current" : "done",
      note: pending ? t("payouts.timeline.pendingNote") : undefined,
    },
  ];
  if (paid || pending) {
    steps.push({
      key: "paid",
      title: t("payouts.timeline.paid"),
      state: paid ? "done" : "upcoming",
      time: paid ? (
        paidAt ? (
          <DateTime value={paidAt} withZone />
        ) : (
          <span className="text-muted-foreground">{t("payouts.timeline.timeUnknown")}</span>
        )
      ) : undefined,
      note: pending ? t("payouts.timeline.paidUpcoming") : undefined,
    });
  } else if (failed) {
    steps.push({
      key: "failed",
      title: t("payouts.timeline.failed"),
      state: "failed",
      time: <span className="text-muted-foreground">{t("payouts.timeline.timeNotReported")}</span>,
      note: failureReason ?? undefined,
    });
  } else if (!known) {
    const key = `status.${status}`;
    steps.push({ key: "other", title: has(key) ? t(key) : status, state: "done" });
  }

  const currentIndex = steps.findIndex((s) => s.state === "current" || s.state === "failed");
  const current = currentIndex >= 0 ? currentIndex : steps.length - 1;

  return (
    <ol className="grid gap-0" aria-label={t("payouts.timeline.title")}>
      {steps.map((step, index) => (
        <li
          key={step.key}
          aria-current={index === current ? "step" : undefined}
          className="relative flex gap-3 pb-5 last:pb-0"
        >
          {index < steps.length - 1 ? (
            <span
              aria-hidden="true"
              className={cn(
                "absolute top-7 bottom-1 left-3 w-px -translate-x-1/2",
                step.state === "done" ? "bg-success-soft-foreground/40" : "bg-border",
              )}
            />
          ) : null}
          <span
            className={cn(
              "relative z-[1] flex size-6 shrink-0 items-center justify-center rounded-full",
              DOT[step.state],
            )}
          >
            {ICONS[step.state]}
          </span>
          <div className="min-w-0 flex-1 pt-0.5">
            <p className={cn("text-sm font-medium", step.state === "upcoming" && "text-muted-foreground")}>
              {step.title}
              <span className="sr-only"> ({stateLabel(step.state)})</span>
            </p>
            {step.time ? <p className="text-xs text-muted-foreground">{step.time}</p> : null}
            {step.note ? (
              <p
                className={cn(
                  "mt-0.5 text-xs",
                  step.state === "failed" ? "text-destructive-soft-foreground" : "text-muted-foreground",
                )}
              >
                {step.note}
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
