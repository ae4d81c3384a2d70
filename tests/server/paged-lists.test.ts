import { describe, expect, it } from "vitest";
import { respondPages } from "@/lib/server/http/respond";
import { checkedPages, wantsPages, type PageLine } from "@/lib/server/http/paged-list";
import { readPages, textLines } from "@/lib/browser/bff-client/pages";
import { BffRequestError } from "@/lib/browser/bff-client/errors";
import { FIRST_PAGE_SIZE } from "@/lib/shared/schemas/paged-list";
import { PaymentLinkSchema, type PaymentLink } from "@/lib/shared/schemas/payment-link";
import { z } from "zod";

const rawLink = (i: number): Record<string, unknown> => ({
  id: `pl_${i}`,
  name: `Link ${i}`,
  slug: `link-${i}`,
  status: "active",
  amount_centavos: 1000 + i,
});

async function* lines(response: Response) {
  if (!response.body) throw new Error("no body");
  yield* textLines(response.body);
}

describe("paged list replies", () => {
  it("are sent only when asked for", () => {
    expect(wantsPages(new Request("http://x/api/payment-links", { headers: { accept: "application/x-ndjson" } }))).toBe(
      true,
    );
    expect(wantsPages(new Request("http://x/api/payment-links", { headers: { accept: "application/json" } }))).toBe(
      false,
    );
    expect(wantsPages(new Request("http://x/api/payment-links"))).toBe(false);
  });

  it("check every page with the item schema, normalising as the whole-list reply does", () => {
    const items = Array.from({ length: FIRST_PAGE_SIZE + 5 }, (_, i) => rawLink(i));
    const pages = [...checkedPages(items, PaymentLinkSchema)];
    expect(pages).toHaveLength(2);
    const all = pages.flatMap((line) => ("page" in line ? line.page : []));
    expect(all).toEqual(items.map((item) => PaymentLinkSchema.parse(item)));
  });

  it("end with the whole-list error, indexed in the whole list, at the first invalid page", () => {
    const items = Array.from({ length: FIRST_PAGE_SIZE + 5 }, (_, i) => rawLink(i));
    items[FIRST_PAGE_SIZE + 2] = { ...rawLink(0), amount_centavos: "dez reais" };
    const pages = [...checkedPages(items, PaymentLinkSchema)];
    expect(pages).toHaveLength(2);
    expect("page" in pages[0]!).toBe(true);
    const last = pages[1] as Extract<PageLine, { error: unknown }>;
    expect(last.error.code).toBe("upstream_invalid_response");
    expect(last.error.details).toEqual({
      issues: [expect.objectContaining({ path: `${FIRST_PAGE_SIZE + 2}.amount_centavos` })],
    });
    expect(JSON.stringify(last)).not.toContain("dez reais");
  });

  it("round-trip from respondPages to readPages: the same items, then the done line", async () => {
    const items = Array.from({ length: FIRST_PAGE_SIZE * 3 }, (_, i) => rawLink(i));
    const response = respondPages(checkedPages(items, PaymentLinkSchema), "req_1");
    expect(response.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
    expect(response.headers.get("x-request-id")).toBe("req_1");
    const read: PaymentLink[] = [];
    for await (const page of readPages(lines(response), z.array(PaymentLinkSchema), "req_1")) read.push(...page);
    expect(read).toEqual(items.map((item) => PaymentLinkSchema.parse(item)));
  });

  it("a page found invalid while sending reaches the browser as the upstream error (502)", async () => {
    const items = Array.from({ length: FIRST_PAGE_SIZE + 1 }, (_, i) => rawLink(i));
    items[FIRST_PAGE_SIZE] = { id: 42 };
    const response = respondPages(checkedPages(items, PaymentLinkSchema), "req_2");
    const seen: number[] = [];
    const error = await (async () => {
      for await (const page of readPages(lines(response), z.array(PaymentLinkSchema), "req_2")) seen.push(page.length);
    })().catch((e: unknown) => e);
    expect(seen).toEqual([FIRST_PAGE_SIZE]);
    expect(error).toBeInstanceOf(BffRequestError);
    expect(error).toMatchObject({ status: 502, code: "upstream_invalid_response", requestId: "req_2" });
  });
});
