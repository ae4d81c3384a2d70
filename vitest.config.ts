import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${root}/` },
      // `server-only` throws outside React Server Components; under vitest the server modules run in plain Node.
      { find: /^server-only$/, replacement: `${root}/tests/helpers/server-only-stub.ts` },
    ],
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          environment: "node",
          include: ["tests/**/*.test.ts"],
          exclude: ["tests/e2e/**"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "dom",
          environment: "jsdom",
          include: ["tests/**/*.test.tsx"],
          exclude: ["tests/e2e/**"],
          setupFiles: ["tests/helpers/dom-setup.ts"],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
