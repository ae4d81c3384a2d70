/**
 * Preloaded into the server by bench/memory-profile.ts (`node --import`): on SIGUSR2 it
 * writes process.memoryUsage(), V8's heap spaces and (when asked) a heap snapshot into
 * MEMORY_PROBE_DIR, then `probe-<n>.json` last, so the reader knows the snapshot is complete.
 */
import { renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import v8 from "node:v8";

const dir = process.env.MEMORY_PROBE_DIR;
const snapshots = process.env.MEMORY_PROBE_SNAPSHOT === "1";
let count = 0;

if (dir) {
  process.on("SIGUSR2", () => {
    count += 1;
    const before = process.memoryUsage();
    const snapshot = snapshots ? v8.writeHeapSnapshot(path.join(dir, `heap-${count}.heapsnapshot`)) : null;
    const report = {
      pid: process.pid,
      memoryUsage: before,
      heapSpaces: v8
        .getHeapSpaceStatistics()
        .map((s) => ({ name: s.space_name, size: s.space_size, used: s.space_used_size })),
      heapStatistics: v8.getHeapStatistics(),
      snapshot,
    };
    const file = path.join(dir, `probe-${count}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify(report));
    renameSync(`${file}.tmp`, file);
  });
}
