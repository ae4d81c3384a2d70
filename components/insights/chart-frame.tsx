"use client";

import dynamic from "next/dynamic";
import type { BarSeriesChartProps } from "./bar-chart";

/**
 * The chart, loaded after the page (next/dynamic without a server render): recharts stays out of every route's
 * first load, and the tables (the figures themselves) are in the first HTML. Meanwhile a block of the chart's
 * height holds its place, so nothing jumps when it arrives.
 */
const LazyBarChart = dynamic<BarSeriesChartProps>(() => import("./bar-chart"), {
  ssr: false,
  loading: () => null,
});

/**
 * A chart as one labelled picture (role="img", `label` summing it up in words): a screen reader hears the summary
 * and reads the numbers in the table beside it, which is the accessible view. The frame keeps the chart's height
 * before the chart arrives.
 */
export function ChartFrame({ label, ...chart }: BarSeriesChartProps & { label: string }) {
  return (
    <div role="img" aria-label={label} className="w-full min-w-0" style={{ height: chart.height }}>
      <LazyBarChart {...chart} />
    </div>
  );
}
