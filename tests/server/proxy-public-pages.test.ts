import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";

/** Where the proxy sends (path and query), or null when it lets the request through: what it does with a page request that carries no session cookie. */
async function signedOutVisit(path: string): Promise<string | null> {
  const response = await proxy(new NextRequest(`http://127.0.0.1:3000${path}`));
  const location = response.headers.get("location");
  if (location === null) return null;
  const url = new URL(location);
  return `${url.pathname}${url.search}`;
}

describe("proxy: pages a signed-out visitor may open", () => {
  it("lets the first-run setup link through (nobody has an account yet)", async () => {
    expect(await signedOutVisit("/setup?token=abc")).toBeNull();
  });

  it("lets an invitation link and the sign-in page through", async () => {
    expect(await signedOutVisit("/invite/abc")).toBeNull();
    expect(await signedOutVisit("/login")).toBeNull();
  });

  it("sends a signed-out visitor of a dashboard page to sign in, remembering the page", async () => {
    expect(await signedOutVisit("/payouts/new")).toBe("/login?next=%2Fpayouts%2Fnew");
  });
});
