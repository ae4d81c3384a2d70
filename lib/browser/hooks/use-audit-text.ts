"use client";

import { useMemo } from "react";
import { useI18n } from "@/lib/browser/i18n";

/**
 * An audit entry's actor and failure in the reader's language (the activity log, a subaccount's history): the
 * server's own jobs ("batch worker", "reconciler") by their translated name, people as recorded; a failure by its
 * code's text, and a code the dashboard does not know as the provider's words. Light on purpose: pages that show
 * a few audit entries load it without the activity log's own code.
 */
export function useAuditText() {
  const { has, t } = useI18n();
  return useMemo(() => {
    const translated = (key: string, fallback: string) => (has(key) ? t(key) : fallback);
    return {
      actorName: (actor: { name: string; role: string | null | undefined }) =>
        actor.role === "system"
          ? translated(`activity.systemActor.${actor.name.replace(/\s+/g, "_")}`, actor.name)
          : actor.name,
      error: (error: { code: string; message?: string | null }) => {
        const key = `errors.${error.code}`;
        if (has(key)) return t(key);
        return error.message ? t("errors.providerSaid", { message: error.message }) : error.code;
      },
    };
  }, [has, t]);
}
