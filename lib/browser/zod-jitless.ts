// zod/v4/core holds the one global config zod (classic and mini) reads; importing it, not "zod", keeps the
// whole classic API out of the root layout's bundle.
import { config, type $ZodRawIssue } from "zod/v4/core";

/**
 * A check the shared schemas give no message of its own: zod/mini in the
 * browser carries no locale, so it would read "Invalid input". Each gets the
 * dictionary key of a message the operator can act on, translated next to the
 * field like the schemas' own keys.
 */
export function fallbackMessageKey(issue: $ZodRawIssue): string {
  if (issue.code === "too_big" && issue.origin === "string") return "validation.tooLong";
  if (issue.code === "too_small" && issue.origin === "string") return "validation.required";
  if (issue.code === "invalid_type" && issue.input === undefined) return "validation.required";
  return "validation.invalid";
}

/**
 * Zod 4 compiles object parsers with `new Function` when it can, and finds out
 * whether it can by calling `Function("")` on the first object parse. In the
 * browser, under the dashboard's CSP (no 'unsafe-eval'), that probe is refused
 * — harmlessly, zod catches it — but the browser reports a CSP violation on
 * every page load, which would hide real ones. Jitless parsing never probes.
 * Imported first by the root client providers, so it is set before any parse.
 */
config({ jitless: true });
// Only in the browser: the server-side render loads this module too, and there the server's own messages
// (the configuration's errors, upstream-reply checks) keep zod's English text.
if (typeof window !== "undefined") config({ customError: fallbackMessageKey });
