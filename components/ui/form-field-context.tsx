"use client";

import { createContext, useContext } from "react";

/**
 * Wiring between <FormField> (label, description, error) and the control
 * inside it. Controls (Input, Textarea, NativeSelect, MoneyInput, …) read it to
 * get their id and ARIA attributes, and can report an error of their own
 * (e.g. unparseable money text) which the field shows in place of the form's.
 */
export interface FormFieldContextValue {
  id: string;
  descriptionId: string | undefined;
  errorId: string | undefined;
  invalid: boolean;
  required: boolean;
  /** A control-level message (translation key or text); null clears it. */
  setControlError: (message: string | null) => void;
}

export const FormFieldContext = createContext<FormFieldContextValue | null>(null);

export function useFormFieldContext(): FormFieldContextValue | null {
  return useContext(FormFieldContext);
}

type AriaInvalid = boolean | "true" | "false" | "grammar" | "spelling" | undefined;

export interface FieldControlProps {
  id: string | undefined;
  "aria-describedby": string | undefined;
  "aria-invalid": AriaInvalid;
  "aria-required"?: boolean;
}

/** The control's id/ARIA props: its own values win, the surrounding FormField fills the rest. */
export function useFormFieldControl(own: {
  id?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: AriaInvalid;
}): FieldControlProps {
  const ctx = useFormFieldContext();
  if (!ctx) return { id: own.id, "aria-describedby": own["aria-describedby"], "aria-invalid": own["aria-invalid"] };
  const describedBy = [own["aria-describedby"], ctx.descriptionId, ctx.errorId].filter(Boolean).join(" ") || undefined;
  return {
    id: own.id ?? ctx.id,
    "aria-describedby": describedBy,
    "aria-invalid": own["aria-invalid"] ?? (ctx.invalid || undefined),
    ...(ctx.required ? { "aria-required": true } : {}),
  };
}
