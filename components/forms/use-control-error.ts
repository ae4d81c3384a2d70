"use client";

import { useEffect, useState } from "react";
import { useFormFieldContext, useFormFieldControl, type FieldControlProps } from "@/components/ui/form-field-context";

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

/**
 * `useControlError` plus the control's id/ARIA props: its own error makes it invalid and, standalone,
 * the message (rendered with `errorId`) describes it, after the control's own `aria-describedby`
 * and `describedBy` (e.g. a note under the control).
 */
export function useControlWithOwnError(
  own: Parameters<typeof useFormFieldControl>[0],
  errorId: string,
  describedBy?: string,
): ReturnType<typeof useControlError> & { control: FieldControlProps } {
  const { error, setError, standalone } = useControlError();
  const control = useFormFieldControl({
    id: own.id,
    "aria-describedby":
      [own["aria-describedby"], describedBy, standalone && error ? errorId : undefined].filter(Boolean).join(" ") ||
      undefined,
    "aria-invalid": own["aria-invalid"] ?? (error ? true : undefined),
  });
  return { error, setError, standalone, control };
}
