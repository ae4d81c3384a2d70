"use client";

import { useEffect, useRef, useState } from "react";
import { toast } from "@/components/ui/toast";
import { BackLink } from "@/components/ui/back-link";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { ErrorPanel } from "@/components/ui/error-panel";
import { FormPage } from "@/components/ui/form-page";
import { PageHeader } from "@/components/ui/page-header";
import { useIdempotentSubmit } from "@/lib/browser/hooks/use-idempotent-submit";
import { useStoredIdempotencyKey } from "@/lib/browser/hooks/use-stored-idempotency-key";
import { useZodForm } from "@/lib/browser/hooks/use-zod-form";
import { useI18n } from "@/lib/browser/i18n";
import { payoutInputSchema, type PayoutInput } from "@/lib/shared/schemas/payout";
import { useCreatePayout } from "@/lib/browser/query/payouts";
import type { RegisterPayout } from "@/lib/shared/schemas/register";
import { EarlierPayoutGate } from "./earlier-payout";
import { NEW_PAYOUT_KEY_STORAGE, payoutFingerprint } from "./flow-key";
import { PayoutFormStep } from "./payout-form";
import { PayoutOutcomeUnknown } from "./payout-outcome-unknown";
import { PayoutReceipt } from "./payout-receipt";
import { PayoutConflict } from "./payout-conflict";
import { PayoutReview } from "./payout-review";
import { Stepper, type StepName } from "./payout-stepper";
import { classifySendFailure } from "./send-outcome";

const FORM_FIELDS = ["amount_centavos", "pix_key_type", "pix_key"] as const;

type Phase =
  | { step: "form" }
  | { step: "review"; input: PayoutInput; idempotencyKey: string }
  | { step: "receipt"; payout: RegisterPayout; idempotencyKey: string }
  /** Sent, no answer: the key is kept and the form locked until the outcome is known. */
  | { step: "uncertain"; input: PayoutInput; error: unknown; idempotencyKey: string }
  /** The key was used for a different payout (409), or a person already closed its payout as handled. */
  | { step: "conflict"; input: PayoutInput; error: unknown; handled: boolean };

function stepOf(phase: Phase): StepName {
  if (phase.step === "form") return "form";
  if (phase.step === "receipt") return "receipt";
  return "review";
}

/**
 * /payouts/new: form → review → receipt, with ONE idempotency key for the
 * whole operation, kept for the tab in sessionStorage and bound to the form's
 * contents (amount, key type, key): the same contents — after "back to edit",
 * a double click, "check again" or a reload — get the same key; different
 * contents get a new one. It is forgotten once the payout is definitively
 * resolved (receipt shown, a definite refusal, a key conflict). Coming back
 * with a kept key whose payout is unresolved (or was sent) offers that payout
 * instead of silently starting a new one.
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
  const flowKey = useStoredIdempotencyKey(NEW_PAYOUT_KEY_STORAGE);
  const create = useCreatePayout();
  const [phase, setPhase] = useState<Phase>({ step: "form" });
  const [formError, setFormError] = useState<{ error: unknown; unmatched?: Record<string, string> } | null>(null);
  const [reviewError, setReviewError] = useState<unknown>(null);
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

  const sender = useIdempotentSubmit({
    mutation: create,
    variables: (input: PayoutInput, idempotencyKey) => ({ input, idempotencyKey }),
    // The key lives in sessionStorage, bound to the payout's contents (survives a reload).
    keyStore: flowKey,
    fingerprint: payoutFingerprint,
    // Every definite answer (a refusal, a key conflict, a closed payout) ends this key.
    classify: (error) => (classifySendFailure(error) === "uncertain" ? "unknown" : "refused"),
    fields: { setError: form.setError, knownFields: FORM_FIELDS, focus: false },
    onSend: () => setReviewError(null),
    onSuccess: (payout, { idempotencyKey }) => {
      toast.success(t("payouts.toast.sent"));
      showReceipt(payout, idempotencyKey);
    },
    onError: (error, { input, idempotencyKey, applied, unmatched }) => {
      const failure = classifySendFailure(error);
      if (failure === "uncertain") {
        toast.warning(t("payouts.toast.unknown"));
        goTo({ step: "uncertain", input, error, idempotencyKey });
        return;
      }
      if (failure === "conflict" || failure === "closed") {
        // This key can never send this payout: the next attempt gets a new one.
        toast.error(failure === "closed" ? t("payouts.closed.title") : t("payouts.toast.conflict"));
        goTo({ step: "conflict", input, error, handled: failure === "closed" });
        return;
      }
      // A definite "no": nothing was paid, so the next attempt (edited or not) is a new operation with a new key.
      toast.error(t("payouts.toast.refused"));
      if (failure === "invalid") {
        pendingFocusField.current = FORM_FIELDS.find((f) => applied.includes(f)) ?? null;
        setFormError(
          applied.length === 0 || Object.keys(unmatched).length > 0
            ? { error, unmatched: applied.length > 0 ? unmatched : undefined }
            : null,
        );
        goTo({ step: "form" });
        return;
      }
      setReviewError(error);
      setPhase({ step: "review", input, idempotencyKey: sender.keyFor(input) });
    },
  });

  const review = (input: PayoutInput) => {
    setFormError(null);
    setReviewError(null);
    goTo({ step: "review", input, idempotencyKey: sender.keyFor(input) });
  };

  const showReceipt = (payout: RegisterPayout, key: string) => {
    // Definitively resolved: the next payout, even with the same contents, is a new operation.
    flowKey.clear();
    goTo({ step: "receipt", payout, idempotencyKey: key });
  };

  const startNew = (keepValues: boolean) => {
    sender.renew();
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
            : phase.handled
              ? t("payouts.closed.heading")
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
        eyebrow={<BackLink href="/payouts">{t("nav.payouts")}</BackLink>}
        title={t("payouts.new.title")}
        description={t("payouts.new.description")}
      />
      <FormPage>
        <Stepper current={stepOf(phase)} />
        <Card>
          <CardHeader>
            <h2
              ref={headingRef}
              tabIndex={-1}
              className="text-base leading-tight font-semibold outline-none"
              data-testid="payout-step-title"
            >
              {stepTitle}
            </h2>
            {stepDescription ? <CardDescription>{stepDescription}</CardDescription> : null}
          </CardHeader>
          <CardContent>
            {phase.step === "form" ? (
              <EarlierPayoutGate
                storedKey={flowKey.stored?.key ?? null}
                onResolved={showReceipt}
                onForget={flowKey.clear}
              >
                <PayoutFormStep
                  form={form}
                  onReview={review}
                  autoFocusAmount
                  error={
                    formError ? (
                      <ErrorPanel error={formError.error} unmatchedFields={formError.unmatched} headingLevel="h3" />
                    ) : null
                  }
                />
              </EarlierPayoutGate>
            ) : null}

            {phase.step === "review" ? (
              <PayoutReview
                input={phase.input}
                idempotencyKey={phase.idempotencyKey}
                pending={create.isPending}
                onBack={() => goTo({ step: "form" })}
                onConfirm={() => sender.submit(phase.input, phase.idempotencyKey)}
                error={
                  reviewError ? (
                    <ErrorPanel error={reviewError} headingLevel="h3" title={t("payouts.review.refusedTitle")} />
                  ) : null
                }
              />
            ) : null}

            {phase.step === "receipt" ? (
              <PayoutReceipt
                payout={phase.payout}
                idempotencyKey={phase.idempotencyKey}
                onNewPayout={() => startNew(false)}
              />
            ) : null}

            {phase.step === "uncertain" ? (
              <PayoutOutcomeUnknown
                input={phase.input}
                error={phase.error}
                idempotencyKey={phase.idempotencyKey}
                checking={create.isPending}
                onCheckAgain={() => sender.submit(phase.input, phase.idempotencyKey)}
              />
            ) : null}

            {phase.step === "conflict" ? (
              <PayoutConflict
                input={phase.input}
                error={phase.error}
                handled={phase.handled}
                onStartNew={() => startNew(true)}
              />
            ) : null}
          </CardContent>
        </Card>
      </FormPage>
    </>
  );
}
