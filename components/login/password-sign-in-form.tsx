"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";
import { FormField } from "@/components/forms/form-field";
import { PasswordInput } from "@/components/forms/password-input";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Input } from "@/components/ui/input";
import { isBffRequestError } from "@/lib/browser/bff-client/errors";
import { applyServerErrors } from "@/lib/browser/bff-client/form-errors";
import { useZodForm } from "@/lib/browser/hooks/use-zod-form";
import { useI18n } from "@/lib/browser/i18n";
import { useSignIn } from "@/lib/browser/query/session";
import { personSignInSchema } from "@/lib/shared/schemas/session";
import { postSignInTarget } from "./post-sign-in";
import { SignInThrottleNotice } from "./sign-in-throttle-notice";
import { useSignInThrottle } from "./use-sign-in";

export interface PasswordSignInFormProps {
  /** Already validated with safeNextPath on the server (null when absent/unsafe). */
  next: string | null;
  defaultEmail?: string;
  defaultPassword?: string;
  /** The password field gets the focus on mount (back from an expired second step: the e-mail is there already). */
  focusPassword?: boolean;
  /** Shown above the fields (why the person is back at this step). */
  notice?: ReactNode;
  /** The person has 2FA: the second step's challenge, and the e-mail it was asked for. */
  onChallenge(challenge: string, email: string): void;
}

/**
 * Step one of signing in: e-mail and password. A refused sign-in says only
 * that the pair was wrong (never which), in an alert above the button; a
 * throttle says when to try again.
 */
export function PasswordSignInForm({
  next,
  defaultEmail = "",
  defaultPassword = "",
  focusPassword = false,
  notice,
  onChallenge,
}: PasswordSignInFormProps) {
  const { t } = useI18n();
  const router = useRouter();
  const signIn = useSignIn();
  const { throttledUntil, throttle } = useSignInThrottle();
  const [refused, setRefused] = useState(false);
  const [panelError, setPanelError] = useState<unknown>(null);
  const [unmatched, setUnmatched] = useState<Record<string, string> | undefined>(undefined);
  const form = useZodForm(personSignInSchema, { defaultValues: { email: defaultEmail, password: defaultPassword } });
  const { errors } = form.formState;

  // A refused password is cleared and focused once the field is enabled again (a disabled field cannot take focus).
  const [passwordFocusRequest, setPasswordFocusRequest] = useState(focusPassword ? 1 : 0);

  const onSubmit = form.handleSubmit((values) => {
    setRefused(false);
    setPanelError(null);
    setUnmatched(undefined);
    signIn.mutate(values, {
      onSuccess: (step) => {
        if (step.next === "done") router.replace(postSignInTarget(step.session.role, next));
        else onChallenge(step.challenge, values.email);
      },
      onError: (error) => {
        if (throttle(error)) return;
        if (isBffRequestError(error) && error.knownCode === "invalid_login") {
          setRefused(true);
          form.resetField("password", { defaultValue: "" });
          setPasswordFocusRequest((n) => n + 1);
          return;
        }
        const result = applyServerErrors(error, form.setError, { knownFields: ["email", "password"] });
        if (result.applied.length === 0 || Object.keys(result.unmatched).length > 0) {
          setPanelError(error);
          setUnmatched(result.applied.length > 0 ? result.unmatched : undefined);
        }
      },
    });
  });

  // From submit until the next page takes over (a challenge hands over to step two).
  const busy = signIn.isPending || (signIn.isSuccess && signIn.data.next === "done");

  useEffect(() => {
    if (passwordFocusRequest > 0 && !busy) form.setFocus("password");
  }, [passwordFocusRequest, busy, form]);

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={busy || undefined}>
      {notice}
      <FormField label={t("login.email")} error={errors.email?.message} required>
        <Input
          type="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          inputMode="email"
          disabled={busy}
          {...form.register("email")}
        />
      </FormField>
      <FormField label={t("login.password")} error={errors.password?.message} required>
        <PasswordInput
          secretLabel={t("login.password")}
          autoComplete="current-password"
          mono={false}
          disabled={busy}
          {...form.register("password")}
        />
      </FormField>
      {throttledUntil ? <SignInThrottleNotice until={throttledUntil} /> : null}
      {refused && !throttledUntil ? (
        <Alert tone="danger" title={t("login.invalidLogin")} description={t("login.invalidLoginHint")} />
      ) : null}
      {panelError && !throttledUntil ? (
        <ErrorPanel error={panelError} unmatchedFields={unmatched} title={t("login.failed")} />
      ) : null}
      <Button type="submit" className="w-full" loading={busy} disabled={throttledUntil !== null}>
        {busy ? t("login.submitting") : t("login.submit")}
      </Button>
    </form>
  );
}
