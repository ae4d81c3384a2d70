"use client";

import { useEffect, useState } from "react";
import { useFormFieldContext } from "@/components/ui/form-field-context";

/**
 * A control's own error (unparseable money, incomplete document). Inside a
 * FormField it is handed to the field, which shows it in place of the form's
 * message; standalone, `standalone` is true and the control renders it itself.
 */
export function useControlError(): {
  error: string | null;
  setError: (message: string | null) => void;
  standalone: boolean;
} {
  const ctx = useFormFieldContext();
  const [error, setError] = useState<string | null>(null);
  const report = ctx?.setControlError;
  useEffect(() => {
    report?.(error);
  }, [report, error]);
  useEffect(() => () => report?.(null), [report]);
  return { error, setError, standalone: !ctx };
}
