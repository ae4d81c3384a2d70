"use client";

// Before anything can parse with zod: no eval probe under the CSP.
import "@/lib/browser/zod-jitless";
import { ThemeProvider } from "next-themes";
import type { ReactNode } from "react";
import { Toaster } from "@/components/ui/toaster";
import type { Locale } from "@/lib/shared/i18n/config";
import type { Messages } from "@/lib/shared/i18n/translator";
import { I18nProvider } from "@/lib/browser/i18n";
import { QueryProvider } from "@/lib/browser/query/provider";

export interface AppProvidersProps {
  locale: Locale;
  timeZone: string;
  /** The active locale's messages: only these travel with the page. */
  messages: Messages;
  /** The request's CSP nonce, for next-themes' inline script. */
  nonce?: string;
  children: ReactNode;
}

/** Everything client-side the whole app shares. Mounted once by the root layout. */
export function AppProviders({ locale, timeZone, messages, nonce, children }: AppProvidersProps) {
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange nonce={nonce}>
      <I18nProvider locale={locale} timeZone={timeZone} messages={messages}>
        <QueryProvider>
          {children}
          <Toaster />
        </QueryProvider>
      </I18nProvider>
    </ThemeProvider>
  );
}
