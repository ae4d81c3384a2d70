/**
 * The one place the dashboard reads `process.env` (next.config.mjs aside): the
 * configuration module parses what this returns, and the launcher hands a copy
 * of it to the Next.js process it starts. No `server-only` marker, so the
 * launcher (a plain Node script) can import it; it holds nothing secret itself.
 */
export type Env = Readonly<Record<string, string | undefined>>;

/** A snapshot of the process environment. */
export function readEnvironment(): NodeJS.ProcessEnv {
  return { ...process.env };
}

/**
 * Next.js's own markers, not configuration: the runtime a module is evaluated in
 * ("nodejs" or "edge") and the build phase, for instrumentation.ts.
 */
export function nextRuntime(): { runtime: string | undefined; phase: string | undefined } {
  return { runtime: process.env.NEXT_RUNTIME, phase: process.env.NEXT_PHASE };
}
