import { describe, expect, it } from "vitest";
import { FIRST_PAGE_SIZE, NEXT_PAGE_SIZE, pagedListLineSchema, splitPages } from "@/lib/shared/schemas/paged-list";

describe("splitting a list into pages", () => {
  it("sends a small first page, then larger ones, keeping every item once and in order", () => {
    const items = Array.from({ length: 10_037 }, (_, i) => i);
    const pages = splitPages(items);
    expect(pages.map((p) => p.length)).toEqual([
      FIRST_PAGE_SIZE,
      NEXT_PAGE_SIZE,
      NEXT_PAGE_SIZE,
      NEXT_PAGE_SIZE,
      NEXT_PAGE_SIZE,
      10_037 - FIRST_PAGE_SIZE - 4 * NEXT_PAGE_SIZE,
    ]);
    expect(pages.flat()).toEqual(items);
  });

  it("has one page for a short list and none for an empty one", () => {
    expect(splitPages([1, 2, 3])).toEqual([[1, 2, 3]]);
    expect(splitPages([])).toEqual([]);
    expect(splitPages([1, 2, 3, 4, 5], 2, 2)).toEqual([[1, 2], [3, 4], [5]]);
  });

  it("reads page and done lines, and nothing else", () => {
    expect(pagedListLineSchema.safeParse({ page: [{ id: "x" }] }).success).toBe(true);
    expect(pagedListLineSchema.safeParse({ done: true, count: 3, request_id: "req_1" }).success).toBe(true);
    expect(pagedListLineSchema.safeParse({ done: true, count: -1, request_id: null }).success).toBe(false);
    expect(pagedListLineSchema.safeParse({ data: [] }).success).toBe(false);
  });
});
