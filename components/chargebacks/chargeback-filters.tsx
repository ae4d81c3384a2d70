"use client";

import { useMemo } from "react";
import { DateRangeFilter } from "@/components/ui/date-range-filter";
import { ClearFiltersButton, CollapsibleFilters } from "@/components/ui/filter-buttons";
import { FilterSelect } from "@/components/ui/filter-select";
import type { UrlStatePatch } from "@/lib/browser/hooks/use-url-state";
import { useI18n } from "@/lib/browser/i18n";
import type { Chargeback } from "@/lib/shared/schemas/chargeback";
import { DEADLINE_FILTERS, isOpenChargeback } from "@/lib/shared/chargebacks/deadline";
import {
  KNOWN_CHARGEBACK_KINDS,
  KNOWN_CHARGEBACK_STATUSES,
  type ChargebackUrlState,
  type chargebackUrlSchema,
} from "./chargeback-model";
import { useKindLabel } from "./kind-badge";

export interface ChargebackFiltersProps {
  data: readonly Chargeback[] | undefined;
  state: ChargebackUrlState;
  setState: (patch: UrlStatePatch<typeof chargebackUrlSchema>) => void;
  /** Shown when a filter is set. */
  onClear?: () => void;
  /** Phones: the filters open from a "Filters" button. */
  compact: boolean;
}

function countBy(rows: readonly Chargeback[] | undefined, key: "kind" | "status"): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows ?? []) {
    const value = row[key] ?? "";
    counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return counts;
}

/** Kind, status, deadline and created-date filters, all kept in the URL. */
export function ChargebackFilters({ data, state, setState, onClear, compact }: ChargebackFiltersProps) {
  const { has, t, timeZoneName, formatNumber } = useI18n();
  const kindLabel = useKindLabel();
  const kinds = useMemo(() => countBy(data, "kind"), [data]);
  const statuses = useMemo(() => countBy(data, "status"), [data]);
  const withCount = (label: string, count: number | undefined) =>
    data ? `${label} (${formatNumber(count ?? 0)})` : label;

  const kindOptions = [
    ...KNOWN_CHARGEBACK_KINDS,
    ...[...kinds.keys()].filter((k) => k !== "" && !(KNOWN_CHARGEBACK_KINDS as readonly string[]).includes(k)).sort(),
  ];
  const statusOptions = [
    ...KNOWN_CHARGEBACK_STATUSES,
    ...[...statuses.keys()]
      .filter((s) => s !== "" && !(KNOWN_CHARGEBACK_STATUSES as readonly string[]).includes(s))
      .sort(),
  ];
  const openCount = useMemo(() => (data ?? []).filter(isOpenChargeback).length, [data]);
  const statusLabel = (value: string) => (has(`status.${value}`) ? t(`status.${value}`) : value);
  const zone = timeZoneName();
  const activeCount = [state.kind, state.status, state.deadline, state.from || state.to].filter(Boolean).length;

  const controls = (
    <>
      <FilterSelect
        label={t("chargebacks.filter.kind")}
        value={state.kind}
        onChange={(kind) => setState({ kind })}
        allLabel={withCount(t("chargebacks.filter.allKinds"), data?.length)}
        options={kindOptions.map((k) => ({ value: k, label: withCount(kindLabel(k), kinds.get(k)) }))}
      />
      <FilterSelect
        label={t("chargebacks.filter.status")}
        value={state.status}
        onChange={(status) => setState({ status })}
        allLabel={t("chargebacks.filter.allStatuses")}
        options={statusOptions.map((s) => ({ value: s, label: withCount(statusLabel(s), statuses.get(s)) }))}
      >
        <option value="open">{withCount(t("chargebacks.filter.open"), openCount)}</option>
      </FilterSelect>
      <FilterSelect
        label={t("chargebacks.filter.deadline")}
        value={state.deadline ?? ""}
        onChange={(deadline) => setState({ deadline: DEADLINE_FILTERS.find((d) => d === deadline) ?? null })}
        allLabel={t("chargebacks.filter.anyDeadline")}
        options={DEADLINE_FILTERS.map((d) => ({ value: d, label: t(`chargebacks.filter.deadline.${d}`) }))}
      />
      <DateRangeFilter
        from={state.from}
        to={state.to}
        onChange={setState}
        zone={zone}
        caption={t("chargebacks.filter.createdShort")}
        labels={{
          group: t("chargebacks.filter.created", { zone }),
          from: t("chargebacks.filter.from", { zone }),
          to: t("chargebacks.filter.to", { zone }),
          zoneHint: t("chargebacks.filter.zoneHint"),
        }}
      />
      <ClearFiltersButton onClear={onClear} />
    </>
  );

  // Phones: the filters open from a button; the table's own control sorts the cards.
  return (
    <CollapsibleFilters compact={compact} activeCount={activeCount}>
      {controls}
    </CollapsibleFilters>
  );
}
