"use client";

import { DateEntryField, type DateEntryFieldProps } from "./date-entry-field";

export interface DateInputProps extends Omit<DateEntryFieldProps, "kind" | "note"> {
  /** A calendar day, "YYYY-MM-DD", or undefined. */
  value: string | null | undefined;
  onChange: (day: string | undefined) => void;
  /** Earliest / latest day ("YYYY-MM-DD"), both included. */
  min?: string;
  max?: string;
}

/**
 * A calendar day typed in the app's language ("15/12/2026" in pt-BR,
 * "12/15/2026" in English) with a calendar button, handed over as "2026-12-15".
 * A day is not an instant: which zone it is read in is the caller's to say (the
 * list filters name the business's zone beside the inputs).
 */
export function DateInput(props: DateInputProps) {
  return <DateEntryField {...props} kind="date" />;
}
