/** `npm run bench -- [--no-build] [--only a,c] [--runs N]`. */
export interface BenchArgs {
  build: boolean;
  only: Set<string> | null;
  runs: number;
}

export const USAGE = "usage: npm run bench -- [--no-build] [--only a,b,...] [--runs N]";

export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  const args: BenchArgs = { build: true, only: null, runs: 3 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--no-build") args.build = false;
    else if (arg === "--only") {
      const rows = (argv[++i] ?? "")
        .split(",")
        .map((r) => r.trim().toLowerCase())
        .filter(Boolean);
      if (rows.length === 0) throw new Error(`--only needs row letters\n${USAGE}`);
      args.only = new Set([...(args.only ?? []), ...rows]);
    } else if (arg === "--runs") {
      const runs = Number(argv[++i]);
      if (!Number.isInteger(runs) || runs < 1 || runs > 20)
        throw new Error(`--runs needs a whole number from 1 to 20\n${USAGE}`);
      args.runs = runs;
    } else throw new Error(`unknown argument ${arg}\n${USAGE}`);
  }
  return args;
}
