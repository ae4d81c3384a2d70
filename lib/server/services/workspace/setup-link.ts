import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { appSettings, isSandboxMode, transportSettings } from "@/lib/server/config";
import { anyActiveOwner, createSetupToken, type Ledger } from "@/lib/server/ledger";
import { formatLine } from "@/lib/server/log";

/**
 * First run against a real API (docs/accounts.md, "First run"): there are no default accounts, so while no
 * workspace has an active owner the server prints a one-time setup link. The token is 32 random bytes; the
 * ledger keeps only its SHA-256 (setup-tokens.ts), so a copy of the database does not hold a usable link.
 */
export const SETUP_LINK_LIFETIME_MS = 30 * 60_000;

export const setupTokenHash = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** Where the dashboard is reached: APP_ORIGIN, else this machine on the port Next.js listens on (PORT). */
export function setupLinkOrigin(): string {
  return transportSettings().appOrigin ?? `http://127.0.0.1:${appSettings().port}`;
}

export interface SetupLink {
  url: string;
  expiresAt: Date;
}

/** A fresh setup link (stored by its hash), valid for 30 minutes from `now`. */
export async function issueSetupLink(ledger: Ledger, now: Date, origin = setupLinkOrigin()): Promise<SetupLink> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SETUP_LINK_LIFETIME_MS);
  await createSetupToken(ledger, { tokenHash: setupTokenHash(token), createdAt: now, expiresAt });
  return { url: `${origin}/setup?token=${token}`, expiresAt };
}

/**
 * At start: against a real API with no active owner anywhere, issues a link and prints it as ONE line on stderr.
 *
 * This is the one place the server deliberately writes a secret to its output. The logger (lib/server/log.ts)
 * masks every long token-like run, so it would print a useless link: the line is built by the logger's own
 * formatter (same JSON shape, same masking of every other field) and the URL added after it. The link works
 * once, for 30 minutes, and only until someone has become owner; whoever can read the server's output could
 * also restart it. Returns the link (null when none was needed).
 */
export async function announceSetupLink(ledger: Ledger, now = new Date()): Promise<SetupLink | null> {
  if (isSandboxMode() || (await anyActiveOwner(ledger))) return null;
  const link = await issueSetupLink(ledger, now);
  const line = JSON.parse(
    formatLine("warn", "setup.link", {
      expiresAt: link.expiresAt,
      note: "No workspace has an owner yet: open this link to set up the dashboard (one use, 30 minutes; `npm run setup-link` prints a new one).",
    }),
  ) as Record<string, unknown>;
  process.stderr.write(`${JSON.stringify({ ...line, url: link.url })}\n`);
  return link;
}
