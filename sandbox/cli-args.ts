/** Flag parsing of `npm run sandbox` (see cli.ts). */
import { parseConcurrentSameKey, parseExtraApiKeys, parseFaults, parseSeedSize, sandboxEnvironment } from "./config";
import { parseRateLimit } from "./rate-limit";
import type { FaultRule, SandboxOptions } from "./types";

export const USAGE = `Usage: npm run sandbox -- [--port N] [--reset] [--settle-ms N] [--rate-limit N|off]
                            [--latency MS] [--fail-rate 0..1] [--data-dir DIR] [--quiet]
                            [--concurrent-same-key replay|conflict] [--extra-api-key acme:KEY]
                            [--seed-links N] [--seed-chargebacks N]`;

function numberFlag(name: string, raw: string | undefined, opts: { max?: number } = {}): number {
  const value = Number(raw);
  if (
    raw === undefined ||
    raw === "" ||
    !Number.isFinite(value) ||
    value < 0 ||
    (opts.max !== undefined && value > opts.max)
  ) {
    throw new Error(`${name} needs a number${opts.max !== undefined ? ` from 0 to ${opts.max}` : ""}`);
  }
  return value;
}

export function parseArgs(
  argv: string[],
  env: Readonly<Record<string, string | undefined>> = sandboxEnvironment(),
): SandboxOptions {
  const options: SandboxOptions = { log: true };
  const extraFaults: FaultRule[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    const [flag, inline] = arg.includes("=")
      ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
      : [arg, undefined];
    const value = (): string | undefined => inline ?? argv[++i];
    switch (flag) {
      case "--port":
        options.port = numberFlag("--port", value(), { max: 65535 });
        break;
      case "--reset":
        options.reset = true;
        break;
      case "--settle-ms":
        options.settleMs = numberFlag("--settle-ms", value());
        break;
      case "--rate-limit":
        options.rateLimit = parseRateLimit(value() ?? "");
        break;
      case "--latency":
        extraFaults.push({ kind: "latency", ms: numberFlag("--latency", value()) });
        break;
      case "--fail-rate":
        extraFaults.push({ kind: "error503", rate: numberFlag("--fail-rate", value(), { max: 1 }), retry_after: 1 });
        break;
      case "--data-dir":
        options.dataDir = value() ?? null;
        break;
      case "--concurrent-same-key":
        options.concurrentSameKey = parseConcurrentSameKey(value() ?? "", "--concurrent-same-key");
        break;
      case "--extra-api-key":
        options.extraApiKeys = [
          ...(options.extraApiKeys ?? []),
          ...parseExtraApiKeys(value() ?? "", "--extra-api-key"),
        ];
        break;
      case "--seed-links":
        options.seedLinks = parseSeedSize(numberFlag("--seed-links", value()), "--seed-links");
        break;
      case "--seed-chargebacks":
        options.seedChargebacks = parseSeedSize(numberFlag("--seed-chargebacks", value()), "--seed-chargebacks");
        break;
      case "--quiet":
        options.log = false;
        break;
      case "--help":
      case "-h":
        process.stdout.write(`${USAGE}\n`);
        process.exit(0);
        break;
      default:
        throw new Error(`unknown argument ${arg}\n${USAGE}`);
    }
  }
  if (extraFaults.length > 0) {
    let base: FaultRule[] = [];
    if (env.SANDBOX_FAULTS?.trim()) base = parseFaults(JSON.parse(env.SANDBOX_FAULTS) as unknown, "SANDBOX_FAULTS");
    options.faults = [...base, ...extraFaults];
  }
  if (env.SANDBOX_LOG === "0") options.log = false;
  return options;
}
