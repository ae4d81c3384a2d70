/**
 * Captures what the server's logger (lib/server/log.ts) writes to stdout and
 * stderr while a test runs, as parsed JSON lines, plus the raw text (to scan).
 * The logger itself runs for real; only the process's output is collected.
 */
import { vi } from "vitest";

export interface CapturedLogs {
  stdout: Array<Record<string, unknown>>;
  stderr: Array<Record<string, unknown>>;
  /** Everything written to either stream, as written. */
  text(): string;
  restore(): void;
}

export function captureLogs(): CapturedLogs {
  const raw: string[] = [];
  const stdout: Array<Record<string, unknown>> = [];
  const stderr: Array<Record<string, unknown>> = [];
  const collect =
    (into: Array<Record<string, unknown>>) =>
    (chunk: string | Uint8Array): boolean => {
      const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
      raw.push(text);
      for (const line of text.split("\n").filter(Boolean)) {
        try {
          into.push(JSON.parse(line) as Record<string, unknown>);
        } catch {
          into.push({ unparsed: line });
        }
      }
      return true;
    };
  const out = vi.spyOn(process.stdout, "write").mockImplementation(collect(stdout) as typeof process.stdout.write);
  const err = vi.spyOn(process.stderr, "write").mockImplementation(collect(stderr) as typeof process.stderr.write);
  return {
    stdout,
    stderr,
    text: () => raw.join(""),
    restore: () => {
      out.mockRestore();
      err.mockRestore();
    },
  };
}
