/**
 * The one rule for search boxes: accents and case are ignored ("conceicao"
 * finds "Conceição") and every word typed must match.
 */

/** Text folded for search: accents stripped (NFD), lower case. */
export function normalizeForSearch(value: string): string {
  return value.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}

/** What was typed, folded and split into words (none for blank input). */
export function searchTerms(query: string): string[] {
  return normalizeForSearch(query.trim()).split(/\s+/).filter(Boolean);
}

/** True when every term is in the (already folded) haystack; no terms match everything. */
export function matchesAllTerms(haystack: string, terms: readonly string[]): boolean {
  return terms.every((term) => haystack.includes(term));
}
