/**
 * `npm run dev` / `npm start`: runs Next.js, and — when PAYMENTS_API_URL is not
 * set — the embedded sandbox of the payments API beside it, so a fresh clone
 * works with no setup. With PAYMENTS_API_URL set, nothing of the sandbox runs.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { readEnvironment } from "../lib/server/config/environment";
import { ConfigError } from "../lib/server/config/errors";
import { parseLauncherSettings, type LauncherSettings } from "../lib/server/config/sections";
import { withServerNodeOptions } from "./node-options";

const modeArg = process.argv[2];
if (modeArg !== "dev" && modeArg !== "start") {
  console.error("usage: tsx scripts/launch.ts dev|start [next options]");
  process.exit(2);
}
const mode: "dev" | "start" = modeArg;
const nextArgs = process.argv.slice(3);

async function sandboxIsUp(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/__sandbox/health`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  // The environment Next.js runs with: this process's, read through the configuration module.
  const env = readEnvironment();
  env.NEXT_TELEMETRY_DISABLED ??= "1";
  let settings: LauncherSettings;
  try {
    settings = parseLauncherSettings(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Refusing to start: ${error.message}`);
    process.exit(1);
  }
  let closeSandbox: (() => Promise<void>) | null = null;
  /** The sandbox's start, when this launcher starts it (settled once it is up or has failed). */
  let sandboxStart: Promise<void> | null = null;

  if (settings.paymentsApiUrl) {
    console.log(`Payments API: ${settings.paymentsApiUrl} (sandbox not started)`);
  } else {
    const port = settings.sandboxPort;
    const url = `http://127.0.0.1:${port}`;
    if (await sandboxIsUp(url)) {
      console.log(`Payments API: using the sandbox already running at ${url}`);
    } else {
      sandboxStart = (async () => {
        const [{ startSandbox }, { BUSINESSES }] = await Promise.all([
          import("../sandbox/server"),
          import("../sandbox/businesses"),
        ]);
        const sandbox = await startSandbox({
          port,
          dataDir: path.join(settings.dataDir, "sandbox"),
          reset: settings.sandboxReset,
        });
        closeSandbox = () => sandbox.close();
        console.log(
          `Payments API: sandbox started at ${sandbox.url} (demo keys: ${BUSINESSES.map((b) => b.apiKey).join(", ")})`,
        );
      })();
      // `start` serves at once, so the sandbox must be up first. `dev` compiles for many seconds before its first
      // answer: the sandbox starts meanwhile, and the development server's start-up waits for it (lib/server/startup.ts).
      if (mode === "start") await sandboxStart;
    }
    env.SANDBOX_URL = url;
  }

  if (mode === "start") env.NODE_OPTIONS = withServerNodeOptions(env.NODE_OPTIONS);
  const require = createRequire(import.meta.url);
  const nextBin = require.resolve("next/dist/bin/next");
  const child = spawn(process.execPath, [nextBin, mode, ...nextArgs], { stdio: "inherit", env });
  let failed = false;
  sandboxStart?.catch((error: unknown) => {
    console.error(
      `Refusing to start: the sandbox did not start: ${error instanceof Error ? error.message : String(error)}`,
    );
    failed = true;
    child.kill("SIGTERM");
  });

  const forward = (signal: NodeJS.Signals) => () => {
    child.kill(signal);
  };
  process.on("SIGINT", forward("SIGINT"));
  process.on("SIGTERM", forward("SIGTERM"));

  child.on("exit", (code, signal) => {
    void (async () => {
      await sandboxStart?.catch(() => undefined);
      if (closeSandbox) await closeSandbox();
      process.exit(failed ? 1 : (code ?? (signal ? 1 : 0)));
    })();
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
