import { builtinModules } from "node:module";
import { fileURLToPath } from "node:url";
import { builtinRules } from "eslint/use-at-your-own-risk";
import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";
import { noImportCycle } from "./eslint-rules/no-import-cycle.mjs";

/*
 * Boundaries (docs/architecture.md): where code runs decides what it may import.
 *
 *   browser  components/**, lib/browser/**, "use client" files in app/   no server code, no Node, no sandbox
 *   shared   lib/shared/**                                               runs anywhere: no browser, server, Node or Next code
 *   server   lib/server/**                                               no browser code, no sandbox
 *   services lib/server/services/**                                      also no HTTP (lib/server/http/): they take deps and input, return data
 *   routes   app/api/**\/route.ts                                       only the wrapper, the services, shared code, zod, next
 *   sandbox  sandbox/**: imported only by itself, scripts/launch.ts, tests/** and bench/**
 *
 * Each rule is a `no-restricted-imports` regex over the import string. An in-repo target is matched both as
 * an alias (`@/lib/server/…`) and as a relative path that climbs into it (`../server/…`, `../../lib/server/…`,
 * `../../../sandbox/…`), so relative imports cannot bypass a rule. Flat config replaces (not merges) a rule's
 * options when several blocks match one file, so every zone below lists its full set, sandbox rule included.
 * tests/lint/boundaries.test.ts lints a deliberate violation of each rule.
 */

/** An in-repo folder, as an alias or as a relative path that climbs (`../`) into it; `lib/x` also as `../x`. */
function folder(path, message) {
  const tail = path.startsWith("lib/") ? `(lib/)?${path.slice("lib/".length)}` : path;
  return [
    { regex: `^@/${path}(/|$)`, message },
    { regex: `^(\\./|(\\.\\./)+)${tail}(/|$)`, message },
  ];
}

/** Packages by name, with their subpaths. */
function packages(names, message) {
  return [{ regex: `^(${names.map((name) => name.replaceAll(".", "\\.")).join("|")})(/|$)`, message }];
}

const nodeBuiltins = builtinModules.filter((name) => !name.startsWith("_"));

const SANDBOX = "The sandbox is its own program: only sandbox/, scripts/launch.ts, tests/ and bench/ import it.";
const noSandbox = folder("sandbox", SANDBOX);

const BROWSER =
  'Browser code (components/, lib/browser/, "use client") cannot import server code: move what both need to lib/shared/.';
const noServerCode = [
  ...folder("lib/server", BROWSER),
  ...packages(["server-only", "iron-session", "pg", "@electric-sql/pglite", "drizzle-orm", "undici"], BROWSER),
  { regex: "^node:", message: BROWSER },
  ...packages(nodeBuiltins, BROWSER),
];
const browserRestrictions = { patterns: [...noServerCode, ...noSandbox] };

const SHARED =
  "lib/shared/ runs anywhere: it imports neither browser nor server code, nor Node or Next runtime modules.";
const sharedRestrictions = {
  patterns: [
    ...folder("lib/browser", SHARED),
    ...folder("lib/server", SHARED),
    ...folder("components", SHARED),
    ...folder("app", SHARED),
    ...packages(
      ["react-dom", "next", "server-only", "iron-session", "pg", "@electric-sql/pglite", "drizzle-orm", "undici"],
      SHARED,
    ),
    { regex: "^node:", message: SHARED },
    ...packages(nodeBuiltins, SHARED),
    ...noSandbox,
  ],
};

const SERVER = "Server code (lib/server/) does not import browser code (lib/browser/, components/).";
const serverOnly = [...folder("lib/browser", SERVER), ...folder("components", SERVER)];

const SERVICES =
  "Services (lib/server/services/) speak the domain, not HTTP: they take their dependencies and input and return data; the route wrapper (lib/server/http/) does requests, statuses and headers.";
const noHttp = [...folder("lib/server/http", SERVICES), { regex: "^(\\./|(\\.\\./)+)http(/|$)", message: SERVICES }];

const ROUTE =
  "Route files import only the wrapper (@/lib/server/http), the services (@/lib/server/services), shared code (@/lib/shared), zod and next: put anything else behind a service.";
const routeRestrictions = {
  patterns: [{ regex: "^(?!(zod|next)(/|$)|@/lib/server/(http|services)/|@/lib/shared/)", message: ROUTE }],
};

/**
 * `no-restricted-imports`, applied only to files whose first statement is the "use client" directive: a
 * client component in app/ follows the browser rule, while pages and layouts (server components) may read
 * the session and i18n from lib/server.
 */
const restrictedImports = builtinRules.get("no-restricted-imports");
const useClientImports = {
  meta: {
    ...restrictedImports.meta,
    docs: { description: 'no-restricted-imports for files that start with "use client"' },
  },
  create(context) {
    const first = context.sourceCode.ast.body[0];
    const isClient = first?.type === "ExpressionStatement" && first.directive === "use client";
    return isClient ? restrictedImports.create(context) : {};
  },
};

const boundaries = [
  {
    files: ["**/*.{js,mjs,cjs,ts,mts,cts,tsx,jsx}"],
    ignores: ["sandbox/**", "scripts/launch.ts", "tests/**", "bench/**"],
    rules: { "no-restricted-imports": ["error", { patterns: noSandbox }] },
  },
  { files: ["components/**", "lib/browser/**"], rules: { "no-restricted-imports": ["error", browserRestrictions] } },
  { files: ["lib/shared/**"], rules: { "no-restricted-imports": ["error", sharedRestrictions] } },
  {
    files: ["lib/server/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [...serverOnly, ...noSandbox] }] },
  },
  {
    files: ["lib/server/services/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [...noHttp, ...serverOnly, ...noSandbox] }] },
  },
  { files: ["app/api/**/route.ts"], rules: { "no-restricted-imports": ["error", routeRestrictions] } },
  {
    files: ["app/**"],
    plugins: { boundaries: { rules: { "use-client-imports": useClientImports } } },
    rules: { "boundaries/use-client-imports": ["error", browserRestrictions] },
  },
];

/**
 * No file in lib/ imports a file that imports it back, directly or through others, type imports included:
 * what two files share lives in a module of its own (eslint-rules/no-import-cycle.mjs says why not import/no-cycle).
 */
const noCycles = {
  files: ["lib/**"],
  plugins: {
    lib: {
      rules: { "no-import-cycle": noImportCycle({ root: fileURLToPath(new URL(".", import.meta.url)), scope: "lib" }) },
    },
  },
  rules: { "lib/no-import-cycle": "error" },
};

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/ban-ts-comment": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  ...boundaries,
  noCycles,
  // Last of the rules: turns off the stylistic ones that Prettier (npm run lint:format) owns, so the two never disagree.
  prettier,
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      ".data/**",
      "coverage/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
      ".bench-empty-app/**",
    ],
  },
];

export default config;
