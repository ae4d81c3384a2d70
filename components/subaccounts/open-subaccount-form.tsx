"use client";

import { ArrowRight } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Input } from "@/components/ui/input";
import { useIdEntry } from "@/lib/browser/hooks/use-id-entry";
import { useI18n } from "@/lib/browser/i18n";

/** Path of a subaccount's page. */
export function subaccountHref(id: string): string {
  return `/subaccounts/${encodeURIComponent(id)}`;
}

/**
 * "Open by id": the API cannot list subaccounts, so this is how an operator
 * reaches one the dashboard has not seen yet.
 */
/** Id of the "open by id" input, so an empty state can send focus to it. */
export const OPEN_SUBACCOUNT_INPUT_ID = "open-subaccount-id";

export function OpenSubaccountForm({ className }: { className?: string }) {
  const { t } = useI18n();
  const router = useRouter();
  const [navigating, startTransition] = useTransition();
  const { inputProps, error, onSubmit } = useIdEntry({
    onValid: (id) => startTransition(() => router.push(subaccountHref(id))),
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={cn("flex flex-col gap-2 sm:flex-row sm:items-start", className)}
      aria-label={t("subaccounts.openById.title")}
    >
      <FormField
        id={OPEN_SUBACCOUNT_INPUT_ID}
        label={t("subaccounts.openById.label")}
        error={error}
        className="min-w-0 flex-1"
      >
        <Input
          {...inputProps}
          placeholder={t("subaccounts.openById.placeholder")}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          className="font-mono"
        />
      </FormField>
      <Button type="submit" variant="outline" loading={navigating} className="sm:mt-[1.375rem]">
        {t("subaccounts.openById.submit")}
        {navigating ? null : <ArrowRight aria-hidden="true" />}
      </Button>
    </form>
  );
}
