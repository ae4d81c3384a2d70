import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint, type Linter } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The boundaries of eslint.config.mjs, proven by linting small files (with the project's own
 * config, as `npx eslint .` does) that break each rule once, and compliant ones that must pass.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
const BOUNDARY_RULES = new Set(["no-restricted-imports", "boundaries/use-client-imports"]);

let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  await eslint.lintText("export const warm = 1;\n", { filePath: "lib/shared/warm.ts" });
}, 60_000);

async function lint(filePath: string, code: string): Promise<Linter.LintMessage[]> {
  const results = await eslint.lintText(code, { filePath });
  return results.flatMap((result) => result.messages);
}

async function boundaryErrors(filePath: string, code: string): Promise<Linter.LintMessage[]> {
  return (await lint(filePath, code)).filter(
    (m) => m.severity === 2 && m.ruleId !== null && BOUNDARY_RULES.has(m.ruleId),
  );
}

const importing = (source: string, directive = "") =>
  `${directive}import * as m from "${source}";\nexport const used = m;\n`;

async function expectRefused(filePath: string, source: string, directive = ""): Promise<Linter.LintMessage> {
  const [error, ...more] = await boundaryErrors(filePath, importing(source, directive));
  if (!error) throw new Error(`${filePath} importing ${source}: no boundary error`);
  expect(more, `${filePath} importing ${source}: one error`).toEqual([]);
  return error;
}

async function expectAllowed(filePath: string, source: string, directive = "") {
  const errors = (await lint(filePath, importing(source, directive))).filter((m) => m.severity === 2);
  expect(errors, `${filePath} importing ${source}`).toEqual([]);
}

describe('browser code (components/, lib/browser/, "use client" in app/) cannot import server code', () => {
  it.each([
    ["components/payouts/violation.tsx", "@/lib/server/ledger"],
    ["components/payouts/violation.tsx", "../../lib/server/session/session"],
    ["lib/browser/query/violation.ts", "../../server/http/errors"],
    ["lib/browser/violation.ts", "../server/log"],
    ["lib/browser/violation.ts", "server-only"],
    ["lib/browser/violation.ts", "node:crypto"],
    ["components/ui/violation.tsx", "crypto"],
    ["components/ui/violation.tsx", "iron-session"],
    ["components/ui/violation.tsx", "pg"],
    ["components/ui/violation.tsx", "@electric-sql/pglite"],
    ["components/ui/violation.tsx", "drizzle-orm/pg-core"],
    ["components/ui/violation.tsx", "undici"],
    ["lib/browser/violation.ts", "@/sandbox/businesses"],
    ["components/login/violation.tsx", "../../sandbox/businesses"],
  ])("%s may not import %s", async (file, source) => {
    const error = await expectRefused(file, source);
    expect(error.message).toMatch(/Browser code|sandbox/);
  });

  it("refuses type-only imports and re-exports too", async () => {
    expect(
      await boundaryErrors(
        "components/ui/violation.tsx",
        'import type { Ledger } from "@/lib/server/ledger";\nexport type L = Ledger;\n',
      ),
    ).toHaveLength(1);
    expect(await boundaryErrors("lib/browser/violation.ts", 'export { log } from "@/lib/server/log";\n')).toHaveLength(
      1,
    );
  });

  it('a "use client" file in app/ follows the browser rule; a page (server component) may read the session', async () => {
    const client = '"use client";\n';
    expect((await expectRefused("app/(dashboard)/violation/widget.tsx", "@/lib/server/i18n", client)).ruleId).toBe(
      "boundaries/use-client-imports",
    );
    await expectRefused("app/(dashboard)/violation/widget.tsx", "node:fs", client);
    await expectAllowed("app/(dashboard)/violation/page.tsx", "@/lib/server/session/page");
    await expectAllowed("app/(dashboard)/violation/widget.tsx", "@/lib/shared/money", client);
  });

  it.each([
    ["components/payouts/compliant.tsx", "@/lib/shared/money"],
    ["components/payouts/compliant.tsx", "@/lib/browser/query/keys"],
    ["components/payouts/compliant.tsx", "../ui/button"],
    ["lib/browser/compliant.ts", "../shared/i18n/config"],
    ["lib/browser/compliant.ts", "@tanstack/react-query"],
  ])("%s may import %s", expectAllowed);
});

describe("shared code (lib/shared/) runs anywhere", () => {
  it.each([
    ["lib/shared/i18n/violation.ts", "@/lib/browser/i18n"],
    ["lib/shared/violation.ts", "../browser/i18n"],
    ["lib/shared/violation.ts", "@/lib/server/log"],
    ["lib/shared/schemas/violation.ts", "../../server/log"],
    ["lib/shared/violation.ts", "@/components/ui/button"],
    ["lib/shared/violation.ts", "react-dom"],
    ["lib/shared/violation.ts", "next/headers"],
    ["lib/shared/violation.ts", "node:fs"],
    ["lib/shared/violation.ts", "path"],
    ["lib/shared/violation.ts", "@/sandbox/store"],
  ])("%s may not import %s", async (file, source) => {
    await expectRefused(file, source);
  });

  it.each([
    ["lib/shared/compliant.ts", "zod"],
    ["lib/shared/schemas/compliant.ts", "../money"],
    ["lib/shared/compliant.ts", "@/lib/shared/format/date"],
  ])("%s may import %s", expectAllowed);
});

describe("server code (lib/server/) does not import browser code", () => {
  it.each([
    ["lib/server/services/violation.ts", "@/lib/browser/query/keys"],
    ["lib/server/services/violation.ts", "../../browser/hooks/use-now"],
    ["lib/server/violation.ts", "@/components/ui/button"],
    ["lib/server/http/violation.ts", "../../../components/ui/button"],
  ])("%s may not import %s", async (file, source) => {
    expect((await expectRefused(file, source)).message).toMatch(/Server code/);
  });

  it.each([
    ["lib/server/services/compliant.ts", "@/lib/server/errors/bff-error"],
    ["lib/server/services/compliant.ts", "@/lib/shared/money"],
    ["lib/server/compliant.ts", "../shared/i18n/config"],
    ["lib/server/compliant.ts", "node:crypto"],
    ["lib/server/ledger/compliant.ts", "drizzle-orm"],
  ])("%s may import %s", expectAllowed);
});

describe("services (lib/server/services/) do not import the HTTP layer (lib/server/http/)", () => {
  it.each([
    ["lib/server/services/violation.ts", "@/lib/server/http/handler"],
    ["lib/server/services/violation.ts", "../http/errors"],
    ["lib/server/services/payouts/violation.ts", "../../http/respond"],
    ["lib/server/services/payouts/violation.ts", "../../../server/http/paged-list"],
    ["lib/server/services/violation.ts", "../../lib/server/http"],
  ])("%s may not import %s", async (file, source) => {
    expect((await expectRefused(file, source)).message).toMatch(/Services .* speak the domain/);
  });

  it.each([
    ["lib/server/services/compliant.ts", "@/lib/server/ledger"],
    ["lib/server/services/payouts/compliant.ts", "../context"],
    ["lib/server/http/compliant.ts", "@/lib/server/services/context"],
    ["lib/server/services/compliant.ts", "@/lib/server/errors/classify"],
  ])("%s may import %s", expectAllowed);
});

describe("only the sandbox itself, the launcher, tests and benchmarks import the sandbox", () => {
  it.each([
    ["lib/server/services/violation.ts", "@/sandbox/businesses"],
    ["lib/server/services/violation.ts", "../../../sandbox/businesses"],
    ["lib/server/violation.ts", "../../sandbox/server"],
    ["app/(dashboard)/violation/page.tsx", "@/sandbox/businesses"],
    ["proxy-violation.ts", "./sandbox/server"],
    ["scripts/violation.ts", "../sandbox/server"],
  ])("%s may not import %s", async (file, source) => {
    expect((await expectRefused(file, source)).message).toMatch(/sandbox is its own program/);
  });

  it.each([
    ["scripts/launch.ts", "../sandbox/server"],
    ["tests/sandbox/compliant.test.ts", "@/sandbox/server"],
    ["bench/compliant.ts", "../sandbox/server"],
    ["sandbox/handlers/compliant.ts", "../store"],
  ])("%s may import %s", async (file, source) => {
    expect(await boundaryErrors(file, importing(source))).toEqual([]);
  });
});

describe("route files import only the wrapper, the services, shared code, zod and next", () => {
  it.each([
    ["app/api/violation/route.ts", "@/lib/server/ledger"],
    ["app/api/violation/route.ts", "@/lib/server/session/session"],
    ["app/api/violation/route.ts", "@/lib/server/payments-api/client"],
    ["app/api/violation/route.ts", "@/lib/server/log"],
    ["app/api/violation/[id]/route.ts", "../helpers"],
    ["app/api/violation/route.ts", "@/sandbox/businesses"],
    ["app/api/violation/route.ts", "@/lib/browser/bff-client/fetch"],
  ])("%s may not import %s", async (file, source) => {
    expect((await expectRefused(file, source)).message).toMatch(/Route files import only/);
  });

  it.each([
    ["app/api/violation/route.ts", "@/lib/server/http/handler"],
    ["app/api/violation/route.ts", "@/lib/server/services/payouts/issue"],
    ["app/api/violation/[id]/route.ts", "@/lib/shared/schemas/payout"],
    ["app/api/violation/route.ts", "zod"],
    ["app/api/violation/route.ts", "next/server"],
  ])("%s may import %s", expectAllowed);
});

describe("no file in lib/ imports a file that imports it back (lib/no-import-cycle)", () => {
  // The rule follows imports on disk, so each case is a small set of real files in a folder of its own
  // under lib/ (a dot folder: tsc and `npx eslint .` skip it if a run is interrupted), removed afterwards.
  let folder: string;
  const files: Record<string, string> = {
    "left.ts":
      'import { describe } from "./right";\nexport type Left = { name: string };\nexport const left = (l: Left) => describe(l);\n',
    "right.ts": 'import type { Left } from "./left";\nexport const describe = (l: Left) => `left ${l.name}`;\n',
    "one.ts": 'import { two } from "./two";\nexport const one = () => two() + 1;\n',
    "two.ts": 'import { three } from "./three";\nexport const two = () => three() + 1;\n',
    "three.ts":
      'import type { one } from "@/lib/server/CYCLE_FOLDER/one";\nexport const three = (): ReturnType<typeof one> => 1;\n',
    "shape.ts": "export type Shape = { sides: number };\n",
    "square.ts": 'import type { Shape } from "./shape";\nexport const square: Shape = { sides: 4 };\n',
    "drawing.ts":
      'import { square } from "./square";\nimport type { Shape } from "./shape";\nexport const drawing: Shape[] = [square];\n',
  };

  beforeAll(() => {
    folder = mkdtempSync(path.join(root, "lib/server/.cycle-check-"));
    for (const [name, code] of Object.entries(files)) {
      writeFileSync(path.join(folder, name), code.replace("CYCLE_FOLDER", path.basename(folder)));
    }
  });

  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  async function cycleErrors(name: string): Promise<Linter.LintMessage[]> {
    const results = await eslint.lintFiles([path.join(folder, name)]);
    return results
      .flatMap((result) => result.messages)
      .filter((m) => m.severity === 2 && m.ruleId === "lib/no-import-cycle");
  }

  it("refuses two files that import each other, the type-only import included", async () => {
    const [fromLeft, ...moreLeft] = await cycleErrors("left.ts");
    expect(moreLeft).toEqual([]);
    expect(fromLeft?.message).toMatch(
      /Import cycle: this file → lib\/server\/\.cycle-check-\w+\/right\.ts → this file/,
    );
    const [fromRight, ...moreRight] = await cycleErrors("right.ts");
    expect(moreRight).toEqual([]);
    expect(fromRight).toMatchObject({ line: 1 });
    expect(fromRight?.message).toMatch(/left\.ts → this file/);
  });

  it("refuses a longer circle, one of its imports written with the @/ alias", async () => {
    const [error, ...more] = await cycleErrors("one.ts");
    expect(more).toEqual([]);
    expect(error?.message).toMatch(/this file → \S+\/two\.ts → \S+\/three\.ts → this file/);
    expect(await cycleErrors("three.ts")).toHaveLength(1);
  });

  it("allows imports that lead back to no importer (a shared type in a module of its own)", async () => {
    for (const name of ["shape.ts", "square.ts", "drawing.ts"]) {
      const results = await eslint.lintFiles([path.join(folder, name)]);
      expect(
        results.flatMap((result) => result.messages).filter((m) => m.severity === 2),
        name,
      ).toEqual([]);
    }
  });
});
