import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";

/** Where local state lives (sandbox state, embedded ledger, generated secret): `.data/` unless DATA_DIR says otherwise. */
export function dataDir(): string {
  const dir = process.env.DATA_DIR ?? path.join(process.cwd(), ".data");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}
