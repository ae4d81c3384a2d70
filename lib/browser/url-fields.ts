import { z } from "zod/mini";

/*
 * Building blocks of the pages' URL-state schemas (useUrlState), in zod/mini so the pages do not carry
 * zod's classic API. A value the URL gets wrong falls back instead of failing the page.
 */

/** Text of at most `max` characters; absent or too long → `fallback`. */
export function urlText(max: number, fallback = "") {
  return z.catch(z._default(z.string().check(z.maxLength(max)), fallback), fallback);
}

/** One of `values`; absent or unknown → undefined. */
export function urlChoice<const T extends readonly string[]>(values: T) {
  return z.catch(z.optional(z.enum(values)), undefined);
}

/** A string that passes `checks` (a length, a pattern); absent or failing → undefined. */
export function urlOptional(...checks: z.core.$ZodCheck<string>[]) {
  return z.catch(z.optional(z.string().check(...checks)), undefined);
}
