"use client";

import { Search } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Input } from "@/components/ui/input";
import { useIdEntry } from "@/lib/browser/hooks/use-id-entry";
import { useI18n } from "@/lib/browser/i18n";

/** Removes every kind of whitespace a paste can bring along (spaces, tabs, line breaks, NBSP). */
function stripSpaces(value: string): string {
  return value.replace(/[\s\u00a0\u200b]+/g, "");
}

export interface PayoutLookupProps {
  /** Prefills the box (e.g. the id that was not found). */
  defaultId?: string;
  /** Focus the box on load: support pastes an id while a customer waits. */
  autoFocus?: boolean;
  /** "lg" on the payouts home, "default" inside other states. */
  size?: "lg" | "default";
  className?: string;
}

/**
 * "Look up a payout by id": trims what was pasted, validates the id's alphabet
 * (the same schema the BFF uses for path ids) and opens /payouts/{id}. Enter submits.
 */
export function PayoutLookup({ defaultId = "", autoFocus = false, size = "lg", className }: PayoutLookupProps) {
  const { t } = useI18n();
  const router = useRouter();
  const [navigating, startTransition] = useTransition();
  const { inputProps, error, onSubmit } = useIdEntry({
    initial: defaultId,
    normalise: stripSpaces,
    onValid: (id) => startTransition(() => router.push(`/payouts/${encodeURIComponent(id)}`)),
  });

  return (
    <form
      role="search"
      aria-label={t("payouts.lookup.title")}
      noValidate
      onSubmit={onSubmit}
      className={cn("grid gap-2", className)}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <FormField
          label={t("payouts.lookup.label")}
          description={t("payouts.lookup.hint")}
          error={error}
          className="min-w-0 flex-1"
        >
          <Input
            {...inputProps}
            autoFocus={autoFocus}
            inputMode="text"
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="search"
            placeholder={t("payouts.lookup.placeholder")}
            className={cn("font-mono", size === "lg" && "h-11 text-base")}
          />
        </FormField>
        <Button
          type="submit"
          size={size === "lg" ? "lg" : "default"}
          loading={navigating}
          className={cn("sm:mt-[1.375rem]", size === "lg" && "h-11")}
        >
          {navigating ? null : <Search aria-hidden="true" />}
          {t("payouts.lookup.submit")}
        </Button>
      </div>
    </form>
  );
}
