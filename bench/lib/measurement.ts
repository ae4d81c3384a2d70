/** What every row reports: measurements (repeated samples against a goal) or a failure line. */
import { gapFactor, meetsGoal, summarize, type Goal, type Summary } from "./stats";

export interface Measurement {
  /** Row id and sub-measure, e.g. "a. GET /api/session ÷ GET /api/health". */
  name: string;
  unit: string;
  /** One value per run. */
  samples: number[];
  /** Absent for informative figures with no goal (e.g. the sandbox's own throughput). */
  goal?: Goal;
  note?: string;
}

export interface MeasuredLine {
  name: string;
  unit: string;
  goal: string;
  summary: Summary;
  samples: number[];
  status: "pass" | "gap" | "info";
  note?: string;
}

export interface FailedLine {
  name: string;
  failure: string;
}

export type ReportLine = MeasuredLine | FailedLine;

export const isFailed = (line: ReportLine): line is FailedLine => "failure" in line;

export function describeGoal(goal: Goal | undefined, unit: string): string {
  if (!goal) return "—";
  return `${goal.better === "lower" ? "≤" : "≥"} ${formatValue(goal.target, unit)}`;
}

export function formatValue(value: number, unit: string): string {
  if (unit === "×") return `${value.toFixed(2)}×`;
  if (unit === "kB") return `${value.toFixed(1)} kB`;
  if (unit === "ms" && value < 10) return `${value.toFixed(2)} ms`;
  if (unit === "" && Number.isInteger(value)) return String(value);
  const rounded = Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(1);
  return unit === "" ? rounded : `${rounded} ${unit}`;
}

export function toLine(m: Measurement): MeasuredLine {
  const summary = summarize(m.samples);
  let status: MeasuredLine["status"] = "info";
  let note = m.note;
  if (m.goal) {
    status = meetsGoal(summary.median, m.goal) ? "pass" : "gap";
    if (status === "gap") {
      const factor =
        m.goal.target === 0 ? "the goal is none" : `${gapFactor(summary.median, m.goal).toFixed(2)}× off the goal`;
      note = note ? `${factor}; ${note}` : factor;
    }
  }
  return {
    name: m.name,
    unit: m.unit,
    goal: describeGoal(m.goal, m.unit),
    summary,
    samples: m.samples,
    status,
    ...(note ? { note } : {}),
  };
}
