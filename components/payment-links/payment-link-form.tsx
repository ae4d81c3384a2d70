"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { toast } from "@/components/ui/toast";
import { BackLink } from "@/components/ui/back-link";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { FormPage } from "@/components/ui/form-page";
import { PageHeader } from "@/components/ui/page-header";
import { isBffRequestError } from "@/lib/browser/bff-client/errors";
import { useIdempotentSubmit } from "@/lib/browser/hooks/use-idempotent-submit";
import { useZodForm } from "@/lib/browser/hooks/use-zod-form";
import { useI18n } from "@/lib/browser/i18n";
import { useCreatePaymentLink } from "@/lib/browser/query/payment-links";
import {
  createPaymentLinkBodySchema,
  type CreatePaymentLinkBody,
  type CreatePaymentLinkInput,
} from "@/lib/shared/schemas/payment-link";
import { LinkDetailsSection } from "./link-details-section";
import { LinkOptionsSection } from "./link-options-section";
import { LinkPriceSection } from "./link-price-section";
import { useSlugSuggestion } from "./use-slug-suggestion";

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

/** What the API gets: empty optional text left out, so retries send identical bytes. */
function toBody(values: CreatePaymentLinkBody): CreatePaymentLinkBody {
  const body: CreatePaymentLinkBody = { ...values };
  if (!body.description) delete body.description;
  return body;
}

/**
 * /payment-links/new: the create form. The slug follows the name until the
 * operator edits it; the amount is either fixed or a minimum; the expiry is
 * typed in the operator's zone and sent as UTC. One idempotency key per link,
 * kept across retries (and across a corrected refusal such as a taken slug,
 * which creates nothing), so a double click or a retry after a timeout never
 * creates two links.
 */
export function PaymentLinkForm({ baseUrl }: { baseUrl: string }) {
  const { t } = useI18n();
  const router = useRouter();
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
  const slug = useSlugSuggestion(form);
  const create = useCreatePaymentLink();
  const [panelError, setPanelError] = useState<unknown>(null);
  const [unmatched, setUnmatched] = useState<Record<string, string>>({});

  const submitter = useIdempotentSubmit({
    mutation: create,
    variables: (values: CreatePaymentLinkBody, idempotencyKey) => ({ input: toBody(values), idempotencyKey }),
    // The operation is "create this one link": its key lasts until the link exists.
    renewAfterRefusal: false,
    fields: { setError: form.setError, knownFields: KNOWN_FIELDS },
    onSend: () => {
      setPanelError(null);
      setUnmatched({});
    },
    onSuccess: (created) => {
      toast.success(t("paymentLinks.form.created", { name: created.name }));
      router.push(`/payment-links?id=${encodeURIComponent(created.id)}`);
    },
    onError: (error, attempt) => {
      if (isBffRequestError(error) && error.knownCode === "slug_taken") {
        slug.stopSuggesting();
        form.setError("slug", { type: "server", message: "paymentLinks.form.slugTaken" }, { shouldFocus: true });
      }
      setUnmatched(attempt.unmatched);
      setPanelError(error);
    },
  });

  const submitWithKey = submitter.onSubmit(form.handleSubmit);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // An expiry typed but unreadable (31/02, half a time) hands the form no value: send nothing rather than a link
    // that never expires. The field already says what is wrong.
    const unreadable = event.currentTarget.querySelector<HTMLInputElement>('[data-slot="date-time-input"]:invalid');
    if (unreadable) {
      event.preventDefault();
      unreadable.focus();
      return;
    }
    submitWithKey(event);
  };

  const transient = isBffRequestError(panelError) && panelError.isTransient;
  const conflict = isBffRequestError(panelError) && panelError.knownCode === "idempotency_conflict";

  return (
    <>
      <PageHeader
        title={t("paymentLinks.form.title")}
        description={t("paymentLinks.form.description")}
        eyebrow={<BackLink href="/payment-links">{t("nav.paymentLinks")}</BackLink>}
      />
      <FormPage>
        <form noValidate onSubmit={onSubmit} aria-busy={submitter.isPending || undefined}>
          <LinkDetailsSection form={form} slug={slug} baseUrl={baseUrl} />
          <LinkPriceSection form={form} />
          <LinkOptionsSection form={form} />

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
              {transient ? (
                <p className="mt-2 text-xs text-muted-foreground">{t("paymentLinks.form.retrySafe")}</p>
              ) : null}
            </div>
          ) : null}

          <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button asChild variant="outline">
              <Link href="/payment-links">{t("common.cancel")}</Link>
            </Button>
            <Button type="submit" loading={submitter.isPending}>
              {submitter.isPending ? t("paymentLinks.form.submitting") : t("paymentLinks.form.submit")}
            </Button>
          </div>
        </form>
      </FormPage>
    </>
  );
}
