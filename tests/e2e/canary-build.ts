/**
 * The build step of `npm run test:e2e`: `next build` with canary values in the
 * environment the dashboard reads secrets from (SESSION_SECRET, the vault's key
 * ring CREDENTIAL_KEYS, a workspace API key provisioned through PAYMENTS_API_KEY)
 * and the canary API key in the one the sandbox reads keys from, then a marker
 * naming (by hash) what the build saw. tests/e2e/secrets-canary.spec.ts scans the
 * build output for them. Exits with next build's status.
 */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";
import { ACME } from "../../sandbox/businesses";
import { BUILD_CANARY, BUILD_MARKER, buildCanaries, canaryFingerprint } from "./canary";

const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
const result = spawnSync(process.execPath, [nextBin, "build"], {
  stdio: "inherit",
  env: {
    ...process.env,
    SESSION_SECRET: BUILD_CANARY.sessionSecret,
    CREDENTIAL_KEYS: `build:${BUILD_CANARY.credentialKey}`,
    PAYMENTS_API_KEY: BUILD_CANARY.apiKey,
    PAYMENTS_BUSINESS_ID: ACME.id,
    SANDBOX_EXTRA_API_KEYS: `acme:${BUILD_CANARY.apiKey}`,
  },
});
if (result.status === 0) {
  writeFileSync(BUILD_MARKER, `${JSON.stringify({ canaries: canaryFingerprint(buildCanaries()) })}\n`);
}
process.exit(result.status ?? 1);
