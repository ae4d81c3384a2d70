// zod/v4/core holds the one global config zod (classic and mini) reads; importing it, not "zod", keeps the
// whole classic API out of the root layout's bundle.
import { config } from "zod/v4/core";

/**
 * Zod 4 compiles object parsers with `new Function` when it can, and finds out
 * whether it can by calling `Function("")` on the first object parse. In the
 * browser, under the dashboard's CSP (no 'unsafe-eval'), that probe is refused
 * — harmlessly, zod catches it — but the browser reports a CSP violation on
 * every page load, which would hide real ones. Jitless parsing never probes.
 * Imported first by the root client providers, so it is set before any parse.
 */
config({ jitless: true });
