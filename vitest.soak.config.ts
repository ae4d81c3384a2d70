import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * `npm run test:soak`: process-level proofs against the built app (tests/soak).
 * One file at a time (each starts its own sandbox and `next start` processes on
 * fixed ports), never picked up by `npm run test:unit`.
 */
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${root}/` },
      // Soak tests that drive the route handlers in-process (batch-crash.soak.ts) run server modules in plain Node, as vitest.config.ts does.
      { find: /^server-only$/, replacement: `${root}/tests/helpers/server-only-stub.ts` },
    ],
  },
  test: {
    name: "soak",
    environment: "node",
    include: ["tests/soak/**/*.soak.ts"],
    globalSetup: ["tests/soak/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 240_000,
    reporters: ["verbose"],
  },
});
