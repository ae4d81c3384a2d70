import "server-only";
import { randomBytes } from "node:crypto";
import { chmodSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { ConfigError } from "@/lib/server/config";
import { log } from "@/lib/server/log";

/**
 * Secrets the server keeps in a file of its own: generated once against the
 * sandbox or in development (the session secret, the credential vault's key
 * ring), or a file the administrator mounts. The rules they share: never
 * inside the folders that hold the ledger (a copy of those must not carry the
 * key to what they hold), readable by this user only, written whole.
 * See docs/session.md ("Secrets").
 */
export interface SecretFileRules {
  /** What it is, in messages: "session secret". */
  label: string;
  /** The variable that gives the secret itself, and the one that names its file: the ways out a message names. */
  variable: string;
  fileVariable: string;
  /** Log events: a new secret was generated; an existing file was made private. */
  events: { generated: string; madePrivate: string };
  /** Said with the `generated` event. */
  generatedNote: string;
  /** Why the file's (trimmed) text cannot be used, as a message naming the way out; null when it can. */
  problem(text: string, file: string): string | null;
  /** A new secret's text. */
  generate(): string;
}

const errorCode = (error: unknown) => (error as { code?: unknown }).code;

/** The user's configuration folder's `pixops/<name>`: `$XDG_CONFIG_HOME` when absolute (XDG spec), else `~/.config`. */
export function userConfigFile(configHome: string | undefined, name: string): string {
  const home = configHome && path.isAbsolute(configHome) ? configHome : path.join(homedir(), ".config");
  return path.join(home, "pixops", name);
}

/** Folders that hold the ledger (and the credentials sealed or encrypted in it): DATA_DIR (default ./.data) and LEDGER_DIR. */
export function ledgerFolders(settings: { dataDir: string | undefined; ledgerDir: string | undefined }): string[] {
  const folders = [settings.dataDir ?? path.join(process.cwd(), ".data")];
  if (settings.ledgerDir && !settings.ledgerDir.startsWith("memory://")) folders.push(settings.ledgerDir);
  return folders;
}

function isInside(file: string, dir: string): boolean {
  const relative = path.relative(path.resolve(dir), file);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/** A ConfigError when `file` lies inside one of `folders`. */
export function refuseInsideLedgerFolders(file: string, folders: readonly string[], rules: SecretFileRules): void {
  const inside = folders.find((folder) => isInside(file, folder));
  if (inside) {
    throw new ConfigError(
      `the generated ${rules.label} would be written to ${file}, inside ${path.resolve(inside)} where the ledger and its sealed credentials live: point ${rules.fileVariable} elsewhere, or set ${rules.variable}`,
    );
  }
}

/** The secret in `file`, made private if it was not; null when there is none yet. */
export function readSecretFile(file: string, rules: SecretFileRules): string | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8").trim();
  } catch (error) {
    if (errorCode(error) === "ENOENT") return null;
    throw new ConfigError(
      `could not read the ${rules.label} at ${file} (${errorCode(error) ?? "error"}): set ${rules.variable}, or ${rules.fileVariable} to a readable file`,
    );
  }
  const problem = rules.problem(text, file);
  if (problem) throw new ConfigError(problem);
  if ((statSync(file).mode & 0o077) !== 0) {
    chmodSync(file, 0o600);
    log.warn(rules.events.madePrivate, { file });
  }
  return text;
}

/**
 * The secret in `file`, generated first when there is none: file mode 0600,
 * folder 0700 (`ownFolder`: the default folder, made private even if it
 * existed; a folder the administrator chose is left as it is), written whole
 * under a temporary name and linked into place, so two processes starting
 * together end with one secret.
 */
export function readOrCreateSecretFile(file: string, rules: SecretFileRules, options: { ownFolder: boolean }): string {
  const existing = readSecretFile(file, rules);
  if (existing) return existing;
  try {
    const dir = path.dirname(file);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (options.ownFolder) chmodSync(dir, 0o700);
    const secret = rules.generate();
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
    writeFileSync(temporary, secret, { mode: 0o600, flag: "wx" });
    try {
      linkSync(temporary, file);
    } catch (error) {
      if (errorCode(error) !== "EEXIST") throw error;
    } finally {
      unlinkSync(temporary);
    }
    const stored = readSecretFile(file, rules);
    if (!stored) throw new Error("the file was written but could not be read back");
    if (stored === secret) log.warn(rules.events.generated, { file, note: rules.generatedNote });
    return stored;
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(
      `could not create the ${rules.label} at ${file} (${errorCode(error) ?? "error"}): set ${rules.variable}, or ${rules.fileVariable} to a writable place`,
    );
  }
}
