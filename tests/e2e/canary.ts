/**
 * Canary values for the secrets proof (secrets-canary.spec.ts) and the forms in
 * which a leak of one would show. Plain Node: imported by the spec and by the
 * build step of `npm run test:e2e` (canary-build.ts).
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * What `npm run test:e2e` builds the app with (canary-build.ts): if a build
 * step ever inlined the environment into what is served, these would show in
 * `.next`. Never used to run anything. (The run itself uses fresh random ones.)
 */
export const BUILD_CANARY = {
  apiKey: "sk_canary_build_Qv7Lm2Xz9Rt4Wp8Ky1Hd6Ns3Bf5Gc0Ja",
  sessionSecret: "canary-build-session-secret-Tz4Vq8Nm1Xw6Rk3Ly9Hb2Dp7Gf5Jc0",
  credentialKey: "canary-build-credential-key-Hq3Zr8Lw1Nv6Tx4Kd9Bp2Ym7Gc5Js0",
} as const;

/** The build canaries, in one order (the marker's fingerprint is over this list). */
export function buildCanaries(): string[] {
  return [BUILD_CANARY.apiKey, BUILD_CANARY.sessionSecret, BUILD_CANARY.credentialKey];
}

/** Written next to the build by canary-build.ts: which canaries the build saw (as a hash, never the values). */
export const BUILD_MARKER = path.join(".next", "canary-build.json");

export function canaryFingerprint(values: readonly string[]): string {
  return createHash("sha256").update(values.join("\n")).digest("hex");
}

/** base64 of `value` as it would appear at any byte offset inside a longer encoded text. */
function base64Variants(value: Buffer, encoding: "base64" | "base64url"): string[] {
  const variants: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), value]).toString(encoding);
    // Only the characters made of the value's bits alone.
    variants.push(encoded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + value.length)) / 6)));
  }
  return variants;
}

/** Every form a leaked value may take: plain, URL-encoded, base64 and base64url (any alignment), hex. */
export function encodings(secret: string): string[] {
  const bytes = Buffer.from(secret, "utf8");
  const hex = bytes.toString("hex");
  return [
    ...new Set([
      secret,
      encodeURIComponent(secret),
      ...base64Variants(bytes, "base64"),
      ...base64Variants(bytes, "base64url"),
      hex,
      hex.toUpperCase(),
    ]),
  ];
}

export interface Finding {
  where: string;
  form: string;
}

/** Where any form of any secret occurs in `text` (a finding names the form's first characters only). */
export function scanText(where: string, text: string | Buffer, secrets: readonly string[]): Finding[] {
  const buffer = typeof text === "string" ? Buffer.from(text, "utf8") : text;
  const findings: Finding[] = [];
  for (const secret of secrets) {
    for (const form of encodings(secret)) {
      if (buffer.indexOf(form) !== -1) findings.push({ where, form: `${form.slice(0, 12)}… (${form.length} chars)` });
    }
  }
  return findings;
}

/** Every file under `dir` (recursively), scanned as bytes. */
export function scanTree(
  dir: string,
  secrets: readonly string[],
): { files: number; bytes: number; findings: Finding[] } {
  let files = 0;
  let bytes = 0;
  const findings: Finding[] = [];
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const content = readFileSync(full);
        files += 1;
        bytes += content.length;
        findings.push(...scanText(full, content, secrets));
      }
    }
  };
  if (statSync(dir, { throwIfNoEntry: false })?.isDirectory()) walk(dir);
  return { files, bytes, findings };
}
