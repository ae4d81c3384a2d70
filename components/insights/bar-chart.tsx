"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

/** One bar (or one stack of bars) of a chart: its label on the axis and a value per series. */
export interface ChartRow {
  label: string;
  values: Readonly<Record<string, number>>;
}

/** One series: its key in `values`, its name in the legend and tooltip, and its color (a theme variable). */
export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

export interface BarSeriesChartProps {
  rows: readonly ChartRow[];
  series: readonly ChartSeries[];
  /** Bars side by side over time ("columns") or ranked across ("rows"). */
  layout?: "columns" | "rows";
  stacked?: boolean;
  height: number;
  /** A value as the reader reads it (money, a count) for the axis and the tooltip. */
  formatValue: (value: number) => string;
}

/**
 * The insights' bar chart (recharts, SVG). Loaded only through `LazyBarChart` (next/dynamic, no server render), so
 * recharts is never part of a page's first load. Every color is a theme variable, so dark mode recolors it. The
 * chart is a picture of the table beside it: the caller labels it (ChartFrame) and it takes no focus itself.
 */
export default function BarSeriesChart({
  rows,
  series,
  layout = "columns",
  stacked = false,
  height,
  formatValue,
}: BarSeriesChartProps) {
  const data = rows.map((row) => ({ label: row.label, ...row.values }));
  const across = layout === "rows";
  const tick = { fill: "var(--muted-foreground)", fontSize: 12 };
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart
        data={data}
        layout={across ? "vertical" : "horizontal"}
        accessibilityLayer={false}
        margin={{ top: 8, right: 8, bottom: 0, left: across ? 8 : 0 }}
      >
        <CartesianGrid stroke="var(--border)" vertical={across} horizontal={!across} />
        {across ? (
          <>
            {/* Counts and centavos are whole numbers: no "0,75 payouts" tick. */}
            <XAxis type="number" allowDecimals={false} tick={tick} tickFormatter={formatValue} stroke="var(--border)" />
            <YAxis type="category" dataKey="label" tick={tick} width={120} stroke="var(--border)" />
          </>
        ) : (
          <>
            <XAxis dataKey="label" tick={tick} stroke="var(--border)" minTickGap={12} />
            <YAxis allowDecimals={false} tick={tick} tickFormatter={formatValue} width={72} stroke="var(--border)" />
          </>
        )}
        <Tooltip
          cursor={{ fill: "var(--muted)" }}
          formatter={(value) => (typeof value === "number" ? formatValue(value) : String(value))}
          contentStyle={{
            background: "var(--card)",
            border: "1px solid var(--border)",
            borderRadius: 6,
            color: "var(--foreground)",
          }}
          labelStyle={{ color: "var(--foreground)" }}
        />
        {series.length > 1 ? <Legend wrapperStyle={{ color: "var(--muted-foreground)", fontSize: 12 }} /> : null}
        {series.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            fill={s.color}
            stackId={stacked ? "stack" : undefined}
            isAnimationActive={false}
            maxBarSize={48}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
