"use client";

import { useId, useState, type ComponentProps, type FocusEvent } from "react";
import { cn } from "@/components/ui/cn";
import { inputClassName } from "@/components/ui/input";
import { useI18n } from "@/lib/browser/i18n";
import { isValidDocument, maskDocument, unmaskDocument } from "@/lib/shared/validation/documents";
import { useMaskedChange } from "./caret";
import { StandaloneError } from "./standalone-error";
import { useControlWithOwnError } from "./use-control-error";

/** Error key for a CPF/CNPJ as typed, or null when it is empty or valid. */
export function documentError(value: string): string | null {
  const raw = unmaskDocument(value).replace(/[^0-9A-Z]/g, "");
  if (raw.length === 0) return null;
  if (raw.length !== 11 && raw.length !== 14) return "validation.documentIncomplete";
  return isValidDocument(raw) ? null : "validation.document";
}

export interface DocumentInputProps extends Omit<
  ComponentProps<"input">,
  "value" | "defaultValue" | "onChange" | "type"
> {
  /** The masked text ("123.456.789-09"); schemas unmask it (`unmaskDocument`). */
  value: string | null | undefined;
  onChange: (masked: string) => void;
}

/**
 * CPF or CNPJ (including the alphanumeric CNPJ): masks while typing
 * (000.000.000-00 up to 11 digits, then 00.000.000/0000-00), and checks the
 * check digits when the field is left.
 */
export function DocumentInput({ value, onChange, onBlur, className, id, placeholder, ...props }: DocumentInputProps) {
  const { t } = useI18n();
  const [touched, setTouched] = useState(false);
  const standaloneErrorId = `document-error-${useId()}`;
  const { error, setError, standalone, control } = useControlWithOwnError({ ...props, id }, standaloneErrorId);

  const handleChange = useMaskedChange(maskDocument, (masked) => {
    onChange(masked);
    if (touched) setError(documentError(masked));
    else if (documentError(masked) === null) setError(null);
  });

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    setTouched(true);
    setError(documentError(value ?? ""));
    onBlur?.(event);
  };

  return (
    <div className="grid gap-1.5">
      <input
        {...props}
        {...control}
        type="text"
        inputMode="text"
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        data-slot="document-input"
        value={value ?? ""}
        placeholder={placeholder ?? t("form.documentPlaceholder")}
        onChange={handleChange}
        onBlur={handleBlur}
        className={cn(inputClassName, "font-mono tabular-nums", className)}
      />
      <StandaloneError id={standaloneErrorId} error={error} standalone={standalone} />
    </div>
  );
}
