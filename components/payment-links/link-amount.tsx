"use client";

import { Money } from "@/components/ui/money";
import { cn } from "@/components/ui/cn";
import { useI18n } from "@/lib/browser/i18n";
import type { PaymentLink } from "@/lib/shared/schemas/payment-link";

/** "R$ 59,90" for a fixed amount; "Qualquer valor ≥ R$ 10,00" when the payer chooses. */
export function LinkAmount({
  link,
  className,
}: {
  link: Pick<PaymentLink, "amount_centavos" | "min_amount_centavos">;
  className?: string;
}) {
  const { t, formatMoney } = useI18n();
  if (link.amount_centavos !== null) return <Money centavos={link.amount_centavos} className={className} />;
  if (link.min_amount_centavos !== null) {
    return (
      <span className={cn("whitespace-nowrap tabular-nums", className)} data-numeric>
        {t("paymentLinks.amountAtLeast", { amount: formatMoney(link.min_amount_centavos) })}
      </span>
    );
  }
  return <Money centavos={null} className={className} />;
}
