"use client";

import { ArrowLeft, Check } from "lucide-react";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { ErrorPanel } from "@/components/ui/error-panel";
import { PageHeader } from "@/components/ui/page-header";
import { applyServerErrors } from "@/lib/api/form-errors";
import { useIdempotencyKey } from "@/lib/hooks/use-idempotency-key";
import { useZodForm } from "@/lib/hooks/use-zod-form";
import { useI18n } from "@/lib/i18n/client";
import { payoutInputSchema, type PayoutInput } from "@/lib/payments/schemas/payout";
import { useCreatePayout } from "@/lib/query/payouts";
import type { RegisterPayout } from "@/lib/schemas/register";
import { PayoutFormStep } from "./payout-form";
import { PayoutOutcomeUnknown } from "./payout-outcome-unknown";
import { PayoutReceipt } from "./payout-receipt";
import { PayoutConflict } from "./payout-conflict";
import { PayoutReview } from "./payout-review";
import { classifySendFailure } from "./send-outcome";

const FORM_FIELDS = ["amount_centavos", "pix_key_type", "pix_key"] as const;

type Phase =
  | { step: "form" }
  | { step: "review"; input: PayoutInput }
  | { step: "receipt"; payout: RegisterPayout; idempotencyKey: string }
  /** Sent, no answer: the key is kept and the form locked until the outcome is known. */
  | { step: "uncertain"; input: PayoutInput; error: unknown; idempotencyKey: string }
  /** The key was used for a different payout (409). */
  | { step: "conflict"; input: PayoutInput; error: unknown };

const STEPS = ["form", "review", "receipt"] as const;
type StepName = (typeof STEPS)[number];

function stepOf(phase: Phase): StepName {
  if (phase.step === "form") return "form";
  if (phase.step === "receipt") return "receipt";
  return "review";
}

function Stepper({ current }: { current: StepName }) {
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

/**
 * /payouts/new: form → review → receipt, with ONE idempotency key for the
 * whole operation. The key is created when the flow opens and kept across
 * re-renders, double clicks and "check again"; it is renewed only for a new,
 * different payout (after a receipt, a definite refusal, or a key conflict).
 */
export function NewPayoutFlow() {
  const { t } = useI18n();
  const form = useZodForm(payoutInputSchema, {
    defaultValues: { pix_key_type: "cpf", pix_key: "" },
    // An error shown the instant a field is left pushes the "Review" button down under the
    // pointer, and the click that caused the blur is lost; showing it a moment later lets
    // that click submit (and show every field's message at once).
    delayError: 400,
  });
  const { key: idempotencyKey, renew } = useIdempotencyKey();
  const create = useCreatePayout();
  const [phase, setPhase] = useState<Phase>({ step: "form" });
  const [formError, setFormError] = useState<{ error: unknown; unmatched?: Record<string, string> } | null>(null);
  const [reviewError, setReviewError] = useState<unknown>(null);
  // Set synchronously on the first click: a second click (or Enter) before React re-renders sends nothing.
  const inFlight = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusOnStepChange = useRef(false);
  const pendingFocusField = useRef<(typeof FORM_FIELDS)[number] | null>(null);

  const goTo = (next: Phase) => {
    focusOnStepChange.current = true;
    setPhase(next);
  };

  // Move focus to the new step's heading (or the first field with a server error), so keyboard and screen reader users follow.
  useEffect(() => {
    if (!focusOnStepChange.current) return;
    focusOnStepChange.current = false;
    const field = pendingFocusField.current;
    pendingFocusField.current = null;
    if (phase.step === "form" && field) form.setFocus(field);
    else headingRef.current?.focus();
  }, [phase, form]);

  // Leaving while a payout is being sent would lose its outcome on screen: ask first.
  useEffect(() => {
    if (!create.isPending) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [create.isPending]);

  const review = (input: PayoutInput) => {
    setFormError(null);
    setReviewError(null);
    goTo({ step: "review", input });
  };

  const send = (input: PayoutInput, key: string) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setReviewError(null);
    create.mutate(
      { input, idempotencyKey: key },
      {
        onSuccess: (payout) => {
          toast.success(t("payouts.toast.sent"));
          goTo({ step: "receipt", payout, idempotencyKey: key });
        },
        onError: (error) => {
          const failure = classifySendFailure(error);
          if (failure === "uncertain") {
            toast.warning(t("payouts.toast.unknown"));
            goTo({ step: "uncertain", input, error, idempotencyKey: key });
            return;
          }
          if (failure === "conflict") {
            toast.error(t("payouts.toast.conflict"));
            goTo({ step: "conflict", input, error });
            return;
          }
          // A definite "no": nothing was paid, so the next attempt (edited or not) is a new operation with a new key.
          renew();
          toast.error(t("payouts.toast.refused"));
          if (failure === "invalid") {
            const { applied, unmatched } = applyServerErrors(error, form.setError, { knownFields: FORM_FIELDS, focus: false });
            const first = FORM_FIELDS.find((f) => applied.includes(f));
            pendingFocusField.current = first ?? null;
            setFormError(applied.length === 0 || Object.keys(unmatched).length > 0 ? { error, unmatched: applied.length > 0 ? unmatched : undefined } : null);
            goTo({ step: "form" });
            return;
          }
          setReviewError(error);
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  const startNew = (keepValues: boolean) => {
    renew();
    create.reset();
    setFormError(null);
    setReviewError(null);
    if (!keepValues) form.reset({ pix_key_type: form.getValues("pix_key_type"), pix_key: "" });
    goTo({ step: "form" });
  };

  const stepTitle =
    phase.step === "form"
      ? t("payouts.new.formTitle")
      : phase.step === "review"
        ? t("payouts.new.reviewTitle")
        : phase.step === "receipt"
          ? t("payouts.new.receiptTitle")
          : phase.step === "uncertain"
            ? t("payouts.unknown.heading")
            : t("payouts.conflict.heading");
  const stepDescription =
    phase.step === "form"
      ? t("payouts.new.formDescription")
      : phase.step === "review"
        ? t("payouts.new.reviewDescription")
        : phase.step === "receipt"
          ? t("payouts.new.receiptDescription")
          : null;

  return (
    <>
      <PageHeader
        eyebrow={
          <Link href="/payouts" className="inline-flex items-center gap-1 rounded font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
            <ArrowLeft className="size-3.5" aria-hidden="true" />
            {t("nav.payouts")}
          </Link>
        }
        title={t("payouts.new.title")}
        description={t("payouts.new.description")}
      />
      <div className="mx-auto grid w-full max-w-2xl gap-4">
        <Stepper current={stepOf(phase)} />
        <Card>
          <CardHeader>
            <h2 ref={headingRef} tabIndex={-1} className="text-base leading-tight font-semibold outline-none" data-testid="payout-step-title">
              {stepTitle}
            </h2>
            {stepDescription ? <CardDescription>{stepDescription}</CardDescription> : null}
          </CardHeader>
          <CardContent>
            {phase.step === "form" ? (
              <PayoutFormStep
                form={form}
                onReview={review}
                autoFocusAmount
                error={formError ? <ErrorPanel error={formError.error} unmatchedFields={formError.unmatched} headingLevel="h3" /> : null}
              />
            ) : null}

            {phase.step === "review" ? (
              <PayoutReview
                input={phase.input}
                idempotencyKey={idempotencyKey}
                pending={create.isPending}
                onBack={() => goTo({ step: "form" })}
                onConfirm={() => send(phase.input, idempotencyKey)}
                error={reviewError ? <ErrorPanel error={reviewError} headingLevel="h3" title={t("payouts.review.refusedTitle")} /> : null}
              />
            ) : null}

            {phase.step === "receipt" ? <PayoutReceipt payout={phase.payout} idempotencyKey={phase.idempotencyKey} onNewPayout={() => startNew(false)} /> : null}

            {phase.step === "uncertain" ? (
              <PayoutOutcomeUnknown
                input={phase.input}
                error={phase.error}
                idempotencyKey={phase.idempotencyKey}
                checking={create.isPending}
                onCheckAgain={() => send(phase.input, phase.idempotencyKey)}
              />
            ) : null}

            {phase.step === "conflict" ? (
              <PayoutConflict input={phase.input} error={phase.error} onStartNew={() => startNew(true)} />
            ) : null}
          </CardContent>
        </Card>
      </div>
    </>
  );
}
