"use client";

import { useEffect } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Input } from "@/components/ui/input";
import { useI18n } from "@/lib/browser/i18n";
import { SignInThrottleNotice } from "./sign-in-throttle-notice";
import { recallOperatorName } from "./use-sign-in";

/** What the remembered-name hook needs of a sign-in form (both forms have an operatorName field). */
interface OperatorNameForm {
  getValues(name: "operatorName"): string;
  setValue(name: "operatorName", value: string): void;
}

/** Fills an empty operator name with the one this browser signed in with last. */
export function useRememberedOperatorName(form: OperatorNameForm): void {
  useEffect(() => {
    if (form.getValues("operatorName")) return;
    const remembered = recallOperatorName();
    if (remembered) form.setValue("operatorName", remembered);
  }, [form]);
}

/** The operator's name for the audit log; both sign-in forms ask for it. */
export function OperatorNameField({
  registration,
  error,
  busy,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
  busy: boolean;
}) {
  const { t } = useI18n();
  return (
    <FormField label={t("login.operatorName")} description={t("login.operatorNameDescription")} error={error} required>
      <Input autoComplete="name" disabled={busy} {...registration} />
    </FormField>
  );
}

export interface SignInSubmitAreaProps {
  busy: boolean;
  panelError: unknown;
  unmatched?: Record<string, string>;
  throttledUntil: Date | null;
}

/** The end of both sign-in forms: the throttle notice or the error panel, then the submit button. */
export function SignInSubmitArea({ busy, panelError, unmatched, throttledUntil }: SignInSubmitAreaProps) {
  const { t } = useI18n();
  return (
    <>
      {throttledUntil ? <SignInThrottleNotice until={throttledUntil} /> : null}
      {panelError && !throttledUntil ? (
        <ErrorPanel error={panelError} unmatchedFields={unmatched} title={t("login.failed")} />
      ) : null}
      <Button type="submit" className="w-full" loading={busy} disabled={throttledUntil !== null}>
        {busy ? t("login.submitting") : t("login.submit")}
      </Button>
    </>
  );
}
