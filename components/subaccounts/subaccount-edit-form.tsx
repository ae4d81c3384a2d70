"use client";

import { useEffect, useMemo, useState, type FormEvent } from "react";
import { lazyOnDemand, useOpenedOnce } from "@/components/ui/lazy-on-demand";
import { Controller, useWatch } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import { DocumentInput } from "@/components/forms/document-input";
import { FormField } from "@/components/forms/form-field";
import { MoneyInput } from "@/components/forms/money-input";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Input } from "@/components/ui/input";
import { parseMoneyInput } from "@/lib/shared/format/number";
import { useIdempotentSubmit } from "@/lib/browser/hooks/use-idempotent-submit";
import { useZodForm } from "@/lib/browser/hooks/use-zod-form";
import { useI18n } from "@/lib/browser/i18n";
import type { UpdateSubaccountBody } from "@/lib/shared/schemas/subaccount";
import { useUpdateSubaccount } from "@/lib/browser/query/subaccounts";
import type { KnownSubaccount } from "@/lib/shared/schemas/known-subaccount";
import {
  bodyFingerprint,
  describeChanges,
  EDITABLE_FIELDS,
  initialEditValues,
  pendingChanges,
  subaccountEditSchema,
  type SubaccountEditValues,
} from "./subaccount-changes";

/** The review dialog (and the dialog code under it) loads when the operator first reviews an edit. */
const editReview = lazyOnDemand(() => import("./subaccount-edit-review").then((m) => m.SubaccountEditReview), {
  controls: ({ open, onClose }) => ({ open, close: onClose }),
});

type MoneyField = "daily_limit_centavos" | "monthly_limit_centavos";

export interface SubaccountEditFormProps {
  id: string;
  /** The known state, or null when the dashboard has never seen this subaccount (empty fields; only filled ones are sent). */
  subaccount: KnownSubaccount | null;
}

/**
 * Edits name, e-mail, document and limits. Only changed (non-blank) fields are
 * sent; the operator reviews "current → new" before saving. One idempotency
 * key per edit (useIdempotentSubmit): the same key for retries of the same
 * change after an unknown outcome, a new one for a different change, after
 * success and after a definite refusal.
 */
export function SubaccountEditForm({ id, subaccount }: SubaccountEditFormProps) {
  const { t } = useI18n();
  const schema = useMemo(() => subaccountEditSchema(subaccount), [subaccount]);
  const form = useZodForm(schema, { defaultValues: initialEditValues(subaccount) });
  const update = useUpdateSubaccount(id);
  const [review, setReview] = useState<UpdateSubaccountBody | null>(null);
  const reviewMounted = useOpenedOnce(review !== null);
  const [panelError, setPanelError] = useState<unknown>(null);
  const [unmatched, setUnmatched] = useState<Record<string, string> | undefined>(undefined);
  const [moneyText, setMoneyText] = useState<Partial<Record<MoneyField, string>>>({});
  const { isDirty } = form.formState;

  // A fresh state from the server (after a save, a block, or another operator's
  // change) becomes the form's starting point unless the operator is typing.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(initialEditValues(subaccount));
  }, [subaccount, form]);

  const values = useWatch({ control: form.control }) as Partial<SubaccountEditValues>;
  const changeCount = Object.keys(
    pendingChanges(
      {
        name: values.name ?? "",
        email: values.email ?? "",
        document: values.document ?? "",
        daily_limit_centavos: values.daily_limit_centavos,
        monthly_limit_centavos: values.monthly_limit_centavos,
      },
      subaccount,
    ),
  ).length;
  const unparseableMoney = (["daily_limit_centavos", "monthly_limit_centavos"] as const).filter((field) => {
    const text = moneyText[field]?.trim() ?? "";
    return text !== "" && parseMoneyInput(text) === null;
  });

  const openReview = form.handleSubmit((body) => {
    setPanelError(null);
    setUnmatched(undefined);
    setReview(body);
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (unparseableMoney.length > 0) {
      event.preventDefault();
      unparseableMoney.forEach((field, index) =>
        form.setError(field, { type: "format", message: "validation.money" }, { shouldFocus: index === 0 }),
      );
      return;
    }
    void openReview(event);
  };

  const submitter = useIdempotentSubmit({
    mutation: update,
    variables: (body: UpdateSubaccountBody, idempotencyKey) => ({ body, idempotencyKey }),
    // Same change → same key (a retry); a different change → a new key.
    fingerprint: bodyFingerprint,
    fields: { setError: form.setError, knownFields: EDITABLE_FIELDS },
    onSend: () => {
      setPanelError(null);
      setUnmatched(undefined);
    },
    onSuccess: (known) => {
      setReview(null);
      setMoneyText({});
      form.reset(initialEditValues(known));
      if (known.replayed_older_change) toast.warning(t("subaccounts.replayedOlder.update", { name: known.name || id }));
      else toast.success(t("subaccounts.edit.saved", { name: known.name || id }));
    },
    onError: (error, { applied, unmatched: rest }) => {
      const unmatchedFields = Object.keys(rest).length > 0 ? rest : undefined;
      if (applied.length > 0) setReview(null); // the messages are next to the fields
      if (applied.length === 0 || unmatchedFields) {
        setPanelError(error);
        setUnmatched(applied.length > 0 ? unmatchedFields : undefined);
      }
      toast.error(t("subaccounts.edit.failed"));
    },
  });

  const confirm = () => {
    if (review) submitter.submit(review);
  };

  const discard = () => {
    form.reset(initialEditValues(subaccount));
    setMoneyText({});
    setPanelError(null);
    setUnmatched(undefined);
  };

  const changes = review ? describeChanges(review, subaccount) : [];
  const name = subaccount?.name || id;
  const { errors } = form.formState;

  const moneyField = (field: MoneyField, label: string) => (
    <Controller
      control={form.control}
      name={field}
      render={({ field: control, fieldState }) => (
        <FormField label={label} error={fieldState.error?.message} optional={subaccount === null}>
          <MoneyInput
            name={control.name}
            ref={control.ref}
            value={control.value}
            onChange={control.onChange}
            onBlur={control.onBlur}
            onInput={(e) => {
              const text = e.currentTarget.value;
              setMoneyText((prev) => ({ ...prev, [field]: text }));
            }}
          />
        </FormField>
      )}
    />
  );

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-describedby="subaccount-edit-hint">
        <p id="subaccount-edit-hint" className="text-sm text-muted-foreground">
          {subaccount ? t("subaccounts.edit.hintKnown") : t("subaccounts.edit.hintUnknown")}
        </p>
        <FormField label={t("subaccounts.field.name")} error={errors.name?.message} optional={subaccount === null}>
          <Input {...form.register("name")} autoComplete="off" maxLength={120} />
        </FormField>
        <FormField label={t("subaccounts.field.email")} error={errors.email?.message} optional={subaccount === null}>
          <Input {...form.register("email")} type="email" inputMode="email" autoComplete="off" spellCheck={false} />
        </FormField>
        <Controller
          control={form.control}
          name="document"
          render={({ field, fieldState }) => (
            <FormField
              label={t("subaccounts.field.document")}
              description={t("subaccounts.edit.documentHint")}
              error={fieldState.error?.message}
              optional={subaccount === null}
            >
              <DocumentInput
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            </FormField>
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          {moneyField("daily_limit_centavos", t("subaccounts.field.dailyLimit"))}
          {moneyField("monthly_limit_centavos", t("subaccounts.field.monthlyLimit"))}
        </div>

        {panelError && !review ? <ErrorPanel error={panelError} unmatchedFields={unmatched} headingLevel="h3" /> : null}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
          <p className="text-xs whitespace-nowrap text-muted-foreground sm:mr-auto" aria-live="polite">
            {changeCount > 0
              ? t("subaccounts.edit.changeCount", { count: changeCount })
              : t("subaccounts.edit.noChanges")}
          </p>
          <Button type="button" variant="ghost" onClick={discard} disabled={!isDirty || update.isPending}>
            {t("subaccounts.edit.discard")}
          </Button>
          <Button type="submit" disabled={changeCount === 0 || update.isPending} loading={update.isPending}>
            {t("subaccounts.edit.review")}
          </Button>
        </div>
      </form>

      {reviewMounted ? (
        <editReview.Component
          open={review !== null}
          onClose={() => setReview(null)}
          onConfirm={confirm}
          name={name}
          changes={changes}
          unknownSubaccount={subaccount === null}
          pending={update.isPending}
          error={review ? panelError : null}
          errorFields={unmatched}
          failed={Boolean(panelError)}
        />
      ) : null}
    </>
  );
}
