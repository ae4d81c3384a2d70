import { describe, expect, it } from "vitest";
import { parseBenchArgs } from "@/bench/lib/args";
import { toLine } from "@/bench/lib/measurement";
import { consoleLines, machineLines, tableRows, type Machine } from "@/bench/lib/report";
import { gapFactor, meetsGoal, percentile, summarize } from "@/bench/lib/stats";

describe("bench statistics", () => {
  it("takes nearest-rank percentiles of a sorted list", () => {
    const sorted = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(percentile(sorted, 50)).toBe(5);
    expect(percentile(sorted, 90)).toBe(9);
    expect(percentile(sorted, 99)).toBe(10);
    expect(percentile(sorted, 0)).toBe(1);
    expect(percentile([], 50)).toBe(0);
  });

  it("summarizes runs as min, median and max, whatever their order", () => {
    expect(summarize([30, 10, 20])).toEqual({ min: 10, median: 20, max: 30, runs: 3 });
    expect(summarize([4, 1, 3, 2])).toEqual({ min: 1, median: 2.5, max: 4, runs: 4 });
    expect(() => summarize([])).toThrow();
  });

  it("checks goals in both directions and says how far off a gap is", () => {
    expect(meetsGoal(0.7, { better: "higher", target: 0.7 })).toBe(true);
    expect(meetsGoal(0.69, { better: "higher", target: 0.7 })).toBe(false);
    expect(meetsGoal(170, { better: "lower", target: 170 })).toBe(true);
    expect(gapFactor(340, { better: "lower", target: 170 })).toBe(2);
    expect(gapFactor(0.35, { better: "higher", target: 0.7 })).toBe(2);
  });
});

describe("bench report", () => {
  const lines = [
    toLine({
      name: "a. session ÷ health",
      unit: "×",
      samples: [0.3, 0.35, 0.28],
      goal: { better: "higher", target: 0.7 },
    }),
    toLine({
      name: "c. largest route",
      unit: "kB",
      samples: [150, 151, 149.5],
      goal: { better: "lower", target: 170 },
    }),
    toLine({ name: "g. sandbox | 100 links", unit: "req/s", samples: [5000, 5100, 4900] }),
    { name: "d. Lighthouse", failure: "no Chromium" },
  ];

  it("marks each line pass, gap or info from its median", () => {
    expect(lines.slice(0, 3).map((l) => ("status" in l ? l.status : null))).toEqual(["gap", "pass", "info"]);
  });

  it("renders one table row per line, with goal, median, range and result", () => {
    const rows = tableRows(lines);
    expect(rows[0]).toBe("| measure | goal | median | min – max | result |");
    expect(rows[2]).toBe(
      "| a. session ÷ health | ≥ 0.70× | 0.30× | 0.28× – 0.35× | gap (2.33× off the goal; [why](performance.md#bff-cost)) |",
    );
    expect(rows[3]).toBe("| c. largest route | ≤ 170.0 kB | 150.0 kB | 149.5 kB – 151.0 kB | pass |");
    expect(rows[4]).toBe("| g. sandbox \\| 100 links | — | 5000 req/s | 4900 req/s – 5100 req/s | info |");
    expect(rows[5]).toBe("| d. Lighthouse | | | | not measured: no Chromium |");
  });

  it("prints the same lines for the terminal", () => {
    expect(consoleLines(lines)).toEqual([
      "GAP   a. session ÷ health: 0.30× (min 0.28×, max 0.35×; goal ≥ 0.70×) — 2.33× off the goal",
      "pass  c. largest route: 150.0 kB (min 149.5 kB, max 151.0 kB; goal ≤ 170.0 kB)",
      "info  g. sandbox | 100 links: 5000 req/s (min 4900 req/s, max 5100 req/s; goal —)",
      "FAIL  d. Lighthouse: no Chromium",
    ]);
  });

  it("describes the machine with its load average", () => {
    const machine: Machine = {
      date: "2026-11-24T06:00:00.000Z",
      cpu: "Test CPU",
      cores: 2,
      loadAverage: [3.5, 2.25, 1],
      node: "v20.20.2",
      next: "16.4.5",
      chromium: "Chromium 140",
      lighthouse: "12.8.2",
      runs: 3,
    };
    expect(machineLines(machine)[1]).toBe(
      "- CPU: Test CPU, 2 cores; load average at start (1, 5, 15 min): 3.50, 2.25, 1.00",
    );
  });
});

describe("bench arguments", () => {
  it("builds and runs every row three times by default", () => {
    expect(parseBenchArgs([])).toEqual({ build: true, only: null, runs: 3 });
  });

  it("takes --no-build, --only and --runs", () => {
    expect(parseBenchArgs(["--no-build", "--only", "a,C", "--only", "e", "--runs", "5"])).toEqual({
      build: false,
      only: new Set(["a", "c", "e"]),
      runs: 5,
    });
    expect(() => parseBenchArgs(["--runs", "0"])).toThrow(/--runs/);
    expect(() => parseBenchArgs(["--fast"])).toThrow(/unknown argument/);
  });
});
