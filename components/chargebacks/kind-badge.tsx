"use client";

import { CircleHelp, CreditCard, QrCode, type LucideIcon } from "lucide-react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { useI18n } from "@/lib/browser/i18n";

const KINDS: Record<string, { icon: LucideIcon; tone: BadgeTone }> = {
  pix_med: { icon: QrCode, tone: "info" },
  card_chargeback: { icon: CreditCard, tone: "outline" },
};

/** The translated name of a chargeback kind; an unknown kind is the API's own text. */
export function useKindLabel(): (kind: string | null | undefined) => string {
  const { has, t } = useI18n();
  return (kind) => {
    if (!kind) return t("chargebacks.kind.none");
    const key = `chargebacks.kind.${kind}`;
    return has(key) ? t(key) : kind;
  };
}

/**
 * Pix MED dispute vs card chargeback, told apart by icon, text and tone.
 * Unknown kinds are shown as the API sent them, with a neutral icon.
 */
export function KindBadge({ kind, className }: { kind: string | null | undefined; className?: string }) {
  const label = useKindLabel();
  const known = kind ? KINDS[kind] : undefined;
  const Icon = known?.icon ?? CircleHelp;
  return (
    <Badge tone={known?.tone ?? "neutral"} className={className} data-kind={kind ?? ""}>
      <Icon aria-hidden="true" />
      {known ? label(kind) : <span className="font-mono">{label(kind)}</span>}
    </Badge>
  );
}
