/**
 * Child processes of the benchmark: each in its own process group, tracked, and
 * killed (group-wide, TERM then KILL) when its owner stops it or the bench exits.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const running = new Set<ChildProcess>();

/** A child's environment (NodeJS.ProcessEnv is declared with a required NODE_ENV by Next.js's types). */
export type ChildEnv = Readonly<Record<string, string | undefined>>;

export interface Spawned {
  child: ChildProcess;
  /** The last lines of stdout and stderr, for failure messages. */
  tail(): string;
  stop(): Promise<void>;
}

export function spawnTracked(command: string, args: string[], env: ChildEnv, cwd: string = process.cwd()): Spawned {
  const child = spawn(command, args, {
    cwd,
    env: env as NodeJS.ProcessEnv,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  child.on("exit", () => running.delete(child));
  return { child, tail: () => lines.slice(-12).join("\n"), stop: () => stopChild(child) };
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

export async function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    signalGroup(child, "SIGKILL"); // grandchildren that outlived it
    return;
  }
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  signalGroup(child, "SIGTERM");
  const timer = setTimeout(() => signalGroup(child, "SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
  signalGroup(child, "SIGKILL");
}

/** Kills every child still running (the bench's exit path, also on errors and signals). */
export function killAll(): void {
  for (const child of running) signalGroup(child, "SIGKILL");
  running.clear();
}

/** Runs a bench script's `main`; on failure prints the error, kills every process it started and exits 1. */
export function runScript(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    killAll();
    process.exit(1);
  });
}

/** Runs a command to its end with a timeout; rejects with its output's tail on failure. */
export async function runToEnd(command: string, args: string[], env: ChildEnv, timeoutMs: number): Promise<void> {
  const spawned = spawnTracked(command, args, env);
  const timer = setTimeout(() => signalGroup(spawned.child, "SIGKILL"), timeoutMs);
  const code = await new Promise<number | null>((resolve) => spawned.child.once("exit", (c) => resolve(c)));
  clearTimeout(timer);
  if (code !== 0)
    throw new Error(`${command} ${args.join(" ")} exited with ${code ?? "a signal (timeout?)"}:\n${spawned.tail()}`);
}

/** Polls `url` until it answers `status` (default 200), or throws after `timeoutMs`. */
export async function waitForHttp(url: string, timeoutMs: number, isAlive: () => boolean = () => true): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`the process serving ${url} exited`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000), redirect: "manual" });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/** Resident memory (bytes) of a process and all its descendants, from /proc (Linux). */
export function treeRss(rootPid: number): number {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // exited meanwhile
    }
  }
  const tree = new Set([rootPid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (tree.has(ppid) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  let total = 0;
  for (const pid of tree) {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      total += Number(match?.[1] ?? 0) * 1024;
    } catch {
      // exited meanwhile
    }
  }
  return total;
}
