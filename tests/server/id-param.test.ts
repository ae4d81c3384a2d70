/**
 * A `[id]` page's id and title (lib/server/pages/id-param.ts, shared by /payouts/{id} and its receipt): the id
 * as the person typed it, a malformed escape kept as it came, and the title in the person's language.
 */
import { describe, expect, it, vi } from "vitest";
import { decodeIdParam, idTitleMetadata } from "@/lib/server/pages/id-param";

const request = vi.hoisted(() => ({ locale: undefined as string | undefined }));
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (name === "locale" && request.locale ? { value: request.locale } : undefined),
  }),
}));

describe("decodeIdParam", () => {
  it("decodes the segment Next hands over still percent-encoded", () => {
    expect(decodeIdParam("po_demo_paid")).toBe("po_demo_paid");
    expect(decodeIdParam("po%20%C3%A9")).toBe("po é");
  });

  it("keeps a malformed escape as it came (the BFF refuses it like any unknown id)", () => {
    expect(decodeIdParam("%E0%A4%A")).toBe("%E0%A4%A");
    expect(decodeIdParam("po_%")).toBe("po_%");
  });
});

describe("idTitleMetadata", () => {
  it("titles the page with the translated key and the decoded id, in the person's language", async () => {
    const params = Promise.resolve({ id: "po_%C3%A9" });
    request.locale = undefined;
    expect(await idTitleMetadata("payouts.detail.title")({ params })).toEqual({ title: "Repasse po_é" });
    request.locale = "en";
    expect(await idTitleMetadata("receipt.pageTitle")({ params })).toEqual({ title: "Payout document po_é" });
  });
});
