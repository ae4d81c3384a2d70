"use client";

import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/browser/i18n";
import { SetupForm } from "./setup-form";

export type SetupScreenState =
  | { status: "usable"; token: string; apiKeyProvisioned: boolean; businessName: string }
  | { status: "invalid" | "expired" | "complete" | "not_needed" };

/** /setup: the form for a usable link, else why not and what to do (never an error page). */
export function SetupScreen({ state }: { state: SetupScreenState }) {
  const { t } = useI18n();
  if (state.status === "usable")
    return (
      <div className="grid gap-6">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold">{t("setup.title")}</h1>
          <p className="text-sm text-muted-foreground">{t("setup.subtitle")}</p>
        </div>
        <SetupForm token={state.token} apiKeyProvisioned={state.apiKeyProvisioned} businessName={state.businessName} />
      </div>
    );
  const copy =
    state.status === "complete"
      ? { title: t("setup.complete.title"), description: t("setup.complete.description") }
      : state.status === "not_needed"
        ? { title: t("setup.notNeeded.title"), description: t("setup.notNeeded.description") }
        : { title: t("setup.invalid.title"), description: t("setup.invalid.description") };
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-semibold">{t("setup.title")}</h1>
      <Alert
        tone={state.status === "invalid" || state.status === "expired" ? "warning" : "info"}
        live="none"
        headingLevel="h2"
        title={copy.title}
        description={copy.description}
      >
        <Button asChild variant="outline" size="sm" className="mt-3">
          <Link href="/login">{t("setup.toLogin")}</Link>
        </Button>
      </Alert>
    </div>
  );
}
