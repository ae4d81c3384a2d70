"use client";

import { useEffect, type FormEventHandler, type ReactNode } from "react";
import type { FieldPath, UseFormRegisterReturn, UseFormReturn } from "react-hook-form";
import { FormField } from "@/components/forms/form-field";
import { PasswordInput } from "@/components/forms/password-input";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Input } from "@/components/ui/input";
import { useI18n } from "@/lib/browser/i18n";
import type { SignInBody } from "@/lib/shared/schemas/session";
import { SignInThrottleNotice } from "./sign-in-throttle-notice";
import { recallOperatorName, useSignInSubmit } from "./use-sign-in";

/** What the remembered-name hook needs of a sign-in form (both forms have an operatorName field). */
interface OperatorNameForm {
  getValues(name: "operatorName"): string;
  setValue(name: "operatorName", value: string): void;
}

/** What the name field's hook needs of a sign-in form: the remembered-name hook's, and registering the field. */
interface OperatorNameFieldForm extends OperatorNameForm {
  register(
    name: "operatorName",
    options: { onChange: (e: { target: { value: string } }) => void },
  ): UseFormRegisterReturn;
}

/** Fills an empty operator name with the one this browser signed in with last. */
export function useRememberedOperatorName(form: OperatorNameForm): void {
  useEffect(() => {
    if (form.getValues("operatorName")) return;
    const remembered = recallOperatorName();
    if (remembered) form.setValue("operatorName", remembered);
  }, [form]);
}

/**
 * The operator name field's registration: filled with the remembered name, and
 * reporting each change (the sign-in page keeps the name when the tab changes).
 */
function useOperatorNameField(form: OperatorNameFieldForm, onChange?: (name: string) => void) {
  useRememberedOperatorName(form);
  return form.register("operatorName", {
    onChange: (e: { target: { value: string } }) => onChange?.(e.target.value),
  });
}

/** The secret a sign-in form asks for (API key, access token), labelled the same on the field and its show toggle. */
export function CredentialField({
  label,
  description,
  placeholder,
  registration,
  error,
  busy,
}: {
  label: string;
  description: string;
  placeholder: string;
  registration: UseFormRegisterReturn;
  error?: string;
  busy: boolean;
}) {
  return (
    <FormField label={label} description={description} error={error} required>
      <PasswordInput secretLabel={label} placeholder={placeholder} disabled={busy} {...registration} />
    </FormField>
  );
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

/**
 * What both sign-in forms do with their form: submit it (useSignInSubmit), fill
 * and report the operator's name, and hand all that to SignInFormFrame (with
 * the name field's error, which the form reads from its own typed errors).
 */
export function useSignInForm<TInput extends { operatorName: string }, TOutput extends SignInBody>(
  form: UseFormReturn<TInput, unknown, TOutput>,
  options: {
    next: string | null | undefined;
    credentialField: FieldPath<TInput>;
    knownFields: readonly FieldPath<TInput>[];
    onOperatorNameChange?: (name: string) => void;
  },
): Omit<SignInFormFrameProps, "children" | "nameError"> {
  const { submit, busy, panelError, unmatched, throttledUntil } = useSignInSubmit<TInput>(
    options.next,
    options.credentialField,
    options.knownFields,
  );
  const nameField = useOperatorNameField(form, options.onOperatorNameChange);
  return {
    onSubmit: form.handleSubmit((values) => submit(values, form.setError)),
    nameField,
    busy,
    panelError,
    unmatched,
    throttledUntil,
  };
}

export interface SignInFormFrameProps extends SignInSubmitAreaProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  nameField: UseFormRegisterReturn;
  nameError?: string;
  /** The form's credential fields, shown before the operator's name. */
  children: ReactNode;
}

/** Both sign-in forms: their credential fields, then the operator's name and the submit area. */
export function SignInFormFrame({ onSubmit, nameField, nameError, children, ...submitArea }: SignInFormFrameProps) {
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={submitArea.busy || undefined}>
      {children}
      <OperatorNameField registration={nameField} error={nameError} busy={submitArea.busy} />
      <SignInSubmitArea {...submitArea} />
    </form>
  );
}
