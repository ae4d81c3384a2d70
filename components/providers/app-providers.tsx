"use client";

// Before anything can parse with zod: no eval probe under the CSP.
import "@/lib/browser/zod-jitless";
import { ThemeProvider } from "next-themes";
import type { ReactNode } from "react";
import { Toaster } from "@/components/ui/toaster";
import type { Locale } from "@/lib/shared/i18n/config";
import type { Messages } from "@/lib/shared/i18n/translator";
import { I18nProvider } from "@/lib/browser/i18n";
import { RenderedAtProvider } from "@/lib/browser/hooks/use-now";
import { QueryProvider } from "@/lib/browser/query/provider";

export interface AppProvidersProps {
  locale: Locale;
  timeZone: string;
  /** The active locale's messages every page reads: only these travel with the page, beside its own. */
  messages: Messages;
  /** The groups `messages` holds. */
  messageGroups: readonly string[];
  /** The request's CSP nonce, for next-themes' inline script. */
  nonce?: string;
  /** When the server rendered the page (ms): time-relative text hydrates from it (useNow). */
  renderedAt: number;
  children: ReactNode;
}

/** Everything client-side the whole app shares. Mounted once by the root layout. */
export function AppProviders({
  locale,
  timeZone,
  messages,
  messageGroups,
  nonce,
  renderedAt,
  children,
}: AppProvidersProps) {
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange nonce={nonce}>
      <I18nProvider locale={locale} timeZone={timeZone} messages={messages} groups={messageGroups}>
        <RenderedAtProvider at={renderedAt}>
          <QueryProvider>
            {children}
            <Toaster />
          </QueryProvider>
        </RenderedAtProvider>
      </I18nProvider>
    </ThemeProvider>
  );
}
