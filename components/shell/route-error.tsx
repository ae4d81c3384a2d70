"use client";

import Link from "next/link";
import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { isBffRequestError } from "@/lib/browser/bff-client/errors";
import { useI18n } from "@/lib/browser/i18n";

export interface RouteErrorProps {
  error: unknown;
  retry: () => void;
}

/**
 * The body of an `error.tsx` boundary: what failed (request_id or the server's
 * digest as a reference, both copyable), a retry, and a way home. Reuse it in
 * segment error files:  `export { RouteError as default } from "@/components/shell/route-error";`
 */
export function RouteError({ error, retry }: RouteErrorProps) {
  const { t } = useI18n();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4 py-10">
      <div className="space-y-1">
        <h1 className="text-xl font-semibold tracking-tight">{t("errors.boundary.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("errors.boundary.description")}</p>
      </div>
      <ErrorPanel
        error={error}
        onRetry={retry}
        title={isBffRequestError(error) ? undefined : t("errors.generic")}
        headingLevel="h2"
      />
      <div>
        <Button variant="link" asChild>
          <Link href="/">{t("common.goHome")}</Link>
        </Button>
      </div>
    </div>
  );
}
