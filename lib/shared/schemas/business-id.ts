import { z } from "zod/mini";

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A business id is a UUID, and a UUID names the same business in any case. Every
 * business id that enters — sign-in, PAYMENTS_BUSINESS_ID, the sandbox's
 * directory, a cookie or seal written by an earlier version — goes through this
 * once, so scopes, revocations and caches compare one spelling: trimmed, lower
 * case. Any other scope id (an API key's own, `key_…`) is returned unchanged.
 */
export function normaliseBusinessId(id: string): string {
  const trimmed = id.trim();
  return UUID_SHAPE.test(trimmed) ? trimmed.toLowerCase() : id;
}

/** A business id as a person types it (viewer sign-in): a UUID in any case, normalised. */
export const businessIdSchema = z.pipe(
  z.string({ error: "validation.businessId" }).check(z.overwrite(normaliseBusinessId)),
  z.uuid({ error: "validation.businessId" }),
);
