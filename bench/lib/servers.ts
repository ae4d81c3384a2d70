/**
 * The processes under test: the sandbox (`npm run sandbox`'s CLI, throttling off,
 * optionally seeded with big lists), the production Next.js server (`next start`
 * against that sandbox, fresh data folder) and, for row g, a throwaway PostgreSQL.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { SERVER_NODE_OPTIONS } from "../../scripts/node-options";
import { runToEnd, spawnTracked, treeRss, waitForHttp, type ChildEnv, type Spawned } from "./processes";

const require = createRequire(import.meta.url);
export const TSX_CLI = require.resolve("tsx/cli");
export const NEXT_BIN = require.resolve("next/dist/bin/next");

export interface Ports {
  app: number;
  sandbox: number;
  postgres: number;
}

export interface SeedSizes {
  links: number;
  chargebacks: number;
}

export class SandboxServer {
  private proc: Spawned | null = null;
  private seed: SeedSizes | null = null;
  /** `rateLimit`: "off" (every row but i) or the sandbox's own default (100 requests/s per credential, burst 200). */
  constructor(
    readonly port: number,
    private readonly dataDir: string,
    private readonly rateLimit: "off" | "default" = "off",
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts (or restarts) the sandbox unless it already runs with these list sizes. */
  async ensure(seed: SeedSizes = { links: 0, chargebacks: 0 }): Promise<void> {
    if (this.proc && this.seed && this.seed.links === seed.links && this.seed.chargebacks === seed.chargebacks) return;
    await this.stop();
    const args = [
      TSX_CLI,
      "sandbox/cli.ts",
      "--port",
      String(this.port),
      "--reset",
      ...(this.rateLimit === "off" ? ["--rate-limit", "off"] : []),
      "--quiet",
      "--data-dir",
      this.dataDir,
    ];
    args.push("--seed-links", String(seed.links), "--seed-chargebacks", String(seed.chargebacks));
    const proc = spawnTracked(process.execPath, args, {
      ...process.env,
      SANDBOX_FAULTS: "",
      SANDBOX_LOG: "0",
      SANDBOX_RATE_LIMIT: "",
    });
    this.proc = proc;
    try {
      await waitForHttp(`${this.url}/__sandbox/health`, 60_000, () => proc.child.exitCode === null);
    } catch (error) {
      throw new Error(
        `the sandbox did not start: ${error instanceof Error ? error.message : String(error)}\n${proc.tail()}`,
      );
    }
    this.seed = seed;
  }

  async stop(): Promise<void> {
    await this.proc?.stop();
    this.proc = null;
    this.seed = null;
  }
}

export interface AppOptions {
  /** PostgreSQL for the ledger; embedded PGlite when absent. */
  databaseUrl?: string;
  /** The data folder to start with (a row that prepared one); a fresh one when absent. */
  dataDir?: string;
}

/** The production server (`next start`), each start with a fresh data folder. */
export class AppServer {
  private proc: Spawned | null = null;
  private current: AppOptions | null = null;
  private cookieValue: string | null = null;
  readonly sessionSecret = randomBytes(32).toString("hex");

  constructor(
    readonly port: number,
    private readonly sandboxUrl: string,
    private readonly workDir: string,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number {
    const pid = this.proc?.child.pid;
    if (pid === undefined) throw new Error("the app is not running");
    return pid;
  }

  rss(): number {
    return treeRss(this.pid);
  }

  /** The environment the dashboard runs with in the bench (also used by row f's launcher start). */
  environment(dataDir: string, options: AppOptions = {}): ChildEnv {
    const env: Record<string, string | undefined> = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      // The heap limits `npm start` gives the server (scripts/node-options.ts).
      NODE_OPTIONS: SERVER_NODE_OPTIONS,
      NEXT_TELEMETRY_DISABLED: "1",
      SESSION_SECRET: this.sessionSecret,
      SANDBOX_URL: this.sandboxUrl,
      DATA_DIR: dataDir,
      LEDGER_DIR: path.join(dataDir, "ledger"),
      // Throughput is measured, not the sign-in throttle or the background reconciler's timing.
      SIGN_IN_LIMIT_PER_ADDRESS: "1000",
      SIGN_IN_LIMIT_PER_CREDENTIAL: "1000",
      SIGN_IN_LIMIT_TOTAL: "10000",
    };
    if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
    return env;
  }

  freshDataDir(): string {
    return mkdtempSync(path.join(this.workDir, "app-"));
  }

  /** Starts `next start` unless it already runs with these options. */
  async ensure(options: AppOptions = {}): Promise<void> {
    if (this.proc && this.current?.databaseUrl === options.databaseUrl && this.current?.dataDir === options.dataDir)
      return;
    await this.stop();
    const env = this.environment(options.dataDir ?? this.freshDataDir(), options);
    const proc = spawnTracked(process.execPath, [NEXT_BIN, "start", "-p", String(this.port), "-H", "127.0.0.1"], env);
    this.proc = proc;
    try {
      await waitForHttp(`${this.url}/api/health`, 120_000, () => proc.child.exitCode === null);
    } catch (error) {
      throw new Error(
        `the app did not start: ${error instanceof Error ? error.message : String(error)}\n${proc.tail()}`,
      );
    }
    this.current = options;
  }

  async stop(): Promise<void> {
    await this.proc?.stop();
    this.proc = null;
    this.current = null;
    this.cookieValue = null;
  }

  /** `name=value` of Acme's demo owner's session, signed in once per start. */
  async cookie(): Promise<string> {
    this.cookieValue ??= await signIn(this.url);
    return this.cookieValue;
  }
}

/** The demo people's public password in sandbox mode (lib/server/services/workspace/sandbox-people.ts). */
const DEMO_PASSWORD = "sandbox-demo-password";

/**
 * `name=value` of a session of Acme's demo person of `role` (`<role>@acme.example`, 2FA off: one step). The owner
 * by default: the one role that may open every page the rows measure (chargebacks and the activity log included).
 */
export async function signIn(appUrl: string, role: "owner" | "operator" | "finance" = "owner"): Promise<string> {
  const res = await fetch(`${appUrl}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-requested-by": "dashboard", origin: appUrl },
    body: JSON.stringify({ email: `${role}@acme.example`, password: DEMO_PASSWORD }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`sign-in answered ${res.status}: ${text.slice(0, 200)}`);
  const setCookie = res.headers.getSetCookie().find((c) => c.includes("session"));
  if (!setCookie) throw new Error("sign-in set no session cookie");
  return setCookie.split(";")[0] ?? "";
}

/** A throwaway PostgreSQL cluster (as .ci/postgres.sh starts one), or BENCH_DATABASE_URL as given. */
export class Postgres {
  private dir: string | null = null;
  private bin: string | null = null;
  /** `settings`: extra server settings (`name=value`), e.g. `log_statement=all` to count statements. */
  constructor(
    readonly port: number,
    private readonly settings: readonly string[] = [],
  ) {}

  /** The server's log (only for a cluster started here). */
  get logFile(): string | null {
    return this.dir ? path.join(this.dir, "log") : null;
  }

  async start(): Promise<string> {
    const given = process.env.BENCH_DATABASE_URL;
    if (given) return given;
    const versions = existsSync("/usr/lib/postgresql")
      ? readdirSync("/usr/lib/postgresql").sort((a, b) => Number(a) - Number(b))
      : [];
    const version = versions.filter((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`)).pop();
    if (!version)
      throw new Error(
        "no PostgreSQL found (/usr/lib/postgresql/*/bin/initdb; apt-get install postgresql, or set BENCH_DATABASE_URL)",
      );
    this.bin = `/usr/lib/postgresql/${version}/bin`;
    this.dir = mkdtempSync(path.join(tmpdir(), "bench-pg-"));
    if (process.getuid?.() === 0) await runToEnd("chown", ["postgres", this.dir], process.env, 10_000);
    await this.asPostgres(`'${this.bin}/initdb' -D '${this.dir}/data' -A trust -U postgres >/dev/null`);
    await this.asPostgres(
      `'${this.bin}/pg_ctl' -D '${this.dir}/data' -o "-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1${this.settings.map((setting) => ` -c ${setting}`).join("")}" -l '${this.dir}/log' -w start >/dev/null`,
    );
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  async stop(): Promise<void> {
    if (!this.dir || !this.bin) return;
    await this.asPostgres(`'${this.bin}/pg_ctl' -D '${this.dir}/data' -m fast stop >/dev/null`).catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
    this.dir = null;
  }

  /** PostgreSQL refuses to run as root: as root, commands run as the postgres user. */
  private asPostgres(command: string): Promise<void> {
    if (process.getuid?.() === 0)
      return runToEnd("su", ["postgres", "-s", "/bin/sh", "-c", command], process.env, 60_000);
    return runToEnd("/bin/sh", ["-c", command], process.env, 60_000);
  }
}
