"use client";

import { useTheme } from "next-themes";
import { Toaster as Sonner } from "sonner";
import { useI18n } from "@/lib/browser/i18n";

/** Sonner toasts, following the app theme (colours from our tokens, see globals.css). Mounted once in AppProviders. */
export function Toaster() {
  const { resolvedTheme } = useTheme();
  const { t } = useI18n();
  return (
    <Sonner
      theme={resolvedTheme === "dark" ? "dark" : "light"}
      position="bottom-right"
      closeButton
      containerAriaLabel={t("common.notifications")}
      toastOptions={{ classNames: { toast: "text-sm" } }}
    />
  );
}
