"use client";

import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { z } from "zod/mini";
import { resourceIdSchema } from "@/lib/shared/schemas/common";

const idEntrySchema = z.object({ id: resourceIdSchema });

/** The id as the BFF would take it in a path, or the dictionary key of what is wrong with it. */
function checkId(value: string, normalise: (text: string) => string): { id: string } | { error: string } {
  const parsed = z.safeParse(idEntrySchema, { id: normalise(value) });
  return parsed.success ? parsed.data : { error: parsed.error.issues[0]?.message ?? "validation.id" };
}

/**
 * One id box that opens a page ("look up a payout", "open a subaccount"): the id is checked with the schema the
 * BFF uses for path ids; the first check is on submit (the field is then focused), after which the message follows
 * every change, as the forms do. A single text box needs no form library, which keeps react-hook-form out of the
 * first load of the list pages that carry one.
 */
export function useIdEntry({
  initial = "",
  normalise = (text) => text,
  onValid,
}: {
  initial?: string;
  normalise?: (text: string) => string;
  onValid: (id: string) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    setValue(event.target.value);
    if (!submitted) return;
    const checked = checkId(event.target.value, normalise);
    setError("error" in checked ? checked.error : undefined);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const checked = checkId(value, normalise);
    if ("error" in checked) {
      setError(checked.error);
      ref.current?.focus();
      return;
    }
    setError(undefined);
    onValid(checked.id);
  };

  return { inputProps: { ref, name: "id", value, onChange }, error, onSubmit };
}
