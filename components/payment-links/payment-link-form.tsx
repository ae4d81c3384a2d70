"use client";

import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { Controller } from "react-hook-form";
import { toast } from "sonner";
import { DateTimeInput } from "@/components/forms/date-time-input";
import { FormField } from "@/components/forms/form-field";
import { MoneyInput } from "@/components/forms/money-input";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Textarea } from "@/components/ui/textarea";
import { applyServerErrors } from "@/lib/browser/bff-client/form-errors";
import { isBffRequestError } from "@/lib/browser/bff-client/errors";
import { useIdempotencyKey } from "@/lib/browser/hooks/use-idempotency-key";
import { useZodForm } from "@/lib/browser/hooks/use-zod-form";
import { useI18n } from "@/lib/browser/i18n";
import { createPaymentLinkBodySchema, type CreatePaymentLinkBody, type CreatePaymentLinkInput } from "@/lib/shared/schemas/payment-link";
import { useCreatePaymentLink } from "@/lib/browser/query/payment-links";
import { publicLinkUrl, slugify, type AmountKind } from "./link-model";

const KNOWN_FIELDS = [
  "name",
  "slug",
  "description",
  "amount_centavos",
  "min_amount_centavos",
  "max_sales",
  "expires_at",
  "collect_customer_data",
] as const satisfies readonly (keyof CreatePaymentLinkInput)[];

const NAME_MAX = 120;
const DESCRIPTION_MAX = 500;
const SLUG_MAX = 64;

/** What the API gets: empty optional text left out, so retries send identical bytes. */
function toBody(values: CreatePaymentLinkBody): CreatePaymentLinkBody {
  const body: CreatePaymentLinkBody = { ...values };
  if (!body.description) delete body.description;
  return body;
}

/** Messages zod's defaults produce for bounds the shared schema leaves untranslated. */
function maxSalesMessage(type: string | undefined, message: string | undefined): string | undefined {
  if (type === "too_big") return "paymentLinks.form.maxSalesTooBig";
  return message;
}

/**
 * /payment-links/new: the create form. The slug follows the name until the
 * operator edits it; the amount is either fixed or a minimum; the expiry is
 * typed in the operator's zone and sent as UTC. One idempotency key per link,
 * kept across retries, so a double click or a retry after a timeout never
 * creates two links.
 */
export function PaymentLinkForm({ baseUrl }: { baseUrl: string }) {
  const { t } = useI18n();
  const router = useRouter();
  const formId = useId();
  const form = useZodForm(createPaymentLinkBodySchema, {
    defaultValues: {
      name: "",
      slug: "",
      description: "",
      amount_centavos: undefined,
      min_amount_centavos: undefined,
      max_sales: undefined,
      expires_at: undefined,
      collect_customer_data: false,
    },
  });
  const { errors, isSubmitted, touchedFields } = form.formState;
  const [amountMode, setAmountMode] = useState<AmountKind>("fixed");
  const [slugAuto, setSlugAuto] = useState(true);
  const [maxSalesText, setMaxSalesText] = useState("");
  const { key: idempotencyKey, renew } = useIdempotencyKey();
  const create = useCreatePaymentLink();
  const [panelError, setPanelError] = useState<unknown>(null);
  const [unmatched, setUnmatched] = useState<Record<string, string>>({});

  const slug = form.watch("slug");
  const description = form.watch("description") ?? "";
  const previewUrl = publicLinkUrl(baseUrl, slug?.trim() || t("paymentLinks.form.slugPlaceholder"));

  const nameField = form.register("name", {
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      if (!slugAuto) return;
      form.setValue("slug", slugify(event.target.value), { shouldDirty: true, shouldValidate: Boolean(touchedFields.slug) || isSubmitted });
    },
  });
  const slugField = form.register("slug", {
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      // Editing the slug stops the suggestion; clearing it brings the suggestion back.
      setSlugAuto(event.target.value.trim() === "");
    },
  });

  const switchAmountMode = (next: AmountKind) => {
    if (next === amountMode) return;
    const from = amountMode === "fixed" ? "amount_centavos" : "min_amount_centavos";
    const to = next === "fixed" ? "amount_centavos" : "min_amount_centavos";
    const value = form.getValues(from);
    form.setValue(from, undefined);
    form.setValue(to, value, { shouldDirty: true });
    form.clearErrors(["amount_centavos", "min_amount_centavos"]);
    setAmountMode(next);
  };

  // handleSubmit validates asynchronously: without this guard a double click
  // would pass validation twice before the mutation reports it is pending.
  const inFlight = useRef(false);

  const submitValid = (values: CreatePaymentLinkBody) => {
    setPanelError(null);
    setUnmatched({});
    create.mutate(
      { input: toBody(values), idempotencyKey },
      {
        onSuccess: (created) => {
          renew();
          toast.success(t("paymentLinks.form.created", { name: created.name }));
          router.push(`/payment-links?id=${encodeURIComponent(created.id)}`);
        },
        onError: (error) => {
          const result = applyServerErrors(error, form.setError, { knownFields: KNOWN_FIELDS });
          if (isBffRequestError(error) && error.code === "slug_taken") {
            setSlugAuto(false);
            form.setError("slug", { type: "server", message: "paymentLinks.form.slugTaken" }, { shouldFocus: true });
          }
          setUnmatched(result.unmatched);
          setPanelError(error);
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (inFlight.current) {
      event.preventDefault();
      return;
    }
    inFlight.current = true;
    void form.handleSubmit(submitValid, () => {
      inFlight.current = false;
    })(event);
  };

  const amountError = amountMode === "fixed" ? errors.amount_centavos?.message : (errors.min_amount_centavos?.message ?? errors.amount_centavos?.message);
  const transient = isBffRequestError(panelError) && panelError.isTransient;
  const conflict = isBffRequestError(panelError) && panelError.code === "idempotency_conflict";

  return (
    <>
      <PageHeader
        title={t("paymentLinks.form.title")}
        description={t("paymentLinks.form.description")}
        eyebrow={
          <Link href="/payment-links" className="inline-flex items-center gap-1 rounded hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring">
            <ArrowLeft className="size-3.5" aria-hidden="true" />
            {t("nav.paymentLinks")}
          </Link>
        }
      />
      <form noValidate onSubmit={onSubmit} aria-busy={create.isPending || undefined} className="max-w-2xl">
        <Card>
          <CardHeader>
            <CardTitle>{t("paymentLinks.form.section.what")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <FormField label={t("paymentLinks.field.name")} error={errors.name?.message} description={t("paymentLinks.form.nameHint")} required>
              <Input autoComplete="off" maxLength={NAME_MAX} placeholder={t("paymentLinks.form.namePlaceholder")} {...nameField} />
            </FormField>

            <FormField
              label={t("paymentLinks.field.slug")}
              error={errors.slug?.message}
              required
              description={
                <>
                  <span className="block">{slugAuto ? t("paymentLinks.form.slugAuto") : t("paymentLinks.form.slugHint")}</span>
                  <span className="mt-0.5 block font-mono break-all text-foreground/80" data-testid="slug-preview">
                    {previewUrl}
                  </span>
                </>
              }
            >
              <Input
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={SLUG_MAX}
                className="font-mono"
                placeholder={t("paymentLinks.form.slugPlaceholder")}
                {...slugField}
              />
            </FormField>

            <FormField
              label={t("paymentLinks.field.description")}
              optional
              error={errors.description?.message}
              description={t("paymentLinks.form.descriptionCount", { count: description.length, max: DESCRIPTION_MAX })}
            >
              <Textarea rows={3} maxLength={DESCRIPTION_MAX} placeholder={t("paymentLinks.form.descriptionPlaceholder")} {...form.register("description")} />
            </FormField>
          </CardContent>
        </Card>

        <Card className="mt-4">
          <CardHeader>
            <CardTitle>{t("paymentLinks.form.section.price")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">{t("paymentLinks.form.amountMode")}</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {(["fixed", "minimum"] as const).map((mode) => {
                  const id = `${formId}-mode-${mode}`;
                  const checked = amountMode === mode;
                  return (
                    <label
                      key={mode}
                      htmlFor={id}
                      className={cn(
                        "flex cursor-pointer gap-3 rounded-md border bg-card p-3 text-sm transition-colors hover:bg-muted/60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                        checked && "border-primary bg-accent/60",
                      )}
                    >
                      <input
                        id={id}
                        type="radio"
                        name={`${formId}-amount-mode`}
                        value={mode}
                        checked={checked}
                        onChange={() => switchAmountMode(mode)}
                        className="mt-0.5 size-4 accent-primary"
                        aria-labelledby={`${id}-label`}
                        aria-describedby={`${id}-hint`}
                      />
                      <span className="grid gap-0.5">
                        <span id={`${id}-label`} className="font-medium">{t(mode === "fixed" ? "paymentLinks.amountType.fixed" : "paymentLinks.amountType.minimum")}</span>
                        <span id={`${id}-hint`} className="text-xs text-muted-foreground">
                          {t(mode === "fixed" ? "paymentLinks.form.fixedHint" : "paymentLinks.form.minimumHint")}
                        </span>
                      </span>
                    </label>
                  );
                })}
              </div>
            </fieldset>

            {amountMode === "fixed" ? (
              <Controller
                key="fixed"
                control={form.control}
                name="amount_centavos"
                render={({ field }) => (
                  <FormField label={t("paymentLinks.field.amount")} error={amountError} required className="max-w-xs">
                    <MoneyInput value={field.value} onChange={field.onChange} onBlur={field.onBlur} name={field.name} ref={field.ref} />
                  </FormField>
                )}
              />
            ) : (
              <Controller
                key="minimum"
                control={form.control}
                name="min_amount_centavos"
                render={({ field }) => (
                  <FormField label={t("paymentLinks.field.minAmount")} error={amountError} description={t("paymentLinks.form.minAmountHint")} required className="max-w-xs">
                    <MoneyInput
                      value={field.value}
                      onChange={(value) => {
                        field.onChange(value);
                        if (value !== undefined) form.clearErrors("amount_centavos");
                      }}
                      onBlur={field.onBlur}
                      name={field.name}
                      ref={field.ref}
                    />
                  </FormField>
                )}
              />
            )}

            <Controller
              control={form.control}
              name="max_sales"
              render={({ field, fieldState }) => (
                <FormField
                  label={t("paymentLinks.field.maxSales")}
                  optional
                  error={maxSalesMessage(fieldState.error?.type, fieldState.error?.message)}
                  description={t("paymentLinks.form.maxSalesHint")}
                >
                  <Input
                    ref={field.ref}
                    name={field.name}
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={9}
                    className="max-w-48 tabular-nums"
                    placeholder={t("paymentLinks.noLimit")}
                    value={maxSalesText}
                    onChange={(event) => {
                      const digits = event.target.value.replace(/\D/g, "");
                      setMaxSalesText(digits);
                      field.onChange(digits === "" ? undefined : Number(digits));
                    }}
                    onBlur={field.onBlur}
                  />
                </FormField>
              )}
            />
          </CardContent>
        </Card>

        <Card className="mt-4">
          <CardHeader>
            <CardTitle>{t("paymentLinks.form.section.options")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <Controller
              control={form.control}
              name="expires_at"
              render={({ field }) => (
                <FormField label={t("paymentLinks.field.expiresAt")} optional error={errors.expires_at?.message} description={t("paymentLinks.form.expiresHint")}>
                  <DateTimeInput value={field.value} onChange={field.onChange} onBlur={field.onBlur} name={field.name} ref={field.ref} min={new Date().toISOString()} className="max-w-64" />
                </FormField>
              )}
            />

            <div className="flex gap-3">
              <input
                id={`${formId}-collect`}
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-primary"
                aria-describedby={`${formId}-collect-hint`}
                {...form.register("collect_customer_data")}
              />
              <div className="grid gap-0.5">
                <label htmlFor={`${formId}-collect`} className="text-sm font-medium">
                  {t("paymentLinks.field.collectCustomerData")}
                </label>
                <p id={`${formId}-collect-hint`} className="text-xs text-muted-foreground">
                  {t("paymentLinks.form.collectHint")}
                </p>
              </div>
            </div>
          </CardContent>
        </Card>

        {panelError ? (
          <div className="mt-4">
            <ErrorPanel
              error={panelError}
              title={conflict ? t("paymentLinks.form.conflictTitle") : t("paymentLinks.form.failed")}
              unmatchedFields={unmatched}
              actions={
                conflict ? (
                  <Button asChild variant="outline" size="sm">
                    <Link href="/payment-links">{t("paymentLinks.form.checkList")}</Link>
                  </Button>
                ) : undefined
              }
            />
            {transient ? <p className="mt-2 text-xs text-muted-foreground">{t("paymentLinks.form.retrySafe")}</p> : null}
          </div>
        ) : null}

        <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="outline">
            <Link href="/payment-links">{t("common.cancel")}</Link>
          </Button>
          <Button type="submit" loading={create.isPending}>
            {create.isPending ? t("paymentLinks.form.submitting") : t("paymentLinks.form.submit")}
          </Button>
        </div>
      </form>
    </>
  );
}
