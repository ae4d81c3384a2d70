/**
 * The one spelling of an account's e-mail: trimmed, Unicode NFKC (the same address typed on another keyboard can
 * arrive as other code points, e.g. full-width letters), then lower case. Stored so (the ledger refuses another
 * case) and looked up so, whoever typed it.
 */
export function normaliseEmail(email: string): string {
  return email.trim().normalize("NFKC").toLowerCase();
}
