"use client";

import { useI18n } from "@/lib/browser/i18n";

/** First focusable element on every page: jumps past the navigation to <main>. */
export function SkipLink({ targetId = "main-content" }: { targetId?: string }) {
  const { t } = useI18n();
  return (
    <a
      href={`#${targetId}`}
      className="sr-only z-[100] rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {t("nav.skipToContent")}
    </a>
  );
}
