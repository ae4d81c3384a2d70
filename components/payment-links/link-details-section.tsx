"use client";

import { FormField } from "@/components/forms/form-field";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useI18n } from "@/lib/browser/i18n";
import { DESCRIPTION_MAX, NAME_MAX, SLUG_MAX, type PaymentLinkFormApi } from "./link-form-types";
import { publicLinkPreview } from "./link-model";
import type { SlugSuggestion } from "./use-slug-suggestion";

/** "What is sold": name, slug (with the public URL it makes) and description. */
export function LinkDetailsSection({
  form,
  slug: suggestion,
  baseUrl,
}: {
  form: PaymentLinkFormApi;
  slug: SlugSuggestion;
  baseUrl: string;
}) {
  const { t } = useI18n();
  const { errors } = form.formState;
  const slug = form.watch("slug");
  const description = form.watch("description") ?? "";
  const previewUrl = publicLinkPreview(baseUrl, slug?.trim() || t("paymentLinks.form.slugPlaceholder"));

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("paymentLinks.form.section.what")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <FormField
          label={t("paymentLinks.field.name")}
          error={errors.name?.message}
          description={t("paymentLinks.form.nameHint")}
          required
        >
          <Input
            autoComplete="off"
            maxLength={NAME_MAX}
            placeholder={t("paymentLinks.form.namePlaceholder")}
            {...suggestion.nameField}
          />
        </FormField>

        <FormField
          label={t("paymentLinks.field.slug")}
          error={errors.slug?.message}
          required
          description={
            <>
              <span className="block">
                {suggestion.slugAuto ? t("paymentLinks.form.slugAuto") : t("paymentLinks.form.slugHint")}
              </span>
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
            {...suggestion.slugField}
          />
        </FormField>

        <FormField
          label={t("paymentLinks.field.description")}
          optional
          error={errors.description?.message}
          description={t("paymentLinks.form.descriptionCount", { count: description.length, max: DESCRIPTION_MAX })}
        >
          <Textarea
            rows={3}
            maxLength={DESCRIPTION_MAX}
            placeholder={t("paymentLinks.form.descriptionPlaceholder")}
            {...form.register("description")}
          />
        </FormField>
      </CardContent>
    </Card>
  );
}
