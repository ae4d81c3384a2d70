"use client";

import { useId, useState, type ClipboardEvent, type FocusEvent, type Ref } from "react";
import { cn } from "@/components/ui/cn";
import { FormFieldContext, useFormFieldControl } from "@/components/ui/form-field-context";
import { inputClassName } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { formatPhone } from "@/lib/shared/format/text";
import { useI18n } from "@/lib/browser/i18n";
import { unmaskDocument } from "@/lib/shared/validation/documents";
import {
  detectPixKeyType,
  normalizePixKey,
  pixKeyProblem,
  PIX_KEY_TYPES,
  type PixKeyType,
} from "@/lib/shared/validation/pix";
import { useMaskedChange } from "./caret";
import { StandaloneError } from "./standalone-error";
import { useControlError } from "./use-control-error";

function maskCpf(value: string): string {
  const d = value.replace(/\D/g, "").slice(0, 11);
  return d
    .replace(/^(\d{3})(\d)/, "$1.$2")
    .replace(/^(\d{3})\.(\d{3})(\d)/, "$1.$2.$3")
    .replace(/\.(\d{3})(\d{1,2})$/, ".$1-$2");
}

/** CNPJ mask from the first character (alphanumeric CNPJ allowed in the first 12). */
function maskCnpj(value: string): string {
  const raw = unmaskDocument(value)
    .replace(/[^0-9A-Z]/g, "")
    .slice(0, 14);
  let out = "";
  for (let i = 0; i < raw.length; i++) {
    if (i === 2 || i === 5) out += ".";
    else if (i === 8) out += "/";
    else if (i === 12) out += "-";
    out += raw.charAt(i);
  }
  return out;
}

/** How a key of each type is shown while typing. */
export function formatPixKeyInput(type: PixKeyType, value: string): string {
  switch (type) {
    case "cpf":
      return maskCpf(value);
    case "cnpj":
      return maskCnpj(value);
    case "phone":
      return formatPhone(value);
    case "email":
      return value.replace(/\s/g, "");
    case "evp":
      return value.replace(/\s/g, "").toLowerCase();
  }
}

/** Error key for a key as typed (null when empty or valid). */
export function pixKeyError(type: PixKeyType, value: string): string | null {
  if (value.trim() === "") return null;
  return pixKeyProblem(type, normalizePixKey(type, value));
}

const INPUT_MODE: Record<PixKeyType, "numeric" | "text" | "tel" | "email"> = {
  cpf: "numeric",
  cnpj: "text",
  phone: "tel",
  email: "email",
  evp: "text",
};

const PLACEHOLDER: Record<PixKeyType, string> = {
  cpf: "000.000.000-00",
  cnpj: "00.000.000/0000-00",
  phone: "+55 (11) 91234-5678",
  email: "nome@empresa.com.br",
  evp: "123e4567-e89b-42d3-a456-426614174000",
};

export interface PixKeyInputProps {
  type: PixKeyType;
  onTypeChange: (type: PixKeyType) => void;
  /** The key as typed (masked); `payoutInputSchema` normalises it. */
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  name?: string;
  typeName?: string;
  id?: string;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
  className?: string;
  /** Check the key against its type when the field is left (default true). */
  validateOnBlur?: boolean;
}

/**
 * Pix key: a type select (CPF, CNPJ, e-mail, celular, chave aleatória) and the
 * key. Placeholder and mobile keyboard follow the type; CPF, CNPJ and phone are
 * masked as typed; pasting a key picks its type automatically (announced to
 * screen readers). Wire both values to the form:
 *
 *   <FormField label={t("pixKey.key")} error={errors.pix_key?.message ?? errors.pix_key_type?.message}>
 *     <PixKeyInput type={watch("pix_key_type")} onTypeChange={(v) => setValue("pix_key_type", v, { shouldValidate: isSubmitted })}
 *                  value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
 *   </FormField>
 */
export function PixKeyInput({
  type,
  onTypeChange,
  value,
  onChange,
  onBlur,
  name,
  typeName,
  id,
  disabled,
  ref,
  className,
  validateOnBlur = true,
}: PixKeyInputProps) {
  const { t } = useI18n();
  const { error, setError, standalone } = useControlError();
  const [touched, setTouched] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const baseId = useId();
  const typeId = `pix-type-${baseId}`;
  const standaloneErrorId = `pix-error-${baseId}`;
  const control = useFormFieldControl({
    id,
    "aria-describedby": standalone && error ? standaloneErrorId : undefined,
    "aria-invalid": error ? true : undefined,
  });

  const current = value ?? "";

  const handleChange = useMaskedChange(
    (raw) => formatPixKeyInput(type, raw),
    (next) => {
      onChange(next);
      if (touched && validateOnBlur) setError(pixKeyError(type, next));
      else if (pixKeyError(type, next) === null) setError(null);
    },
  );

  const handleTypeChange = (next: PixKeyType) => {
    onTypeChange(next);
    const reformatted = current ? formatPixKeyInput(next, current) : current;
    if (reformatted !== current) onChange(reformatted);
    setError(touched && validateOnBlur ? pixKeyError(next, reformatted) : null);
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData("text").trim();
    if (!pasted) return;
    const detected = detectPixKeyType(pasted);
    if (!detected) return;
    event.preventDefault();
    const formatted = formatPixKeyInput(detected, pasted);
    if (detected !== type) {
      onTypeChange(detected);
      setAnnouncement(t("pixKey.detected", { type: t(`pixKey.type.${detected}`) }));
    }
    onChange(formatted);
    setError(validateOnBlur ? pixKeyError(detected, formatted) : null);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    setTouched(true);
    if (validateOnBlur) setError(pixKeyError(type, current));
    onBlur?.(event);
  };

  return (
    <div className={cn("grid gap-1.5", className)} data-slot="pix-key-input">
      <div className="grid grid-cols-[minmax(0,8.75rem)_minmax(0,1fr)] gap-2">
        {/* The select is labelled on its own; keep the field's id/ARIA for the key input. */}
        <FormFieldContext.Provider value={null}>
          <NativeSelect
            id={typeId}
            name={typeName}
            aria-label={t("pixKey.type")}
            value={type}
            disabled={disabled}
            onChange={(e) => {
              const next = PIX_KEY_TYPES.find((option) => option === e.target.value);
              if (next) handleTypeChange(next);
            }}
          >
            {PIX_KEY_TYPES.map((option) => (
              <option key={option} value={option}>
                {t(`pixKey.type.${option}`)}
              </option>
            ))}
          </NativeSelect>
        </FormFieldContext.Provider>
        <input
          {...control}
          ref={ref}
          name={name}
          type={type === "email" ? "email" : "text"}
          inputMode={INPUT_MODE[type]}
          autoComplete="off"
          autoCapitalize={type === "cnpj" ? "characters" : "none"}
          spellCheck={false}
          disabled={disabled}
          data-slot="pix-key"
          data-pix-type={type}
          value={current}
          placeholder={PLACEHOLDER[type]}
          onChange={handleChange}
          onPaste={handlePaste}
          onBlur={handleBlur}
          className={cn(inputClassName, type !== "email" && "font-mono")}
        />
      </div>
      <span className="sr-only" role="status" aria-live="polite">
        {announcement}
      </span>
      <StandaloneError id={standaloneErrorId} error={error} standalone={standalone} />
    </div>
  );
}
