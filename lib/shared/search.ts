/**
 * The one rule for search boxes: accents and case are ignored ("conceicao"
 * finds "Conceição") and every word typed must match.
 */

/** Text folded for search: accents stripped (NFD), lower case. */
export function normalizeForSearch(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** What was typed, folded and split into words (none for blank input). */
export function searchTerms(query: string): string[] {
  return normalizeForSearch(query.trim()).split(/\s+/).filter(Boolean);
}

/** True when every term is in the (already folded) haystack; no terms match everything. */
export function matchesAllTerms(haystack: string, terms: readonly string[]): boolean {
  return terms.every((term) => haystack.includes(term));
}

/**
 * The folded search key of every item, in order: worked out once per dataset
 * (a memo over the list), so a keystroke only runs `matchesAllTerms` over ready
 * strings instead of folding 10,000 rows again.
 */
export function buildSearchKeys<T>(items: readonly T[], text: (item: T) => string): string[] {
  const keys = new Array<string>(items.length);
  for (let i = 0; i < items.length; i++) keys[i] = normalizeForSearch(text(items[i] as T));
  return keys;
}
