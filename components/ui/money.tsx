"use client";

import { useI18n } from "@/lib/browser/i18n";
import { cn } from "./cn";

/** Integer centavos shown as BRL ("R$ 1.234,56"), tabular digits, never wrapped. Null shows "—". */
export function Money({
  centavos,
  className,
  signed = false,
}: {
  centavos: number | null | undefined;
  className?: string;
  signed?: boolean;
}) {
  const { formatMoney, t } = useI18n();
  if (centavos === null || centavos === undefined) {
    return (
      <span className={cn("text-muted-foreground", className)} aria-label={t("common.none")}>
        {t("common.none")}
      </span>
    );
  }
  const text = formatMoney(centavos);
  return (
    <span data-numeric className={cn("whitespace-nowrap tabular-nums", className)}>
      {signed && centavos > 0 ? "+" : ""}
      {text}
    </span>
  );
}
