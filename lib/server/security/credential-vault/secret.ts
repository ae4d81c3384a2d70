import "server-only";
import { createHash } from "node:crypto";

const INSPECT = Symbol.for("nodejs.util.inspect.custom");
const MIN_LENGTH_FOR_LAST4 = 12;

/** `sha256:` + the first 12 hex digits of SHA-256 of the credential: tells two credentials apart, reveals nothing. */
export function credentialFingerprint(secret: string): string {
  return `sha256:${createHash("sha256").update(secret, "utf8").digest("hex").slice(0, 12)}`;
}

/** The last 4 characters, or null when the credential is shorter than 12 (4 would be a third of it or more). */
export function credentialLast4(secret: string): string | null {
  return secret.length >= MIN_LENGTH_FOR_LAST4 ? secret.slice(-4) : null;
}

/**
 * A workspace credential in clear, hard to log by accident: the value sits in a
 * private field (no own property shows it: not JSON.stringify, util.inspect,
 * String(), a template string, Object.entries or the server's logger), and
 * every way of printing it shows the fingerprint alone. `reveal()` is the one
 * way to the value, for the payments client's request headers.
 */
export class WorkspaceSecret {
  readonly #value: string;
  readonly fingerprint: string;

  constructor(value: string) {
    if (value.length === 0) throw new TypeError("a workspace credential cannot be empty");
    this.#value = value;
    this.fingerprint = credentialFingerprint(value);
  }

  /** Its last 4 characters (or null), for a person to recognise it. */
  get last4(): string | null {
    return credentialLast4(this.#value);
  }

  /** The credential itself. Only to put in a request to the payments API. */
  reveal(): string {
    return this.#value;
  }

  toJSON(): { fingerprint: string } {
    return { fingerprint: this.fingerprint };
  }

  toString(): string {
    return `[workspace credential ${this.fingerprint}]`;
  }

  [INSPECT](): string {
    return this.toString();
  }
}
