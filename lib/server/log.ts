import "server-only";
import { deployment } from "@/lib/server/config";

/**
 * The server's one logger: one JSON line per event (info on stdout, warn and
 * error on stderr), with the request id when there is one. It never writes
 * what a caller may not know to be sensitive:
 *
 * - fields whose name says "secret" (apiKey, accessToken, authorization,
 *   cookie, seal, credential, pixKey, key, document, email, params, body,
 *   password, secret, and names ending in one of them) are replaced by
 *   "[redacted]" at any depth;
 * - every string is masked: a URL's user and password (`smtp://[credentials]@host`),
 *   long token-like runs (keys, seals, secrets), e-mail addresses and long digit
 *   runs (tax ids, phone numbers);
 * - an Error is reduced to its name, code and message, with a SQL error's
 *   parameters and the values a database quotes in its messages cut out, and
 *   a stack (frames only) in development. Nothing else of it is written: not
 *   `params`, `query`, `detail`, `where`, nor any other property.
 *
 * docs/security.md lists what is logged and why.
 */

export type LogLevel = "info" | "warn" | "error";

export interface LogFields {
  /** The BFF's or the payments API's request id, for support to search by. */
  requestId?: string | null;
  /** Any thrown value: reduced as described above. */
  error?: unknown;
  [name: string]: unknown;
}

const REDACTED = "[redacted]";

/** Normalised names (lowercase, letters and digits only) that are always redacted. */
const SENSITIVE_NAMES = new Set([
  "apikey",
  "accesstoken",
  "authorization",
  "cookie",
  "setcookie",
  "seal",
  "credential",
  "credentials",
  "pixkey",
  "key",
  "document",
  "email",
  "params",
  "body",
  "password",
  "secret",
]);
/** A name ending in one of these is sensitive too (credentialSeal, sessionSecret, requestBody, refreshToken, ...). */
const SENSITIVE_SUFFIXES = [
  "apikey",
  "token",
  "authorization",
  "cookie",
  "seal",
  "credential",
  "credentials",
  "pixkey",
  "document",
  "email",
  "params",
  "body",
  "password",
  "secret",
];

export function isSensitiveName(name: string): boolean {
  const normalised = name.toLowerCase().replace(/[^a-z0-9]/g, "");
  return SENSITIVE_NAMES.has(normalised) || SENSITIVE_SUFFIXES.some((suffix) => normalised.endsWith(suffix));
}

/** A URL's user and password (up to the authority's last "@"; a short password is no token-like run). */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#]*@/gi;
/** Runs of 32+ characters that may be a key, a token, a secret or a seal ("/" left out, so file paths stay readable). */
const TOKEN_RUN = /[A-Za-z0-9_\-+=.*~]{32,}/g;
/** An id we want to keep readable: a UUID, possibly after a short prefix (idempotency keys such as `crash-<uuid>`). */
const ID_WITH_UUID = /^[A-Za-z0-9_-]{0,24}?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A UUID anywhere in text: about one random UUID in 90 has a segment run of 11+ digits, which is no tax id. */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** 11+ digits, possibly formatted (CPF, CNPJ, phone numbers, card numbers), not inside a word (ids such as bff_… stay). */
const LONG_DIGITS = /(?<![A-Za-z0-9_])\+?\d(?:[.\-/ ]?\d){10,}(?![A-Za-z0-9_])/g;
/** What a request id looks like (ours: bff_ + hex; the API's: req_ + base32); anything else is masked like any text. */
const REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_STRING = 500;

/** Masks what may be a secret or personal data inside free text. */
export function maskText(text: string): string {
  // Cut first (with room for what masking shortens), so no pattern ever runs over a huge string.
  const bounded = text.length > MAX_STRING * 4 ? text.slice(0, MAX_STRING * 4) : text;
  const masked = bounded
    .replace(URL_CREDENTIALS, "$1[credentials]@")
    .replace(TOKEN_RUN, (run) => (ID_WITH_UUID.test(run) ? run : `[masked:${run.length}]`))
    .replace(EMAIL, "[email]");
  const withDigitsMasked = maskLongDigitsOutsideUuids(masked);
  return withDigitsMasked.length > MAX_STRING || bounded !== text
    ? `${withDigitsMasked.slice(0, MAX_STRING)}…`
    : withDigitsMasked;
}

function maskLongDigitsOutsideUuids(text: string): string {
  let result = "";
  let from = 0;
  for (const uuid of text.matchAll(UUID)) {
    result += text.slice(from, uuid.index).replace(LONG_DIGITS, "[digits]") + uuid[0];
    from = uuid.index + uuid[0].length;
  }
  return result + text.slice(from).replace(LONG_DIGITS, "[digits]");
}

/**
 * An error message as it may be logged: a query error's parameters (drizzle
 * appends "params: …") and the values PostgreSQL quotes in its messages
 * ("invalid input syntax for type uuid: "…"", "Key (…)=(…)", "Failing row
 * contains (…)") are cut out, then the rest is masked.
 */
export function scrubErrorMessage(message: string): string {
  const withoutParams = message.split(/\s*\bparams:/)[0] ?? "";
  const withoutValues = withoutParams
    .replace(/(for (?:type|enum) [\w ."]+?): ".*"/g, '$1: "…"')
    .replace(/\bvalue "[^"]*"/g, 'value "…"')
    .replace(/\bKey \(.*?\)=\(.*\)/g, "Key (…)=(…)")
    .replace(/Failing row contains \(.*\)/g, "Failing row contains (…)");
  return maskText(withoutValues);
}

const MAX_DEPTH = 6;
const MAX_CAUSES = 3;

interface ReducedError {
  name: string;
  code?: string;
  status?: number;
  message: string;
  stack?: string[];
  cause?: ReducedError;
}

/** What of a thrown value may be logged (see the module comment). */
export function reduceError(error: unknown, depth = 0): ReducedError {
  if (!(error instanceof Error)) {
    return { name: typeof error, message: typeof error === "string" ? scrubErrorMessage(error) : "(not an Error)" };
  }
  const reduced: ReducedError = { name: maskText(error.name), message: scrubErrorMessage(error.message) };
  const { code, status } = error as { code?: unknown; status?: unknown };
  if (typeof code === "string" || typeof code === "number") reduced.code = maskText(String(code));
  if (typeof status === "number") reduced.status = status;
  if (deployment().development && error.stack) {
    // Frames only: the stack's first lines repeat the (unscrubbed) message.
    reduced.stack = error.stack
      .split("\n")
      .filter((line) => /^\s+at /.test(line))
      .slice(0, 15)
      .map((line) => line.trim());
  }
  if (error.cause !== undefined && depth < MAX_CAUSES) reduced.cause = reduceError(error.cause, depth + 1);
  return reduced;
}

/** A copy of `value` that may be logged: sensitive names redacted, strings masked, errors reduced. */
export function redact(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === "string") return maskText(value);
  if (value === null || typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value === "bigint") return value.toString();
  if (value === undefined || typeof value === "function" || typeof value === "symbol") return undefined;
  if (value instanceof Error) return reduceError(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value !== "object") return undefined;
  if (seen.has(value)) return "[circular]";
  if (depth >= MAX_DEPTH) return "[too deep]";
  seen.add(value);
  if (Array.isArray(value)) return value.slice(0, 50).map((item: unknown) => redact(item, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    out[name] = isSensitiveName(name) ? REDACTED : redact(item, depth + 1, seen);
  }
  return out;
}

/** The JSON line of one event (exported for the tests). */
export function formatLine(level: LogLevel, event: string, fields: LogFields = {}, now: Date = new Date()): string {
  const { requestId, error, ...rest } = fields;
  const line: Record<string, unknown> = { time: now.toISOString(), level, event: maskText(event) };
  if (requestId) line.requestId = REQUEST_ID.test(requestId) ? requestId : maskText(requestId);
  const extra = redact(rest);
  if (extra && typeof extra === "object") Object.assign(line, extra);
  if (error !== undefined) line.error = reduceError(error);
  return `${JSON.stringify(line)}\n`;
}

function write(level: LogLevel, event: string, fields?: LogFields): void {
  let text: string;
  try {
    text = formatLine(level, event, fields);
  } catch {
    // A logger must never throw into the code that logs.
    text = `${JSON.stringify({ time: new Date().toISOString(), level, event: maskText(event), note: "fields could not be written" })}\n`;
  }
  (level === "info" ? process.stdout : process.stderr).write(text);
}

export const log = {
  info: (event: string, fields?: LogFields): void => write("info", event, fields),
  warn: (event: string, fields?: LogFields): void => write("warn", event, fields),
  error: (event: string, fields?: LogFields): void => write("error", event, fields),
};
