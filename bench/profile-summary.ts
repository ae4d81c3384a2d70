/**
 * Self time from a V8 .cpuprofile (node --cpu-prof): the top functions and the
 * top areas (npm package, the app's own bundled code, Node internals, GC), as
 * Markdown tables. Used by bench/profile-bff.ts; also runnable on its own:
 *   npx tsx bench/profile-summary.ts FILE.cpuprofile [top=25]
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a package, the app's bundle, Node, or V8's own buckets. */
export function areaOf(frame: CallFrame): string {
  const url = frame.url;
  if (!url) return frame.functionName.startsWith("(") ? frame.functionName : "(native)";
  if (url.startsWith("node:")) return "node internals";
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const rest = url.slice(modules + "node_modules/".length).split("/");
    return rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.includes("/.next/server/chunks/") || url.includes("/.next/server/app/")) return "app bundle (.next/server)";
  return url.replace(/^file:\/\//, "");
}

function shortUrl(url: string): string {
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) return url.slice(modules + "node_modules/".length);
  const next = url.indexOf("/.next/");
  return next >= 0 ? url.slice(next + 1) : url.replace(/^file:\/\//, "");
}

function table(title: string, rows: Array<[string, number]>, total: number, top: number): string {
  const lines = [`| ${title} | self ms | % of samples |`, "|---|---|---|"];
  for (const [name, micros] of rows.slice(0, top))
    lines.push(
      `| ${name.replaceAll("|", "\\|")} | ${(micros / 1000).toFixed(0)} | ${((100 * micros) / total).toFixed(1)} |`,
    );
  return lines.join("\n");
}

export function summariseProfile(file: string, top = 25): string {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const node = byId.get(id);
    const delta = profile.timeDeltas[index] ?? 0;
    if (!node) return;
    const frame = node.callFrame;
    if (frame.functionName === "(idle)") return;
    total += delta;
    const name =
      `${frame.functionName || "(anonymous)"} ${frame.url ? `${shortUrl(frame.url)}:${frame.lineNumber + 1}` : ""}`.trim();
    byFunction.set(name, (byFunction.get(name) ?? 0) + delta);
    const area = areaOf(frame);
    byArea.set(area, (byArea.get(area) ?? 0) + delta);
  });
  const sorted = (map: Map<string, number>) => [...map.entries()].sort((a, b) => b[1] - a[1]);
  return [
    `busy (non-idle) CPU time: ${(total / 1000).toFixed(0)} ms`,
    "",
    table("area", sorted(byArea), total, 15),
    "",
    table("function", sorted(byFunction), total, top),
  ].join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: npx tsx bench/profile-summary.ts FILE.cpuprofile [top]");
    process.exit(2);
  }
  console.log(summariseProfile(file, Number(process.argv[3] ?? 25)));
}
