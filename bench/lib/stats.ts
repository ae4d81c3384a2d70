/** Pure helpers of the benchmark: percentiles, summaries of repeated runs, goal checks. */

/** Nearest-rank percentile of an ascending list (0 for an empty one). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

export interface Summary {
  min: number;
  median: number;
  max: number;
  runs: number;
}

/** Min, median (the mean of the middle two for an even count) and max of the runs' values. */
export function summarize(values: readonly number[]): Summary {
  if (values.length === 0) throw new Error("no values to summarize");
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  return { min: sorted[0] ?? 0, median, max: sorted[sorted.length - 1] ?? 0, runs: sorted.length };
}

/** A goal: the median must be at most (`lower`) or at least (`higher`) the target. */
export interface Goal {
  better: "lower" | "higher";
  target: number;
}

export function meetsGoal(value: number, goal: Goal): boolean {
  return goal.better === "lower" ? value <= goal.target : value >= goal.target;
}

/** How far the value is from the goal, as a signed factor of the target ("1.4× the budget"). */
export function gapFactor(value: number, goal: Goal): number {
  if (goal.target === 0) return Number.POSITIVE_INFINITY;
  return goal.better === "lower" ? value / goal.target : goal.target / Math.max(value, Number.EPSILON);
}
