"use client";

import { useEffect, useId, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";
import { DateRangeFilter } from "@/components/ui/date-range-filter";
import { ClearFiltersButton, CollapsibleFilters } from "@/components/ui/filter-buttons";
import { FilterSelect } from "@/components/ui/filter-select";
import { inputClassName } from "@/components/ui/input";
import type { UrlStatePatch } from "@/lib/browser/hooks/use-url-state";
import { useI18n } from "@/lib/browser/i18n";
import { ACTIVITY_ACTIONS } from "@/lib/browser/query/activity";
import { FILTER_DAY_MAX, FILTER_DAY_MIN } from "@/lib/shared/schemas/dates";
import type { ActivityUrlState, activityUrlSchema } from "./activity-model";
import { useActivityLabels } from "./activity-labels";

export interface ActivityFiltersProps {
  state: ActivityUrlState;
  setState: (patch: UrlStatePatch<typeof activityUrlSchema>) => void;
  /** Names to suggest for the person filter (people seen in the log, the signed-in operator). */
  people: readonly string[];
  onClear?: () => void;
  /** Phones: the filters open from a button, so the log starts near the top. */
  compact: boolean;
}

/** Person (exact name, with suggestions), action and date range; all in the URL and sent to the BFF. */
export function ActivityFilters({ state, setState, people, onClear, compact }: ActivityFiltersProps) {
  const { t, timeZoneName } = useI18n();
  const labels = useActivityLabels();
  const listId = `activity-people-${useId()}`;
  const zone = timeZoneName();
  const activeCount = [state.actor, state.action, state.from || state.to].filter(Boolean).length;

  // The person box commits to the URL after a pause (the BFF matches the exact name).
  const [actor, setActor] = useState(state.actor);
  const committed = useRef(state.actor);
  useEffect(() => {
    if (state.actor !== committed.current) {
      committed.current = state.actor;
      setActor(state.actor);
    }
  }, [state.actor]);
  useEffect(() => {
    const value = actor.trim();
    if (value === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = value;
      setState({ actor: value });
    }, 400);
    return () => clearTimeout(timer);
  }, [actor, setState]);

  return (
    <CollapsibleFilters compact={compact} activeCount={activeCount}>
      <div className="w-full sm:w-52">
        <input
          type="search"
          list={listId}
          value={actor}
          onChange={(e) => setActor(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              committed.current = actor.trim();
              setState({ actor: actor.trim() });
            }
          }}
          aria-label={t("activity.filter.person")}
          placeholder={t("activity.filter.personPlaceholder")}
          title={t("activity.filter.personHint")}
          autoComplete="off"
          className={cn(inputClassName, "h-8")}
        />
        <datalist id={listId}>
          {people.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </div>
      <FilterSelect
        label={t("activity.filter.action")}
        value={state.action}
        onChange={(action) => setState({ action })}
        allLabel={t("activity.filter.allActions")}
        options={ACTIVITY_ACTIONS.map((action) => ({ value: action, label: labels.action(action) }))}
      >
        {!state.action || (ACTIVITY_ACTIONS as readonly string[]).includes(state.action) ? null : (
          <option value={state.action}>{state.action}</option>
        )}
      </FilterSelect>
      <DateRangeFilter
        from={state.from}
        to={state.to}
        onChange={setState}
        zone={zone}
        labels={{
          group: t("activity.filter.dates", { zone }),
          from: t("activity.filter.from", { zone }),
          to: t("activity.filter.to", { zone }),
          zoneHint: t("activity.filter.zoneHint"),
        }}
        bounds={{ min: FILTER_DAY_MIN, max: FILTER_DAY_MAX, message: t("validation.dateOutOfRange") }}
      />
      <ClearFiltersButton onClear={onClear} />
    </CollapsibleFilters>
  );
}
