/** docs/benchmarks.md's table and the same lines for stdout. */
import { formatValue, isFailed, type ReportLine } from "./measurement";

export interface Machine {
  date: string;
  cpu: string;
  cores: number;
  loadAverage: [number, number, number];
  node: string;
  next: string;
  chromium: string;
  lighthouse: string;
  runs: number;
}

const cell = (text: string): string => text.replaceAll("|", "\\|").replaceAll("\n", " ");

/** The docs/performance.md section that explains each row's gap (row letter → heading anchor). */
const GAP_SECTIONS: Readonly<Record<string, string>> = {
  a: "bff-cost",
  b: "bff-cost",
  c: "page-weight",
  d: "lighthouse",
  e: "big-lists",
  f: "server-memory",
  g: "payouts-write-path",
  j: "development-server",
  k: "insights",
};

export function gapLink(name: string): string {
  const section = GAP_SECTIONS[name.split(".")[0] ?? ""];
  return section ? `; [why](performance.md#${section})` : "";
}

export function tableRows(lines: readonly ReportLine[]): string[] {
  const header = ["| measure | goal | median | min – max | result |", "|---|---|---|---|---|"];
  const body = lines.map((line) => {
    if (isFailed(line)) return `| ${cell(line.name)} | | | | not measured: ${cell(line.failure)} |`;
    const { min, median, max } = line.summary;
    const result = line.status === "info" ? "info" : line.status === "pass" ? "pass" : "gap";
    const why = result === "gap" ? gapLink(line.name) : "";
    const note = line.note || why ? ` (${line.note ?? ""}${why})` : "";
    return `| ${cell(line.name)} | ${line.goal} | ${formatValue(median, line.unit)} | ${formatValue(min, line.unit)} – ${formatValue(max, line.unit)} | ${cell(result + note)} |`;
  });
  return [...header, ...body];
}

export function machineLines(m: Machine): string[] {
  const load = m.loadAverage.map((n) => n.toFixed(2)).join(", ");
  return [
    `- Date: ${m.date}`,
    `- CPU: ${m.cpu}, ${m.cores} cores; load average at start (1, 5, 15 min): ${load}`,
    `- Node ${m.node}, Next.js ${m.next}, ${m.chromium}, Lighthouse ${m.lighthouse}`,
    `- Each measure: ${m.runs} runs; the median decides pass or gap`,
  ];
}

/** One line per measure, for the terminal. */
export function consoleLines(lines: readonly ReportLine[]): string[] {
  return lines.map((line) => {
    if (isFailed(line)) return `FAIL  ${line.name}: ${line.failure}`;
    const { min, median, max } = line.summary;
    const tag = line.status === "info" ? "info" : line.status === "pass" ? "pass" : "GAP ";
    return `${tag}  ${line.name}: ${formatValue(median, line.unit)} (min ${formatValue(min, line.unit)}, max ${formatValue(max, line.unit)}; goal ${line.goal})${line.note ? ` — ${line.note}` : ""}`;
  });
}
