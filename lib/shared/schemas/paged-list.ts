import { z } from "zod/mini";
import { bffErrorSchema } from "./envelope";

/**
 * A big list sent in pages on one response (newline-delimited JSON), so the
 * browser shows the first rows while the rest is still arriving. Asked for with
 * `Accept: application/x-ndjson`; without it the BFF answers the usual envelope.
 *
 *   {"page":[…the first 100 items…]}
 *   {"page":[…up to 2,000 more…]}
 *   {"done":true,"count":10037,"request_id":"req_…"}
 *
 * A reply that ends without the `done` line, or whose count differs from the
 * items received, is incomplete: the browser refuses it rather than show part of
 * the list as the whole. Failures before the first page are ordinary JSON
 * envelopes with their HTTP status; a page the BFF finds invalid while sending
 * (the API's items are checked page by page) ends the reply with an error line,
 * `{"error":{…},"request_id":"…"}`, the envelope's error body.
 */
export const PAGED_LIST_TYPE = "application/x-ndjson";

/** Small first page: it is what the operator sees first; later pages are larger, so the list is merged in few steps. */
export const FIRST_PAGE_SIZE = 100;
export const NEXT_PAGE_SIZE = 2_000;

export const pagedListLineSchema = z.union([
  z.object({ page: z.array(z.unknown()) }),
  z.object({
    done: z.literal(true),
    count: z.number().check(z.int(), z.nonnegative()),
    request_id: z.nullable(z.string()),
  }),
  z.object({ error: bffErrorSchema, request_id: z.nullable(z.string()) }),
]);
export type PagedListLine = z.infer<typeof pagedListLineSchema>;

/** The items cut into pages: the first `first` items, then `next` at a time (no empty pages; none for no items). */
export function splitPages<T>(
  items: readonly T[],
  first: number = FIRST_PAGE_SIZE,
  next: number = NEXT_PAGE_SIZE,
): T[][] {
  const pages: T[][] = [];
  let start = 0;
  let size = first;
  while (start < items.length) {
    pages.push(items.slice(start, start + size));
    start += size;
    size = next;
  }
  return pages;
}
