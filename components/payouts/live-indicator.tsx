"use client";

import { cn } from "@/components/ui/cn";
import { useI18n } from "@/lib/browser/i18n";

/** "Updating automatically": shown while a list or a payout refreshes itself. */
export function LiveIndicator({ className, label }: { className?: string; label?: string }) {
  const { t } = useI18n();
  return (
    <span
      className={cn("inline-flex items-center gap-1.5 text-xs text-muted-foreground", className)}
      data-testid="live-indicator"
    >
      <span className="relative flex size-2" aria-hidden="true">
        <span className="absolute inline-flex size-full animate-ping rounded-full bg-info-soft-foreground opacity-60 motion-reduce:animate-none" />
        <span className="relative inline-flex size-2 rounded-full bg-info-soft-foreground" />
      </span>
      {label ?? t("payouts.live")}
    </span>
  );
}
