"use client";

import Link from "next/link";
import { useEffect } from "react";
import { loginUrlForCurrentPage } from "@/lib/browser/bff-client/client";
import { useI18n } from "@/lib/browser/i18n";

/**
 * Fallback when the server could not tell which page was requested: sends the
 * browser to /login?next=<this page> (path and query read in the browser).
 */
export function SignInRedirect() {
  const { t } = useI18n();
  useEffect(() => {
    window.location.replace(loginUrlForCurrentPage());
  }, []);
  return (
    <main id="main-content" className="flex min-h-dvh items-center justify-center p-6">
      <p className="text-sm text-muted-foreground" role="status">
        {t("common.redirecting")}{" "}
        <Link href="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          {t("login.submit")}
        </Link>
      </p>
    </main>
  );
}
