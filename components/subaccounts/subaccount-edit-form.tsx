"use client";

import { ArrowRight, LoaderCircle } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { Controller, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { DocumentInput } from "@/components/forms/document-input";
import { FormField } from "@/components/forms/form-field";
import { MoneyInput } from "@/components/forms/money-input";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Input } from "@/components/ui/input";
import { applyServerErrors } from "@/lib/browser/bff-client/form-errors";
import { parseMoneyInput } from "@/lib/shared/format/number";
import { newIdempotencyKey, useIdempotencyKey } from "@/lib/browser/hooks/use-idempotency-key";
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
import { FieldValue, useFieldLabel } from "./subaccount-display";

type MoneyField = "daily_limit_centavos" | "monthly_limit_centavos";

export interface SubaccountEditFormProps {
  id: string;
  /** The known state, or null when the dashboard has never seen this subaccount (empty fields; only filled ones are sent). */
  subaccount: KnownSubaccount | null;
}

/**
 * Edits name, e-mail, document and limits. Only changed (non-blank) fields are
 * sent; the operator reviews "current → new" before saving. One idempotency
 * key per edit: the same key for retries of the same change, a new one for a
 * different change and after success.
 */
export function SubaccountEditForm({ id, subaccount }: SubaccountEditFormProps) {
  const { t } = useI18n();
  const fieldLabel = useFieldLabel();
  const schema = useMemo(() => subaccountEditSchema(subaccount), [subaccount]);
  const form = useZodForm(schema, { defaultValues: initialEditValues(subaccount) });
  const update = useUpdateSubaccount(id);
  const { key, renew } = useIdempotencyKey();
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const [review, setReview] = useState<UpdateSubaccountBody | null>(null);
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
      unparseableMoney.forEach((field, index) => form.setError(field, { type: "format", message: "validation.money" }, { shouldFocus: index === 0 }));
      return;
    }
    void openReview(event);
  };

  /** Same change → same key (a retry); a different change → a new key. */
  const keyFor = (fingerprint: string): string => {
    if (!attempt.current) attempt.current = { fingerprint, key };
    else if (attempt.current.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newIdempotencyKey() };
    return attempt.current.key;
  };

  const confirm = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault(); // stay open while saving
    if (!review) return;
    const body = review;
    setPanelError(null);
    setUnmatched(undefined);
    update.mutate(
      { body, idempotencyKey: keyFor(bodyFingerprint(body)) },
      {
        onSuccess: (known) => {
          attempt.current = null;
          renew();
          setReview(null);
          setMoneyText({});
          form.reset(initialEditValues(known));
          toast.success(t("subaccounts.edit.saved", { name: known.name || id }));
        },
        onError: (error) => {
          const result = applyServerErrors(error, form.setError, { knownFields: EDITABLE_FIELDS });
          const rest = Object.keys(result.unmatched).length > 0 ? result.unmatched : undefined;
          if (result.applied.length > 0) setReview(null); // the messages are next to the fields
          if (result.applied.length === 0 || rest) {
            setPanelError(error);
            setUnmatched(result.applied.length > 0 ? rest : undefined);
          }
          toast.error(t("subaccounts.edit.failed"));
        },
      },
    );
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
            <FormField label={t("subaccounts.field.document")} description={t("subaccounts.edit.documentHint")} error={fieldState.error?.message} optional={subaccount === null}>
              <DocumentInput name={field.name} ref={field.ref} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
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
            {changeCount > 0 ? t("subaccounts.edit.changeCount", { count: changeCount }) : t("subaccounts.edit.noChanges")}
          </p>
          <Button type="button" variant="ghost" onClick={discard} disabled={!isDirty || update.isPending}>
            {t("subaccounts.edit.discard")}
          </Button>
          <Button type="submit" disabled={changeCount === 0 || update.isPending} loading={update.isPending}>
            {t("subaccounts.edit.review")}
          </Button>
        </div>
      </form>

      <AlertDialog
        open={review !== null}
        onOpenChange={(open) => {
          if (!open && !update.isPending) setReview(null);
        }}
      >
        <AlertDialogContent className="max-w-lg">
          <AlertDialogHeader>
            <AlertDialogTitle>{t("subaccounts.confirm.title")}</AlertDialogTitle>
            <AlertDialogDescription>{t("subaccounts.confirm.description", { name })}</AlertDialogDescription>
          </AlertDialogHeader>
          <div className="overflow-hidden rounded-md border">
            <table className="w-full text-sm" aria-label={t("subaccounts.confirm.tableLabel")}>
              <thead className="bg-muted text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="w-[38%] px-3 py-2 text-left font-medium">
                    {t("subaccounts.confirm.field")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-left font-medium">
                    {t("subaccounts.confirm.change")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {changes.map((change) => (
                  <tr key={change.field} className="border-t align-top" data-field={change.field}>
                    <th scope="row" className="px-3 py-2 text-left font-medium">
                      {fieldLabel(change.field)}
                    </th>
                    <td className="px-3 py-2">
                      <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                        <FieldValue field={change.field} value={change.before} className="text-muted-foreground" />
                        <ArrowRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                        <span className="sr-only"> {t("subaccounts.confirm.to")} </span>
                        <FieldValue field={change.field} value={change.after} className="font-medium" />
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {subaccount === null ? <p className="text-xs text-muted-foreground">{t("subaccounts.confirm.unknownNote")}</p> : null}
          {panelError && review ? <ErrorPanel error={panelError} unmatchedFields={unmatched} headingLevel="h3" /> : null}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={update.isPending}>{t("subaccounts.confirm.back")}</AlertDialogCancel>
            <AlertDialogAction onClick={confirm} disabled={update.isPending} aria-busy={update.isPending || undefined}>
              {update.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              {update.isPending ? t("subaccounts.saving") : panelError ? t("subaccounts.confirm.retry") : t("subaccounts.confirm.save")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
