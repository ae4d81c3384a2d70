"use client";

import { Stepper as StepList } from "@/components/ui/stepper";
import { useI18n } from "@/lib/browser/i18n";

export const STEPS = ["form", "review", "receipt"] as const;
export type StepName = (typeof STEPS)[number];

/** The new-payout flow's steps, the current one marked for assistive tech. */
export function Stepper({ current }: { current: StepName }) {
  const { t } = useI18n();
  const steps = STEPS.map((step) => ({ id: step, label: t(`payouts.new.step.${step}`) }));
  return (
    <StepList steps={steps} current={current} label={t("payouts.new.steps")} doneLabel={t("payouts.new.stepDone")} />
  );
}
