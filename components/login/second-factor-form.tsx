"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { z } from "zod/mini";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Input } from "@/components/ui/input";
import { isBffRequestError } from "@/lib/browser/bff-client/errors";
import { useZodForm } from "@/lib/browser/hooks/use-zod-form";
import { useI18n } from "@/lib/browser/i18n";
import { useSecondFactor } from "@/lib/browser/query/session";
import { recoveryCodeSchema, totpCodeSchema, type SecondFactorBody } from "@/lib/shared/schemas/session";
import { postSignInTarget } from "./post-sign-in";
import { SignInThrottleNotice } from "./sign-in-throttle-notice";
import { useSignInThrottle } from "./use-sign-in";

const totpFormSchema = z.object({ code: totpCodeSchema });
const recoveryFormSchema = z.object({ recoveryCode: recoveryCodeSchema });

/** "123 456" as typed or pasted: the digits only. */
const digitsOnly = (value: unknown) => (typeof value === "string" ? value.replace(/\s+/g, "") : value);

export interface SecondFactorFormProps {
  challenge: string;
  /** The e-mail of step one, to say who is signing in. */
  email: string;
  next: string | null;
  /** The challenge is no longer valid (too late, used, too many tries): back to step one. */
  onExpired(): void;
  /** The person wants to start over (another account). */
  onBack(): void;
}

type Mode = "code" | "recovery";

/**
 * Step two, for a person with 2FA: the 6-digit code of their authenticator
 * app, or one of their recovery codes. A wrong code shows next to the field.
 */
export function SecondFactorForm({ challenge, email, next, onExpired, onBack }: SecondFactorFormProps) {
  const { t } = useI18n();
  const [mode, setMode] = useState<Mode>("code");
  const submit = useSecondFactorSubmit(challenge, next, onExpired);

  return (
    <div className="grid gap-4">
      <div className="space-y-1">
        <h2 className="text-base font-semibold">{t("login.totp.title")}</h2>
        <p className="text-sm text-muted-foreground">{t("login.totp.signingInAs", { email })}</p>
      </div>
      {mode === "code" ? <TotpCodeForm submit={submit} /> : <RecoveryCodeForm submit={submit} />}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto px-0"
          disabled={submit.busy}
          onClick={() => {
            submit.reset();
            setMode(mode === "code" ? "recovery" : "code");
          }}
        >
          {mode === "code" ? t("login.totp.useRecovery") : t("login.totp.useApp")}
        </Button>
        <Button type="button" variant="ghost" size="sm" disabled={submit.busy} onClick={onBack}>
          {t("login.totp.back")}
        </Button>
      </div>
    </div>
  );
}

type SecondFactorInput = { code: string } | { recoveryCode: string };

function useSecondFactorSubmit(challenge: string, next: string | null, onExpired: () => void) {
  const router = useRouter();
  const secondFactor = useSecondFactor();
  const { throttledUntil, throttle } = useSignInThrottle();
  const [panelError, setPanelError] = useState<unknown>(null);

  /** `fieldError` puts a message on the form's code field (and focuses it). */
  const send = (input: SecondFactorInput, fieldError: (message: string) => void) => {
    setPanelError(null);
    const field = "code" in input ? "code" : "recoveryCode";
    const body: SecondFactorBody = { challenge, ...input };
    secondFactor.mutate(body, {
      onSuccess: (step) => {
        if (step.next === "done") router.replace(postSignInTarget(step.session.role, next));
        // A second challenge would be a server fault: start over rather than loop.
        else onExpired();
      },
      onError: (error) => {
        if (throttle(error)) return;
        if (isBffRequestError(error)) {
          if (error.knownCode === "sign_in_challenge_expired") return onExpired();
          if (error.knownCode === "invalid_code") {
            return fieldError(field === "code" ? "login.invalidCode" : "login.invalidRecoveryCode");
          }
          // A 422 about the code alone belongs next to it; anything else (the challenge) goes in the panel.
          const fieldMessage = error.fields[field];
          if (fieldMessage && Object.keys(error.fields).length === 1) return fieldError(fieldMessage);
        }
        setPanelError(error);
      },
    });
  };

  return {
    send,
    busy: secondFactor.isPending || (secondFactor.isSuccess && secondFactor.data.next === "done"),
    throttledUntil,
    panelError,
    reset: () => setPanelError(null),
  };
}

type SecondFactorSubmit = ReturnType<typeof useSecondFactorSubmit>;

function TotpCodeForm({ submit }: { submit: SecondFactorSubmit }) {
  const { t } = useI18n();
  const form = useZodForm(totpFormSchema, { defaultValues: { code: "" } });
  const onSubmit = form.handleSubmit((values) =>
    submit.send({ code: values.code }, (message) => form.setError("code", { message }, { shouldFocus: true })),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={submit.busy || undefined}>
      <FormField
        label={t("login.totp.code")}
        description={t("login.totp.codeDescription")}
        error={form.formState.errors.code?.message}
        required
      >
        <Input
          autoFocus
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          spellCheck={false}
          className="font-mono tracking-[0.3em]"
          disabled={submit.busy}
          {...form.register("code", { setValueAs: digitsOnly })}
        />
      </FormField>
      <SecondFactorSubmitArea submit={submit} />
    </form>
  );
}

function RecoveryCodeForm({ submit }: { submit: SecondFactorSubmit }) {
  const { t } = useI18n();
  const form = useZodForm(recoveryFormSchema, { defaultValues: { recoveryCode: "" } });
  const onSubmit = form.handleSubmit((values) =>
    submit.send({ recoveryCode: values.recoveryCode }, (message) =>
      form.setError("recoveryCode", { message }, { shouldFocus: true }),
    ),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={submit.busy || undefined}>
      <FormField
        label={t("login.totp.recoveryCode")}
        description={t("login.totp.recoveryDescription")}
        error={form.formState.errors.recoveryCode?.message}
        required
      >
        <Input
          autoFocus
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="xxxx-xxxx-xxxx-xxxx"
          className="font-mono"
          disabled={submit.busy}
          {...form.register("recoveryCode")}
        />
      </FormField>
      <SecondFactorSubmitArea submit={submit} />
    </form>
  );
}

function SecondFactorSubmitArea({ submit }: { submit: SecondFactorSubmit }) {
  const { t } = useI18n();
  return (
    <>
      {submit.throttledUntil ? <SignInThrottleNotice until={submit.throttledUntil} /> : null}
      {submit.panelError && !submit.throttledUntil ? (
        <ErrorPanel error={submit.panelError} title={t("login.failed")} />
      ) : null}
      <Button type="submit" className="w-full" loading={submit.busy} disabled={submit.throttledUntil !== null}>
        {submit.busy ? t("login.totp.submitting") : t("login.totp.submit")}
      </Button>
    </>
  );
}
