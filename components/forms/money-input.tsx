"use client";

import { useId, useState, type ComponentProps, type FocusEvent, type KeyboardEvent } from "react";
import { cn } from "@/components/ui/cn";
import { inputClassName } from "@/components/ui/input";
import { formatMoneyInput, parseMoneyInput } from "@/lib/shared/format/number";
import { useI18n } from "@/lib/browser/i18n";
import { StandaloneError } from "./standalone-error";
import { useControlWithOwnError } from "./use-control-error";

export interface MoneyInputProps extends Omit<ComponentProps<"input">, "value" | "defaultValue" | "onChange" | "type"> {
  /** Exact integer centavos, or undefined when empty/unparseable. */
  value: number | null | undefined;
  onChange: (centavos: number | undefined) => void;
}

function toText(value: number | null | undefined): string {
  return value === null || value === undefined ? "" : formatMoneyInput(value);
}

/**
 * Amount input in BRL. Accepts what people type ("1.234,56", "1234,56",
 * "1234.56", "R$ 10", "0,5"), hands the form exact integer centavos (or
 * undefined), explains unparseable text inline, and tidies the text to
 * "1.234,56" on blur. Use with a react-hook-form <Controller>:
 *
 *   <Controller control={form.control} name="amount_centavos" render={({ field, fieldState }) => (
 *     <FormField label={t("payouts.amount")} error={fieldState.error?.message}>
 *       <MoneyInput value={field.value} onChange={field.onChange} onBlur={field.onBlur} name={field.name} ref={field.ref} />
 *     </FormField>
 *   )} />
 */
export function MoneyInput({
  value,
  onChange,
  onBlur,
  onKeyDown,
  className,
  id,
  placeholder,
  ...props
}: MoneyInputProps) {
  const { t } = useI18n();
  const [text, setText] = useState(() => toText(value));
  const [touched, setTouched] = useState(false);
  const [lastValue, setLastValue] = useState(value);
  const standaloneErrorId = `money-error-${useId()}`;
  const { error, setError, standalone, control } = useControlWithOwnError({ ...props, id }, standaloneErrorId);

  // Follow outside changes (form reset, setValue) without fighting the operator's typing.
  if (value !== lastValue) {
    setLastValue(value);
    if ((value ?? undefined) !== (parseMoneyInput(text) ?? undefined)) {
      setText(toText(value));
      setError(null);
    }
  }

  const validate = (next: string, show: boolean) => {
    const trimmed = next.trim();
    const parsed = trimmed === "" ? null : parseMoneyInput(trimmed);
    if (trimmed !== "" && parsed === null) {
      if (show) setError("validation.money");
    } else {
      setError(null);
    }
    return parsed;
  };

  const handleChange = (next: string) => {
    setText(next);
    const parsed = validate(next, touched);
    onChange(parsed ?? undefined);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    setTouched(true);
    const parsed = validate(text, true);
    if (parsed !== null) setText(formatMoneyInput(parsed));
    onBlur?.(event);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      setTouched(true);
      validate(text, true);
    }
    onKeyDown?.(event);
  };

  return (
    <div className="grid gap-1.5">
      <div className="relative">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground"
        >
          R$
        </span>
        <input
          {...props}
          {...control}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          data-slot="money-input"
          value={text}
          placeholder={placeholder ?? t("form.moneyPlaceholder")}
          onChange={(e) => handleChange(e.target.value)}
          onBlur={handleBlur}
          onKeyDown={handleKeyDown}
          className={cn(inputClassName, "pl-9 tabular-nums", className)}
        />
      </div>
      <StandaloneError id={standaloneErrorId} error={error} standalone={standalone} />
    </div>
  );
}
