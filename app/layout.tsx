import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { after } from "next/server";
import type { ReactNode } from "react";
import { AppProviders } from "@/components/providers/app-providers";
import { serverClock } from "@/lib/server/clock";
import { deployment } from "@/lib/server/config";
import { runDeferredStart } from "@/lib/server/deferred-start";
import { getI18n } from "@/lib/server/i18n";
import { ROOT_MESSAGE_GROUPS } from "@/lib/shared/i18n/message-groups";
import { messagesOf } from "./_i18n/messages";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return {
    title: { default: t("app.name"), template: `%s · ${t("app.name")}` },
    description: t("app.description"),
    applicationName: t("app.name"),
    robots: { index: false, follow: false },
    referrer: "strict-origin-when-cross-origin",
  };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#f8fafc" },
    { media: "(prefers-color-scheme: dark)", color: "#0c1018" },
  ],
};

/**
 * Root layout: reads the operator's language and time zone from their cookies
 * (so the first paint is already right), hands the client that language's messages
 * every page reads (a layout or page adds its own with `withMessages`), and the request's CSP nonce, which next-themes needs for its inline theme script.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const { locale, timeZone } = await getI18n();
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  // Development: the first page sent lets the server's held start-up go on (lib/server/deferred-start.ts).
  if (deployment().development) after(runDeferredStart);
  return (
    <html lang={locale} suppressHydrationWarning>
      <body className="min-h-dvh bg-background font-sans text-foreground antialiased">
        <AppProviders
          locale={locale}
          timeZone={timeZone}
          messages={messagesOf(locale, ROOT_MESSAGE_GROUPS)}
          messageGroups={ROOT_MESSAGE_GROUPS}
          nonce={nonce}
          renderedAt={serverClock().now()}
        >
          {children}
        </AppProviders>
      </body>
    </html>
  );
}
