import "server-only";
import { z } from "zod";
import { BffError } from "@/lib/server/errors/bff-error";
import type { BffErrorBody } from "@/lib/shared/schemas/envelope";
import { PAGED_LIST_TYPE, splitPages } from "@/lib/shared/schemas/paged-list";

/**
 * The whole-list routes (withSession's `list` option). Asked for pages
 * (`Accept: application/x-ndjson`), they take the API's items with only the
 * container checked and check each page with the item schema as the reply is
 * pulled, so the first page leaves before the other 10,000 items are validated;
 * the checks are the ones the whole-list reply makes, one pass each. Otherwise
 * the usual envelope, checked whole.
 */

/** One line of a paged reply, as `respondPages` writes it. */
export type PageLine = { page: unknown[] } | { error: BffErrorBody };

/** Pages of `items`, each checked with `itemSchema`; an invalid page ends the list with the same error the whole-list reply gives. */
export function* checkedPages(items: readonly unknown[], itemSchema: z.core.$ZodType): Generator<PageLine> {
  const pageSchema = z.array(itemSchema);
  let offset = 0;
  for (const page of splitPages(items)) {
    const parsed = pageSchema.safeParse(page);
    if (!parsed.success) {
      // Paths and issue codes only (the values may be personal data), indexed in the whole list.
      const issues = parsed.error.issues.slice(0, 20).map((issue) => {
        const [index, ...rest] = issue.path;
        return {
          path: [typeof index === "number" ? index + offset : index, ...rest].map(String).join("."),
          code: issue.code,
        };
      });
      yield {
        error: {
          code: "upstream_invalid_response",
          message: "The payments API answered with data that does not match the expected shape.",
          details: { issues },
        },
      };
      return;
    }
    offset += page.length;
    yield { page: parsed.data };
  }
}

/** The whole list checked at once: what the API's answer is refused with when one item does not match (as any unreadable answer is). */
export function checkedWhole<T>(
  items: readonly unknown[],
  itemSchema: z.core.$ZodType<T>,
  requestId: string | null,
): T[] {
  const parsed = z.array(itemSchema).safeParse(items);
  if (parsed.success) return parsed.data;
  throw new BffError(
    "upstream_invalid_response",
    "The payments API answered with something the dashboard could not read.",
    { requestId },
  );
}

/** The browser asked for a list in pages. */
export function wantsPages(request: Request): boolean {
  return (request.headers.get("accept") ?? "").includes(PAGED_LIST_TYPE);
}
