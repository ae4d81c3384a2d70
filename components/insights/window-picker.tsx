"use client";

import { useId } from "react";
import { DateRangeFilter } from "@/components/ui/date-range-filter";
import { NativeSelect } from "@/components/ui/native-select";
import { useUrlState } from "@/lib/browser/hooks/use-url-state";
import { useI18n } from "@/lib/browser/i18n";
import { FILTER_DAY_MAX, FILTER_DAY_MIN } from "@/lib/shared/schemas/dates";
import { INSIGHT_BUCKETS, INSIGHT_WINDOWS, type ResolvedWindow } from "@/lib/shared/schemas/insights";
import { formatDay, insightWindowUrlSchema } from "./insight-model";
import { zoneText } from "@/lib/shared/i18n/zone-label";

/**
 * The window the insights are read over (last hour, today, 7/30/90 days, days chosen) and the width of a point,
 * kept in the URL (shareable, survives reload). A change replaces the URL; the page's query is keyed by it, so
 * the new figures are fetched while the previous ones stay on screen. `resolved` is the window as the server
 * read it, said in words with its zone.
 */
export function WindowPicker({ resolved, showBucket = true }: { resolved?: ResolvedWindow; showBucket?: boolean }) {
  const { t, timeZoneName, intlLocale } = useI18n();
  const [state, setState] = useUrlState(insightWindowUrlSchema);
  const windowId = useId();
  const bucketId = useId();
  const zone = timeZoneName();

  return (
    <div className="flex flex-wrap items-end gap-3" role="group" aria-label={t("insights.window.group")}>
      <div className="grid gap-1">
        <label htmlFor={windowId} className="text-xs font-medium text-muted-foreground">
          {t("insights.window.label")}
        </label>
        <NativeSelect
          id={windowId}
          size="sm"
          className="w-44"
          value={state.window}
          onChange={(event) => {
            const next = INSIGHT_WINDOWS.find((w) => w === event.target.value) ?? "30d";
            // A bucket chosen for another window may not fit this one: the server's default follows the window.
            // Chosen days start as the days shown now, so the figures stay and the person narrows them from there.
            setState(
              next === "custom"
                ? { window: next, from: resolved?.from_day ?? null, to: resolved?.to_day ?? null, bucket: null }
                : { window: next, from: null, to: null, bucket: null },
            );
          }}
        >
          {INSIGHT_WINDOWS.map((w) => (
            <option key={w} value={w}>
              {t(`insights.window.${w}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      {state.window === "custom" ? (
        <DateRangeFilter
          from={state.from}
          to={state.to}
          onChange={setState}
          zone={zone}
          caption={t("insights.window.days")}
          labels={{
            group: t("insights.window.daysGroup", { zone }),
            from: t("insights.window.from", { zone }),
            to: t("insights.window.to", { zone }),
            zoneHint: t("insights.window.zoneHint"),
          }}
          bounds={{ min: FILTER_DAY_MIN, max: FILTER_DAY_MAX, message: t("validation.dateOutOfRange") }}
        />
      ) : null}
      {showBucket ? (
        <div className="grid gap-1">
          <label htmlFor={bucketId} className="text-xs font-medium text-muted-foreground">
            {t("insights.bucket.label")}
          </label>
          <NativeSelect
            id={bucketId}
            size="sm"
            className="w-40"
            value={state.bucket ?? ""}
            onChange={(event) => {
              const next = INSIGHT_BUCKETS.find((b) => b === event.target.value);
              setState({ bucket: next ?? null });
            }}
          >
            <option value="">{t("insights.bucket.auto")}</option>
            {INSIGHT_BUCKETS.map((b) => (
              <option key={b} value={b}>
                {t(`insights.bucket.${b}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
      {resolved ? (
        <p className="pb-1.5 text-xs text-muted-foreground" aria-live="polite">
          {t("insights.window.resolved", {
            from: formatDay(resolved.from_day, intlLocale),
            to: formatDay(resolved.to_day, intlLocale),
            zone: zoneText(resolved.zone, t, intlLocale),
          })}
        </p>
      ) : null}
    </div>
  );
}
