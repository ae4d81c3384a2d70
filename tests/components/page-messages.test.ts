import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { dictionaries } from "@/lib/shared/i18n/dictionaries";
import {
  groupsCover,
  isNamespacedKey,
  MESSAGE_NAMESPACES,
  pickMessages,
  ROOT_MESSAGE_GROUPS,
} from "@/lib/shared/i18n/message-groups";
import { fieldErrorsIn, messageKeys, messageReadsIn, messageReadsReached, moduleGraph } from "../tooling/message-reads";

/**
 * Every page is sent only the message groups its code can read (lib/shared/i18n/message-groups.ts): the root
 * layout's, and those its layouts and the page itself add with `withMessages([…], Page)`. These tests walk each
 * route's imports and fail when a key its code can read is in no group around it (the page would show the key), or
 * when a group is sent that nothing reads (bytes on every load for nothing).
 */

const ROOT = path.resolve(__dirname, "../..");
const APP = path.join(ROOT, "app");
const ROUTE_FILE = /^(page|layout|loading|error|not-found|template|default)\.tsx$/;
const keys = messageKeys(Object.keys(dictionaries["pt-BR"]));

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "api" ? [] : routeFiles(full);
    return ROUTE_FILE.test(name) ? [full] : [];
  });
}

/** The groups a route file sends with `withMessages([…], …)` (a literal list, so that this test can read it). */
function declaredGroups(file: string): string[] {
  const source = readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
  const uses = source.match(/\b(withMessages\(|<Messages\b)/g)?.length ?? 0;
  const lists = [...source.matchAll(/\bwithMessages\(\s*\[([^\]]*)\]/g)];
  expect(lists.length, `${path.relative(ROOT, file)}: every withMessages lists its groups literally`).toBe(uses);
  return lists.flatMap((list) => [...(list[1] as string).matchAll(/"([^"]+)"/g)].map((m) => m[1] as string));
}

/** The groups its layouts send around a route file: every layout.tsx from app/ down to its folder. */
function layoutGroups(file: string): string[] {
  const groups: string[] = [];
  let dir = path.dirname(file);
  for (;;) {
    const layout = path.join(dir, "layout.tsx");
    if (layout !== file && routeFiles(dir).includes(layout)) groups.push(...declaredGroups(layout));
    if (dir === APP) return groups;
    dir = path.dirname(dir);
  }
}

/** Every .ts/.tsx file under `dir`. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

const files = routeFiles(APP).sort();
const relative = (file: string) => path.relative(ROOT, file);

describe("the messages each route is sent", () => {
  it("finds the routes and what they read", () => {
    expect(files.map(relative)).toContain("app/(dashboard)/insights/page.tsx");
    const reads = messageReadsReached(path.join(APP, "(dashboard)/insights/page.tsx"), keys);
    expect([...reads.keys()].some((read) => read.startsWith("insights."))).toBe(true);
  });

  it.each(files.map((file) => [relative(file), file]))(
    "%s: every key its code can read is in a group sent around it",
    (_name, file) => {
      const sent = [...ROOT_MESSAGE_GROUPS, ...layoutGroups(file), ...declaredGroups(file)];
      const unsent = [...messageReadsReached(file, keys)]
        .filter(([read]) => !groupsCover(sent, read))
        .map(([read, readers]) => `${read} (${readers.join(", ")})`);
      expect(unsent).toEqual([]);
    },
  );

  it.each(files.map((file) => [relative(file), file]))(
    "%s: every group it sends is read by its code and not sent already",
    (_name, file) => {
      const reads = [...messageReadsReached(file, keys).keys()];
      const around = [...ROOT_MESSAGE_GROUPS, ...layoutGroups(file)];
      for (const group of declaredGroups(file)) {
        expect(
          Object.keys(dictionaries["pt-BR"]).some((key) => groupsCover([group], key)),
          `${group} names keys`,
        ).toBe(true);
        expect(groupsCover(around, group), `${group} is sent around it already`).toBe(false);
        expect(
          reads.some((read) => groupsCover([group], read) || groupsCover([read.replace(/\.$/, "")], group)),
          `${group} is read`,
        ).toBe(true);
      }
    },
  );

  it("every field error the server writes is a key every page is sent", () => {
    // A route handler's field error is shown by whichever page posted the form, so the walk from that page need not
    // reach the service that wrote it: such keys belong in a root group.
    const written = [path.join(ROOT, "lib", "server"), path.join(APP, "api")]
      .flatMap(sourceFiles)
      .flatMap((file) => fieldErrorsIn(file).map((text) => ({ text, file: relative(file) })));
    expect(written.map(({ text }) => text)).toContain("fieldErrors.emailTaken");
    const misplaced = written.filter(({ text }) => !(keys.keys.has(text) && groupsCover(ROOT_MESSAGE_GROUPS, text)));
    expect(misplaced).toEqual([]);
  });

  it("the root layout's groups are each read somewhere", () => {
    const reads = new Set(files.flatMap((file) => [...messageReadsReached(file, keys).keys()]));
    for (const group of ROOT_MESSAGE_GROUPS)
      expect(
        [...reads].some((read) => groupsCover([group], read)),
        group,
      ).toBe(true);
  });
});

describe("message groups", () => {
  it("names every namespace of the dictionaries", () => {
    const namespaces = new Set(Object.keys(dictionaries["pt-BR"]).map((key) => key.slice(0, key.indexOf("."))));
    expect([...MESSAGE_NAMESPACES].sort()).toEqual([...namespaces].sort());
  });

  it("covers a key by its namespace or any longer prefix, at a dot", () => {
    expect(groupsCover(["payouts"], "payouts.review.fee")).toBe(true);
    expect(groupsCover(["payouts.review"], "payouts.review.fee")).toBe(true);
    expect(groupsCover(["payouts.review"], "payouts.reviewed")).toBe(false);
    expect(groupsCover(["payouts.attention"], "payouts.")).toBe(false);
    expect(groupsCover(["payout"], "payouts.review.fee")).toBe(false);
  });

  it("picks only the groups' messages", () => {
    const picked = pickMessages(dictionaries["pt-BR"], ["insights", "common.copy"]);
    expect(Object.keys(picked).length).toBeGreaterThan(50);
    expect(Object.keys(picked).every((key) => key.startsWith("insights.") || key.startsWith("common.copy"))).toBe(true);
    expect(picked["common.copy"]).toBe(dictionaries["pt-BR"]["common.copy"]);
  });

  it("tells a dictionary key from an API's own words", () => {
    expect(isNamespacedKey("payouts.review.fee")).toBe(true);
    expect(isNamespacedKey("Saldo insuficiente.")).toBe(false);
    expect(isNamespacedKey("unknown.namespace")).toBe(false);
  });
});

describe("what counts as reading a key", () => {
  it("follows imports with code (a multi-line one with a quote in a comment, import()); not type-only ones", () => {
    const graph = moduleGraph(path.join(ROOT, "tests", "tooling", "fixtures", "message-graph.ts")).map(relative);
    expect(graph.sort()).toEqual([
      "tests/tooling/fixtures/message-graph.ts",
      "tests/tooling/fixtures/message-reads.tsx",
    ]);
  });

  it("a whole key, a plural's base or the start of keys put together; not a look-alike", () => {
    const file = path.join(ROOT, "tests", "tooling", "fixtures", "message-reads.tsx");
    expect([...messageReadsIn(file, keys)].sort()).toEqual(
      ["errors.", "payouts.state.", "table.rows", "common.copy", "insights.", "nav.payouts"].sort(),
    );
  });

  it("a field error is a string among the values of a `fields` object", () => {
    const file = path.join(ROOT, "tests", "tooling", "fixtures", "message-reads.tsx");
    expect(fieldErrorsIn(file)).toEqual(["First words", "Second words"]);
  });
});
