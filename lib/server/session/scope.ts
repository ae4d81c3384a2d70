/**
 * Without PAYMENTS_BUSINESS_ID an API key is its own scope, named after a
 * fingerprint of the key (the first 24 hex digits of its SHA-256). The browser
 * gets the id as it gets any workspace's (to switch to it) and labels it "this
 * key's business" when it has no name: the truncated hash names the key, as
 * Settings' fingerprint does, and gives nothing to rebuild it from.
 */
export const KEY_SCOPE_PREFIX = "key_";

export function isKeyScope(businessId: string): boolean {
  return businessId.startsWith(KEY_SCOPE_PREFIX);
}
