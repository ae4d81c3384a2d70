import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { budgetReport, firstLoadJs, type RouteWeight } from "./first-load-js";

/** A hand-made `.next` with one page in a route group, the not-found page, Next's global-error page and a route handler. */
const FIXTURE = fileURLToPath(new URL("./fixtures/tiny-build", import.meta.url));

function gzipOf(chunks: readonly string[]): number {
  return chunks.reduce((sum, chunk) => sum + gzipSync(readFileSync(`${FIXTURE}/${chunk}`), { level: 9 }).length, 0);
}

describe("firstLoadJs", () => {
  const weights = firstLoadJs(FIXTURE);

  it("lists the app's pages by URL, leaving out route handlers and Next's global-error page", () => {
    expect(weights.map((weight) => weight.route)).toEqual(["/_not-found", "/cart"]);
  });

  it("counts the root main files and every entry chunk of the route once, without the nomodule polyfills or CSS", () => {
    const cart = weights.find((weight) => weight.route === "/cart");
    expect(cart?.chunks).toEqual([
      "static/chunks/cart.js",
      "static/chunks/framework.js",
      "static/chunks/layout.js",
      "static/chunks/runtime.js",
    ]);
    expect(cart?.rawBytes).toBe(83 + 88 + 85 + 86);
    expect(cart?.gzipBytes).toBe(gzipOf(cart?.chunks ?? []));
  });

  it("gives the same figures on every run", () => {
    expect(firstLoadJs(FIXTURE)).toEqual(weights);
  });

  it("throws on a directory that is not a build output", () => {
    expect(() => firstLoadJs(`${FIXTURE}/static`)).toThrow();
  });
});

describe("budgetReport", () => {
  const weights: RouteWeight[] = [
    { route: "/", gzipBytes: 150_000, rawBytes: 500_000, chunks: ["a.js"] },
    { route: "/payouts", gzipBytes: 171_234, rawBytes: 560_000, chunks: ["a.js", "b.js"] },
  ];

  it("passes with the table when every route fits", () => {
    const report = budgetReport(weights, 180_000);
    expect(report.failure).toBeNull();
    expect(report.table).toMatch(/\/payouts\s+171\.2 kB\s+560\.0 kB\s+2\s+yes/);
  });

  it("fails naming each route over the budget and its size", () => {
    const report = budgetReport(weights, 170_000);
    expect(report.failure).toContain("1 route(s) over the first-load JS budget of 170.0 kB: /payouts (171.2 kB)");
    expect(report.table).toMatch(/\/payouts\s+171\.2 kB.*NO/);
    expect(report.table).toMatch(/^\/\s+150\.0 kB.*yes$/m);
  });

  it("fails when the build has no routes", () => {
    expect(budgetReport([], 170_000).failure).toMatch(/No app routes/);
  });
});
