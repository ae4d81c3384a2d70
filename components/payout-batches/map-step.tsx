"use client";

import { ArrowRight, CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { useI18n } from "@/lib/browser/i18n";
import {
  BATCH_FIELDS,
  REQUIRED_BATCH_FIELDS,
  autoMapColumns,
  checkMapping,
  type BatchField,
  type ColumnMapping,
} from "@/lib/shared/batch/mapping";
import { columnLetter } from "@/lib/shared/batch/table";
import { StepActions } from "./step-actions";

interface MapStepProps {
  header: readonly string[];
  /** The mapping so far (the automatic one, or the operator's last choice). */
  initial: ColumnMapping;
  onBack: () => void;
  onMapped: (mapping: ColumnMapping) => void;
}

/**
 * Step 2: which column is what. Columns recognised by name come pre-selected;
 * the operator picks the rest (amount and key are required, a column is used
 * once). The same check as the server's (`checkMapping`).
 */
export function MapStep({ header, initial, onBack, onMapped }: MapStepProps) {
  const { t } = useI18n();
  const [mapping, setMapping] = useState<ColumnMapping>(initial);
  const [error, setError] = useState<string | null>(null);
  const auto = autoMapColumns(header);
  const recognised = auto.missing.length === 0 && auto.conflicts.length === 0;

  const choose = (field: BatchField, value: string) => {
    setError(null);
    setMapping((current) => {
      const next = { ...current };
      if (value === "") delete next[field];
      else next[field] = Number(value);
      return next;
    });
  };

  const submit = () => {
    const missing = REQUIRED_BATCH_FIELDS.filter((field) => mapping[field] === undefined);
    if (missing.length > 0) {
      setError(t("batches.map.missing", { fields: missing.map((field) => t(`batch.field.${field}`)).join(", ") }));
      return;
    }
    const checked = checkMapping(header, mapping);
    if (!checked.ok) {
      setError(t(checked.error));
      return;
    }
    onMapped(checked.result.mapping);
  };

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        {recognised ? (
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success-soft-foreground" aria-hidden="true" />
        ) : null}
        {recognised ? t("batches.map.recognised") : t("batches.map.manual")}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {BATCH_FIELDS.map((field) => {
          const required = REQUIRED_BATCH_FIELDS.includes(field);
          const unmapped = required && mapping[field] === undefined;
          return (
            <FormField
              key={field}
              label={t(`batch.field.${field}`)}
              optional={!required}
              required={required}
              error={unmapped && error ? "batches.map.pick" : null}
            >
              <NativeSelect
                value={mapping[field] === undefined ? "" : String(mapping[field])}
                onChange={(event) => choose(field, event.target.value)}
              >
                <option value="">{t("batches.map.none")}</option>
                {header.map((name, index) => (
                  <option key={index} value={index}>
                    {`${columnLetter(index)} · ${name || t("batches.map.blankHeader")}`}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          );
        })}
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive-soft-foreground">
          {error}
        </p>
      ) : null}
      <StepActions backLabel={t("batches.map.otherFile")} onBack={onBack}>
        <Button type="submit">
          {t("batches.map.continue")}
          <ArrowRight aria-hidden="true" />
        </Button>
      </StepActions>
    </form>
  );
}
