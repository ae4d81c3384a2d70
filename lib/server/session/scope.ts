/**
 * Without PAYMENTS_BUSINESS_ID an API key is its own scope, named after a
 * fingerprint of the key. Such ids stay on the server: the browser is told
 * only that the scope is "this key's business".
 */
export const KEY_SCOPE_PREFIX = "key_";

export function isKeyScope(businessId: string): boolean {
  return businessId.startsWith(KEY_SCOPE_PREFIX);
}
