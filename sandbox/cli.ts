/**
 * `npm run sandbox`: starts the sandbox with flags/env.
 *   --port N  --reset  --settle-ms N  --rate-limit N|off  --latency MS  --fail-rate 0.1  --quiet  --data-dir DIR
 *   --seed-links N  --seed-chargebacks N
 * Prints the URL and demo credentials; SIGINT/SIGTERM flush state and exit 0.
 */
import { ACME, BETA } from "./businesses";
import { parseArgs } from "./cli-args";
import { startSandbox, type SandboxOptions } from "./server";

async function main(): Promise<void> {
  let options: SandboxOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(2);
  }
  const handle = await startSandbox(options);
  process.stdout.write(
    [
      `Sandbox listening on ${handle.url}`,
      `  health: ${handle.url}/__sandbox/health`,
      `  Acme: X-API-Key ${ACME.apiKey} | Bearer ${ACME.accessToken} + X-Business-Id ${ACME.id}`,
      `  Beta: X-API-Key ${BETA.apiKey} | Bearer ${BETA.accessToken} + X-Business-Id ${BETA.id}`,
      "",
    ].join("\n"),
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n${signal}: flushing state and stopping the sandbox\n`);
    handle.close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

main().catch((err: unknown) => {
  process.stderr.write(`sandbox failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
