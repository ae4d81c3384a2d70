/**
 * A PGlite data folder is one process's: real processes (the real start-up and
 * a process holding the ledger with a lease in flight, also in a pid namespace
 * of its own as in another container) on a real folder, and real lock calls.
 * No waiting on time: each step waits for a process to say or do something,
 * and staleness is judged on an injected clock.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLedger, isLeaseHeld, LedgerFolderLockedError } from "@/lib/server/ledger";
import { LOCK_FILE_NAME, lockFolder, type LockOwner, type LostLock } from "@/lib/server/ledger/folder-lock";

const HELD_LEASE = "payout:acme:held";
// `react-server` makes the `server-only` marker resolve as it does inside Next.js.
const NODE_ARGS = ["--conditions=react-server", "--import", "tsx"];

let dir: string;
let ledgerDir: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "ledger-lock-"));
  ledgerDir = path.join(dir, "ledger");
});

afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

interface Holder {
  child: ChildProcess;
  pid: number;
  /** Sends a line; resolves with the next line it prints. */
  ask(line: string): Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What it wrote to stderr so far. */
  stderr(): string;
}

/** A new pid namespace (and user namespace, so it needs no privilege) with its own /proc: what a container has. */
const UNSHARE_PID = ["--user", "--map-root-user", "--pid", "--fork", "--mount-proc"];

/**
 * Starts tests/helpers/ledger-holder-process.ts on the folder; resolves once it holds the ledger and its lease.
 * `ownPidNamespace`: it runs in a pid namespace of its own, on this machine under this host name.
 */
async function startHolder(options: { ownPidNamespace?: boolean; env?: Record<string, string> } = {}): Promise<Holder> {
  const args = [...NODE_ARGS, "tests/helpers/ledger-holder-process.ts"];
  const [command, commandArgs] = options.ownPidNamespace
    ? ["unshare", [...UNSHARE_PID, process.execPath, ...args]]
    : [process.execPath, args];
  const child = spawn(command, commandArgs, {
    env: { ...process.env, ...options.env, LEDGER_DIR: ledgerDir },
    stdio: ["pipe", "pipe", "pipe"],
  });
  children.push(child);
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    process.stderr.write(chunk);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
  const next = async () => {
    const line = await lines.next();
    if (line.done) throw new Error(`the holder exited: ${JSON.stringify(await exited)}`);
    return line.value;
  };
  const first = await next();
  expect(first).toMatch(/^opened \d+$/);
  return {
    child,
    pid: Number(first.split(" ")[1]),
    ask: (line) => {
      child.stdin?.write(`${line}\n`);
      return next();
    },
    exited,
    stderr: () => stderr,
  };
}

/** The real start-up (tests/helpers/start-server.ts) on the folder: its exit code and what it said. */
function runStartup(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? tmpdir(),
    NODE_ENV: "production",
    SESSION_SECRET: "folder-lock-test-secret-0123456789-abcdefghij",
    SANDBOX_URL: "http://127.0.0.1:9",
    RECONCILER: "off",
    DATA_DIR: dir,
    LEDGER_DIR: ledgerDir,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...NODE_ARGS, "tests/helpers/start-server.ts"], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const lockFile = () => path.join(ledgerDir, LOCK_FILE_NAME);

// Each test boots real processes that open and migrate a ledger on disk: slow on a busy machine, not a wait.
describe("a PGlite folder opened by a running process", { timeout: 180_000 }, () => {
  it("refuses a second process at start-up, naming the first, before it touches the ledger", async () => {
    const first = await startHolder();

    const second = await runStartup();
    expect(second.code, second.stderr).toBe(1);
    expect(second.stdout).not.toContain("started");
    expect(second.stderr).toMatch(/"event":"startup\.refused"/);
    expect(second.stderr).toContain(
      `in use by another dashboard process: pid ${first.pid} on ${hostname()}, started 20`,
    );
    expect(second.stderr).toContain(ledgerDir);
    expect(second.stderr).toContain("Refusing to start.");

    // In this process too: createLedger throws the same refusal.
    const refused = await createLedger({ dataDir: ledgerDir }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(LedgerFolderLockedError);
    expect((refused as LedgerFolderLockedError).owner?.pid).toBe(first.pid);

    // The first one's lease, a send in flight, was left alone.
    expect(await first.ask("lease?")).toBe("lease held");
  });

  it("is released when its process is stopped with SIGTERM: the next one starts", async () => {
    const first = await startHolder();
    expect((await runStartup()).code).toBe(1);

    first.child.kill("SIGTERM");
    expect(await first.exited).toEqual({ code: null, signal: "SIGTERM" });
    expect(existsSync(lockFile())).toBe(false);

    const next = await runStartup();
    expect(next.code, next.stderr).toBe(0);
    expect(next.stdout).toContain("started");
  });

  it("is released when its process exits, without closing the ledger: the next one opens it", async () => {
    const first = await startHolder();
    await expect(createLedger({ dataDir: ledgerDir })).rejects.toThrow(`pid ${first.pid}`);

    first.child.stdin?.write("exit\n");
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(lockFile())).toBe(false);

    const next = await createLedger({ dataDir: ledgerDir });
    // Its process is gone, so its lease is too.
    expect(await isLeaseHeld(next, HELD_LEASE)).toBe(false);
    await next.close();
    expect(existsSync(lockFile())).toBe(false);
  });

  it("is taken over when its process was killed outright (SIGKILL), and the dead process's leases are released", async () => {
    const first = await startHolder();
    expect((await runStartup()).code).toBe(1);

    first.child.kill("SIGKILL");
    await first.exited;
    // The lock is still there, naming the dead process.
    expect((JSON.parse(readFileSync(lockFile(), "utf8")) as LockOwner).pid).toBe(first.pid);

    const next = await createLedger({ dataDir: ledgerDir });
    try {
      expect(await isLeaseHeld(next, HELD_LEASE)).toBe(false);
      expect((JSON.parse(readFileSync(lockFile(), "utf8")) as LockOwner).pid).toBe(process.pid);
      await expect(createLedger({ dataDir: ledgerDir })).rejects.toThrow(`pid ${process.pid}`);
    } finally {
      await next.close();
    }
  });
});

// Pid namespaces are Linux's; there (CI included) this must run: a machine that cannot make one fails it rather than skipping it.
const unshareWorks = spawnSync("unshare", [...UNSHARE_PID, "true"]).status === 0;

describe.skipIf(process.platform !== "linux")(
  "a PGlite folder opened by a process in another pid namespace (another container, same host name)",
  { timeout: 180_000 },
  () => {
    it("refuses the folder while that process refreshes its lock, saying when it would be considered stopped, and leaves its lease alone", async () => {
      expect(
        unshareWorks,
        "this Linux machine cannot create a pid namespace with `unshare` (util-linux), which this test needs",
      ).toBe(true);
      const first = await startHolder({ ownPidNamespace: true });
      // Its pid is that of its own namespace: here it names no process, or another one.
      expect(first.pid).toBeLessThan(10);

      const refused = await createLedger({ dataDir: ledgerDir }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(LedgerFolderLockedError);
      expect((refused as Error).message).toContain(`pid ${first.pid} on ${hostname()}`);
      expect((refused as Error).message).toMatch(
        /another pid namespace .* considered stopped if it does not refresh it by 20/,
      );
      expect(first.child.exitCode).toBeNull();
      expect(await first.ask("lease?")).toBe("lease held");
    });

    it("a holder that finds its lock taken over (it was frozen past the staleness limit) stops at once, leaving the new owner's lock", async () => {
      expect(
        unshareWorks,
        "this Linux machine cannot create a pid namespace with `unshare` (util-linux), which this test needs",
      ).toBe(true);
      const first = await startHolder({ ownPidNamespace: true, env: { LEDGER_LOCK_HEARTBEAT_MS: "20" } });

      // As seen from a clock past the staleness limit, its last heartbeat is stale: it is taken over.
      const lost: LostLock[] = [];
      const later = () => Date.now() + 3_600_000;
      const taken = lockFolder(ledgerDir, { now: later, onLost: (lock) => lost.push(lock) });
      try {
        expect(await first.exited).toEqual({ code: 1, signal: null });
        const lostLine = first
          .stderr()
          .split("\n")
          .find((line) => line.includes('"event":"ledger.folder_lock_lost"'));
        expect(lostLine).toBeDefined();
        // It names the new owner, or none when its heartbeat fell between the takeover's removal of the stale lock
        // and its own (a few file operations apart; seen on a loaded CI machine). Either way it stopped.
        const holder = (JSON.parse(lostLine ?? "{}") as { holder?: string }).holder ?? "";
        expect(holder === "none" || holder.startsWith(`pid ${process.pid} on ${hostname()}`), holder).toBe(true);
        // It deleted nothing on its way out: the lock is the new owner's.
        expect((JSON.parse(readFileSync(lockFile(), "utf8")) as LockOwner).pid).toBe(process.pid);
        expect(taken.heartbeat()).toBe(true);
        expect(lost).toEqual([]);
      } finally {
        taken.release();
      }
      expect(existsSync(lockFile())).toBe(false);
    });
  },
);

describe("lockFolder", () => {
  const bootId = existsSync("/proc/sys/kernel/random/boot_id")
    ? readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim()
    : null;
  const pidNamespace = existsSync("/proc/self/ns/pid") ? readlinkSync("/proc/self/ns/pid") : null;
  /** A lock as another process on this machine, in this pid namespace, would have written it. */
  const writeLock = (owner: Partial<LockOwner>) => {
    const lock: LockOwner = {
      pid: 1,
      hostname: hostname(),
      startedAt: "2026-01-01T00:00:00.000Z",
      processStart: null,
      bootId,
      pidNamespace,
      nonce: "left-behind",
      ...owner,
    };
    writeFileSync(path.join(dir, LOCK_FILE_NAME), JSON.stringify(lock));
  };
  /** A clock standing this far past the lock's last heartbeat. */
  const after = (ms: number) => {
    const at = statSync(path.join(dir, LOCK_FILE_NAME)).mtimeMs + ms;
    return () => at;
  };
  /** The pid of a process that has exited (and been reaped). */
  const deadPid = async () => {
    const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    await new Promise((resolve) => child.once("exit", resolve));
    return child.pid ?? 0;
  };
  const takeOver = (now?: () => number) => {
    const lock = lockFolder(dir, { now });
    expect((JSON.parse(readFileSync(lock.file, "utf8")) as LockOwner).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
  };

  it("refuses a second lock in the same process until the first is released", () => {
    const lock = lockFolder(dir);
    expect(() => lockFolder(dir)).toThrow(`pid ${process.pid}`);
    lock.release();
    lockFolder(dir).release();
  });

  it("takes over a lock whose process has exited", async () => {
    writeLock({ pid: await deadPid() });
    takeOver();
  });

  it("takes over a lock of an earlier process that had this pid, or whose pid a later process got", () => {
    writeLock({ pid: process.pid });
    takeOver();
    // The parent runs, but started at another time than the lock says: it is not the lock's owner.
    writeLock({ pid: process.ppid, processStart: "1" });
    if (existsSync("/proc/self/stat")) takeOver();
  });

  it("takes over a lock from before the machine rebooted once its heartbeat is stale (a pid of another boot cannot be checked)", () => {
    writeLock({ pid: process.ppid, bootId: "another-boot" });
    expect(() => lockFolder(dir, { now: after(29_999) })).toThrow(/another boot/);
    takeOver(after(30_000));
  });

  it("judges a lock from another pid namespace by its heartbeat, even when its pid runs here", () => {
    // Our own pid, and our parent's: in another namespace they are other processes, and say nothing.
    for (const pid of [process.pid, process.ppid]) {
      writeLock({ pid, pidNamespace: "pid:[1]" });
      expect(() => lockFolder(dir, { now: after(29_999) })).toThrow(/another pid namespace/);
      takeOver(after(30_000));
    }
  });

  it("judges a lock by its pid when it was written before the pid namespace was recorded", async () => {
    writeLock({ pid: process.ppid, pidNamespace: undefined });
    expect(() => lockFolder(dir, { now: after(3_600_000) })).toThrow(`pid ${process.ppid}`);
    writeLock({ pid: await deadPid(), pidNamespace: undefined });
    takeOver();
  });

  it("its heartbeat refreshes the lock, and finds out when another process has taken it over", () => {
    let clock = Date.parse("2030-01-01T00:00:00.000Z");
    const lost: LostLock[] = [];
    const lock = lockFolder(dir, { now: () => clock, onLost: (l) => lost.push(l) });
    expect(statSync(lock.file).mtimeMs).toBe(clock);
    clock += 5_000;
    expect(lock.heartbeat()).toBe(true);
    expect(statSync(lock.file).mtimeMs).toBe(clock);

    // Another process judged it stale and took it over.
    writeLock({ pid: 4242, nonce: "the-new-owner" });
    expect(lock.heartbeat()).toBe(false);
    expect(lost).toEqual([{ file: lock.file, owner: expect.objectContaining({ pid: 4242, nonce: "the-new-owner" }) }]);
    // Released or not, the new owner's lock stays.
    lock.release();
    expect((JSON.parse(readFileSync(lock.file, "utf8")) as LockOwner).nonce).toBe("the-new-owner");
  });

  it("is not stopped by the takeover marker of a process that died while taking over", async () => {
    const dead = await deadPid();
    writeLock({ pid: dead, nonce: "crashed" });
    writeFileSync(
      path.join(dir, `${LOCK_FILE_NAME}.takeover-crashed`),
      JSON.stringify({
        pid: dead,
        hostname: hostname(),
        startedAt: "x",
        processStart: null,
        bootId,
        pidNamespace,
        nonce: "t",
      }),
    );
    takeOver();
    expect(existsSync(path.join(dir, `${LOCK_FILE_NAME}.takeover-crashed`))).toBe(false);
  });

  it("refuses a lock held on another host while it is refreshed, saying until when; takes it over once it is stale", () => {
    writeLock({ pid: process.ppid, hostname: "another-host" });
    const lastBeat = statSync(path.join(dir, LOCK_FILE_NAME)).mtimeMs;
    expect(() => lockFolder(dir, { now: after(29_999) })).toThrow(
      `pid ${process.ppid} on another-host, started 2026-01-01T00:00:00.000Z, whose pid cannot be checked from here (another pid namespace such as another container, another boot, or another host); ` +
        `it last refreshed the lock at ${new Date(lastBeat).toISOString()} and is considered stopped if it does not refresh it by ${new Date(lastBeat + 30_000).toISOString()}`,
    );
    takeOver(after(30_000));
  });

  it("refuses a lock that names no process", () => {
    writeFileSync(path.join(dir, LOCK_FILE_NAME), "garbage");
    expect(() => lockFolder(dir)).toThrow(/does not name a process/);
  });
});
