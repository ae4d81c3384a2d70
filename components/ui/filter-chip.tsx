"use client";

import { X } from "lucide-react";
import { useI18n } from "@/lib/browser/i18n";
import { Button } from "./button";

/**
 * A filter that has no control of its own on the page (set by a link from elsewhere), shown so it is never invisible;
 * a click removes it. Its accessible name begins with what it shows ("{label} (remove filter)"). Long text (dates to
 * the second) wraps on a phone instead of pushing the page sideways.
 */
export function FilterChip({ label, onRemove, testId }: { label: string; onRemove: () => void; testId?: string }) {
  const { t } = useI18n();
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={onRemove}
      aria-label={t("common.filterRemove", { filter: label })}
      data-testid={testId}
      className="h-auto min-h-8 max-w-full shrink py-1 text-left whitespace-normal"
    >
      {label}
      <X aria-hidden="true" />
    </Button>
  );
}
