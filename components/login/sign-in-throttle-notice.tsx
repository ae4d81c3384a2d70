"use client";

import { Clock } from "lucide-react";
import { useI18n } from "@/lib/browser/i18n";
import { zoneLabel } from "@/lib/shared/i18n/zone-label";

/** After a 429 on sign-in: when to try again, in the operator's zone. */
export function SignInThrottleNotice({ until }: { until: Date }) {
  const { t, formatDateTime, timeZone } = useI18n();
  return (
    <div role="alert" className="flex gap-3 rounded-md bg-warning-soft p-3 text-sm text-warning-soft-foreground">
      <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="space-y-1">
        <p className="font-semibold">{t("login.throttledTitle")}</p>
        <p>
          {t("login.throttled", { time: formatDateTime(until, { timeStyle: "short" }), zone: zoneLabel(timeZone, t) })}
        </p>
      </div>
    </div>
  );
}
