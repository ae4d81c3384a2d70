/** What the runner gives each row. */
import type { Measurement } from "./measurement";
import type { AppServer, Postgres, SandboxServer } from "./servers";

export interface BenchContext {
  app: AppServer;
  sandbox: SandboxServer;
  postgres: Postgres;
  runs: number;
  /** The Chromium to drive, or null with the reason. */
  chromium: { path: string } | { missing: string };
  workDir: string;
  log(line: string): void;
}

export interface Row {
  /** The letter used by --only. */
  id: string;
  title: string;
  run(ctx: BenchContext): Promise<Measurement[]>;
}

/** Calls `fn` once per run, collecting its values under each name. */
export async function repeat(
  runs: number,
  fn: (run: number) => Promise<Record<string, number>>,
): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  for (let i = 0; i < runs; i++) {
    const values = await fn(i);
    for (const [name, value] of Object.entries(values)) out.set(name, [...(out.get(name) ?? []), value]);
  }
  return out;
}

export function samplesOf(map: Map<string, number[]>, name: string): number[] {
  const values = map.get(name);
  if (!values || values.length === 0) throw new Error(`no samples for ${name}`);
  return values;
}
