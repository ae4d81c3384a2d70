"use client";

import { useEffect, useState } from "react";
import { useI18n } from "@/lib/browser/i18n";
import { cn } from "./cn";
import { Spinner } from "./spinner";

/** After this long without an answer, a wait is worth a word: a person should not stare at placeholders. */
export const SLOW_NOTICE_AFTER_MS = 1_500;

/**
 * Mounted with a loading state: after SLOW_NOTICE_AFTER_MS it says the payments API is slow and the dashboard is
 * still trying (announced politely), instead of a blank wait until the read's deadline gives an error.
 */
export function SlowUpstreamNotice({ className }: { className?: string }) {
  const { t } = useI18n();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), SLOW_NOTICE_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <p role="status" aria-live="polite" className={cn("text-sm text-muted-foreground", !shown && "sr-only", className)}>
      {shown ? (
        <span className="inline-flex items-center gap-2">
          <Spinner />
          {t("common.slowUpstream")}
        </span>
      ) : null}
    </p>
  );
}
