"use client";

import { useI18n } from "@/lib/browser/i18n";

/** A control's own error when it is used outside a FormField (inside one, the field shows it). */
export function StandaloneError({ id, error, standalone }: { id: string; error: string | null; standalone: boolean }) {
  const { t } = useI18n();
  if (!standalone || !error) return null;
  return (
    <p id={id} className="text-xs font-medium text-destructive-soft-foreground">
      {t(error)}
    </p>
  );
}
