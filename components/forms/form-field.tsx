"use client";

import { useId, useMemo, useState, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { FormFieldContext, type FormFieldContextValue } from "@/components/ui/form-field-context";
import { Label } from "@/components/ui/label";
import { useI18n } from "@/lib/browser/i18n";

export interface FormFieldProps {
  label: ReactNode;
  /**
   * The form's message for this field (`fieldState.error?.message` /
   * `formState.errors.x?.message`): a `validation.*` key or the API's own text.
   * Translated here; unknown text is shown as it is.
   */
  error?: string | null;
  description?: ReactNode;
  /** Marks the label "(opcional)". Fields are required unless said otherwise. */
  optional?: boolean;
  /** Sets aria-required on the control. */
  required?: boolean;
  /** Id for the control; generated when omitted. */
  id?: string;
  /** Something at the right of the label row (a "show" toggle, a hint link). */
  labelAction?: ReactNode;
  className?: string;
  children: ReactNode;
}

/**
 * Label + control + description + error, wired for assistive tech: the control
 * inside (Input, Textarea, NativeSelect, SelectTrigger, MoneyInput,
 * DocumentInput, PixKeyInput, DateInput, DateTimeInput) receives the id, `aria-invalid`
 * and `aria-describedby` automatically.
 *
 *   <FormField label={t("login.apiKey")} error={form.formState.errors.apiKey?.message}>
 *     <Input {...form.register("apiKey")} />
 *   </FormField>
 */
export function FormField({
  label,
  error,
  description,
  optional = false,
  required = false,
  id,
  labelAction,
  className,
  children,
}: FormFieldProps) {
  const { t } = useI18n();
  const generatedId = useId();
  const controlId = id ?? `field-${generatedId}`;
  const [controlError, setControlError] = useState<string | null>(null);

  const message = controlError ?? (error || null);
  const descriptionId = description ? `${controlId}-description` : undefined;
  const errorId = message ? `${controlId}-error` : undefined;

  const ctx = useMemo<FormFieldContextValue>(
    () => ({ id: controlId, descriptionId, errorId, invalid: Boolean(message), required, setControlError }),
    [controlId, descriptionId, errorId, message, required],
  );

  return (
    <div data-slot="form-field" className={cn("grid gap-1.5", className)}>
      <div className="flex min-h-4 items-center justify-between gap-2">
        <Label htmlFor={controlId}>
          {label}
          {optional ? <span className="font-normal text-muted-foreground">({t("common.optional")})</span> : null}
        </Label>
        {labelAction}
      </div>
      <FormFieldContext.Provider value={ctx}>{children}</FormFieldContext.Provider>
      {description ? (
        <p id={descriptionId} className="text-xs text-muted-foreground">
          {description}
        </p>
      ) : null}
      {message ? (
        <p id={errorId} data-slot="form-field-error" className="text-xs font-medium text-destructive-soft-foreground">
          {t(message)}
        </p>
      ) : null}
    </div>
  );
}
