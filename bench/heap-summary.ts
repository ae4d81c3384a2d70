/**
 * Summarises a V8 heap snapshot: self size and count per constructor (objects) or per
 * node type (strings, code, arrays, hidden…), largest first. Also a CLI:
 *   npx tsx bench/heap-summary.ts FILE.heapsnapshot [top]
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

export interface HeapGroup {
  name: string;
  count: number;
  bytes: number;
}

export function summariseHeap(file: string): { total: number; groups: HeapGroup[] } {
  const data = JSON.parse(readFileSync(file, "utf8")) as Snapshot;
  const fields = data.snapshot.meta.node_fields;
  const types = data.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf("type");
  const nameAt = fields.indexOf("name");
  const sizeAt = fields.indexOf("self_size");
  const groups = new Map<string, HeapGroup>();
  let total = 0;
  for (let i = 0; i < data.nodes.length; i += width) {
    const type = types[data.nodes[i + typeAt] ?? 0] ?? "?";
    const size = data.nodes[i + sizeAt] ?? 0;
    const raw = data.strings[data.nodes[i + nameAt] ?? 0] ?? "";
    // Objects by constructor; native objects by their name (ArrayBuffer backing stores, WASM memory…); the rest by type.
    const label = type === "native" ? raw.slice(0, 60) : (raw.split(" ")[0]?.slice(0, 60) ?? "");
    const name = type === "object" || type === "native" ? `${type}: ${label}` : `(${type})`;
    const group = groups.get(name) ?? { name, count: 0, bytes: 0 };
    group.count += 1;
    group.bytes += size;
    groups.set(name, group);
    total += size;
  }
  return { total, groups: [...groups.values()].sort((a, b) => b.bytes - a.bytes) };
}

export function formatHeap(summary: { total: number; groups: HeapGroup[] }, top: number): string {
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  const lines = [
    `heap snapshot: ${mb(summary.total)} MB of self size in ${summary.groups.reduce((n, g) => n + g.count, 0)} nodes`,
  ];
  for (const g of summary.groups.slice(0, top))
    lines.push(`  ${mb(g.bytes).padStart(7)} MB  ${String(g.count).padStart(8)}×  ${g.name}`);
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const file = process.argv[2];
  if (!file) throw new Error("usage: tsx bench/heap-summary.ts FILE.heapsnapshot [top]");
  console.log(formatHeap(summariseHeap(file), Number(process.argv[3] ?? 25)));
}
