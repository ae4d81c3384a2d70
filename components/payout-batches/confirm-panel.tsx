"use client";

import { Send } from "lucide-react";
import { useState } from "react";
import { FormField } from "@/components/forms/form-field";
import { MoneyInput } from "@/components/forms/money-input";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { isBffRequestError } from "@/lib/browser/bff-client/errors";
import { useI18n } from "@/lib/browser/i18n";
import { useBatchAction } from "@/lib/browser/query/payout-batches";
import type { Batch } from "@/lib/shared/schemas/payout-batches";
import { CancelBatchButton } from "./batch-actions";

const TYPED_TOTAL = "typed_total_centavos";

/**
 * The last step before anything is sent: the batch is written (every row an
 * intent), awaiting confirmation. "Confirm and send" starts it. When the total
 * is above the confirmation threshold (the batch says so: typed_total_required)
 * the field for the typed total is shown from the start. The server enforces it
 * (a 422 on typed_total_centavos), so if the threshold changed since the batch
 * was read the field appears then, with its message. A failure keeps what was typed.
 */
export function ConfirmPanel({ batch, onConfirmed }: { batch: Batch; onConfirmed?: (batch: Batch) => void }) {
  const { t, formatMoney } = useI18n();
  const action = useBatchAction(batch.id);
  const [typed, setTyped] = useState<number | undefined>(undefined);
  const [askTotal, setAskTotal] = useState(batch.typed_total_required);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  const confirm = () => {
    if (action.isPending) return;
    if (askTotal && typed === undefined) {
      setFieldError("batches.confirm.typeTotal");
      return;
    }
    setError(null);
    setFieldError(null);
    action.mutate(
      { action: "confirm", typedTotalCentavos: askTotal ? typed : undefined },
      {
        onSuccess: (confirmed) => onConfirmed?.(confirmed),
        onError: (failure) => {
          const message = isBffRequestError(failure) ? failure.fields[TYPED_TOTAL] : undefined;
          if (message) {
            setAskTotal(true);
            // The first time the server asks, its message says why; after a wrong amount, that it differs.
            setFieldError(askTotal ? message : "batches.confirm.aboveThreshold");
            return;
          }
          setError(failure);
        },
      },
    );
  };

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        confirm();
      }}
    >
      <p className="text-sm">
        {t("batches.confirm.summary", { count: batch.row_count, total: formatMoney(batch.total_centavos) })}
      </p>
      {askTotal ? (
        <FormField
          label={t("batches.confirm.typedTotal")}
          description={t("batches.confirm.typedTotalHint")}
          error={fieldError}
        >
          <MoneyInput value={typed} onChange={setTyped} autoFocus />
        </FormField>
      ) : null}
      {error ? <ErrorPanel error={error} headingLevel="h3" title={t("batches.confirm.failed")} /> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <CancelBatchButton batch={batch} />
        <Button type="submit" size="lg" loading={action.isPending}>
          {action.isPending ? null : <Send aria-hidden="true" />}
          {t("batches.confirm.submit", { count: batch.row_count })}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground sm:text-right">{t("batches.confirm.note")}</p>
    </form>
  );
}
