/**
 * Which signed-in pages stream behind a skeleton: every page under app/(dashboard) is inside a section whose
 * loading.tsx shows the skeleton at once on navigation, except the payouts insights, whose figures are rendered into
 * the first paint (React reveals a streamed boundary no sooner than 300 ms after the first paint; docs/performance.md).
 * A loading.tsx at app/(dashboard) itself would wrap every section, the insights too.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const DASHBOARD = path.join(process.cwd(), "app", "(dashboard)");
/** Pages rendered with their data in the first HTML, no skeleton: their route, as a folder under app/(dashboard). */
const IN_FIRST_PAINT = new Set(["insights"]);

function pages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith("_")) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return pages(full);
    return entry.name === "page.tsx" ? [path.relative(DASHBOARD, dir)] : [];
  });
}

/** The folders from the page's up to (not including) app/(dashboard) that have a loading.tsx. */
function skeletonsAbove(page: string): string[] {
  const found: string[] = [];
  for (let dir = page; dir !== "" && dir !== "."; dir = path.dirname(dir))
    if (existsSync(path.join(DASHBOARD, dir, "loading.tsx"))) found.push(dir);
  return found;
}

describe("signed-in pages' loading skeletons", () => {
  const all = pages(DASHBOARD);

  it("finds the dashboard's pages", () => {
    expect(all).toEqual(expect.arrayContaining(["(overview)", "payouts", "payouts/[id]", "insights", "chargebacks"]));
  });

  it("has no skeleton around every section at once", () => {
    expect(existsSync(path.join(DASHBOARD, "loading.tsx"))).toBe(false);
  });

  it.each(all.filter((page) => !IN_FIRST_PAINT.has(page)))("%s shows a skeleton while it reads", (page) => {
    expect(skeletonsAbove(page)).not.toEqual([]);
  });

  it.each([...IN_FIRST_PAINT])("%s renders its figures into the first paint", (page) => {
    expect(all).toContain(page);
    expect(skeletonsAbove(page)).toEqual([]);
  });
});
