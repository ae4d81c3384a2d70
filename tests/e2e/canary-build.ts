/**
 * The build step of `npm run test:e2e`: `next build` with canary values in the
 * environment the dashboard reads secrets from (SESSION_SECRET) and a canary
 * API key in the one the sandbox reads keys from, then a marker naming (by
 * hash) what the build saw. tests/e2e/secrets-canary.spec.ts scans the build
 * output for them. Exits with next build's status.
 */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";
import { BUILD_CANARY, BUILD_MARKER, canaryFingerprint } from "./canary";

const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
const result = spawnSync(process.execPath, [nextBin, "build"], {
  stdio: "inherit",
  env: {
    ...process.env,
    SESSION_SECRET: BUILD_CANARY.sessionSecret,
    SANDBOX_EXTRA_API_KEYS: `acme:${BUILD_CANARY.apiKey}`,
  },
});
if (result.status === 0) {
  writeFileSync(
    BUILD_MARKER,
    `${JSON.stringify({ canaries: canaryFingerprint([BUILD_CANARY.apiKey, BUILD_CANARY.sessionSecret]) })}\n`,
  );
}
process.exit(result.status ?? 1);
