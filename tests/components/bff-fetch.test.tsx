import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { bffFetch, loginUrlForCurrentPage, withQuery } from "@/lib/browser/bff-client/client";
import { BffRequestError } from "@/lib/browser/bff-client/errors";
import { applyServerErrors } from "@/lib/browser/bff-client/form-errors";
import { makeQueryClient, shouldRetryQuery } from "@/lib/browser/query/client";

function respond(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

let fetchSpy: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchSpy = vi.fn<typeof fetch>();
  vi.stubGlobal("fetch", fetchSpy);
});
afterEach(() => vi.unstubAllGlobals());

describe("bffFetch", () => {
  it("sends the dashboard headers, JSON body and idempotency key, and parses data with the schema", async () => {
    fetchSpy.mockResolvedValue(
      respond({ data: { id: "po_1", amount_centavos: "1500" }, error: null, request_id: "req_1" }, 201),
    );
    const schema = z.object({ id: z.string(), amount_centavos: z.coerce.number() });
    const data = await bffFetch("/api/payouts", {
      method: "POST",
      body: { amount_centavos: 1500 },
      idempotencyKey: "key-12345678",
      schema,
    });
    expect(data).toEqual({ id: "po_1", amount_centavos: 1500 });
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe("/api/payouts");
    const headers = new Headers(init?.headers);
    expect(headers.get("X-Requested-By")).toBe("dashboard");
    expect(headers.get("Content-Type")).toBe("application/json");
    expect(headers.get("Idempotency-Key")).toBe("key-12345678");
    expect(init?.body).toBe('{"amount_centavos":1500}');
  });

  it("GETs without a body or content type, with query parameters", async () => {
    fetchSpy.mockResolvedValue(respond({ data: [], error: null, request_id: null }));
    await bffFetch("/api/payouts", { query: { status: "paid", search: "", cursor: undefined, limit: 50 } });
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe("/api/payouts?status=paid&limit=50");
    expect(init?.method).toBe("GET");
    expect(new Headers(init?.headers).get("Content-Type")).toBeNull();
    expect(new Headers(init?.headers).get("X-Requested-By")).toBe("dashboard");
  });

  it("throws BffRequestError with code, message, fields, request id and details", async () => {
    fetchSpy.mockResolvedValue(
      respond(
        {
          data: null,
          error: {
            code: "payout_outcome_unknown",
            message: "No answer",
            fields: { pix_key: "validation.pixKey.cpf" },
            details: { idempotency_key: "k-1" },
          },
          request_id: "req_9",
        },
        504,
      ),
    );
    const error = await bffFetch("/api/payouts", { method: "POST", body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BffRequestError);
    const e = error as BffRequestError;
    expect(e.status).toBe(504);
    expect(e.code).toBe("payout_outcome_unknown");
    expect(e.message).toBe("No answer");
    expect(e.fields).toEqual({ pix_key: "validation.pixKey.cpf" });
    expect(e.requestId).toBe("req_9");
    expect(e.details).toEqual({ idempotency_key: "k-1" });
    expect(e.isTransient).toBe(true);
  });

  it("turns a network failure into code network_error", async () => {
    fetchSpy.mockRejectedValue(new TypeError("Failed to fetch"));
    const error = await bffFetch("/api/session").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BffRequestError);
    expect((error as BffRequestError).code).toBe("network_error");
    expect((error as BffRequestError).status).toBe(0);
  });

  it("rethrows a caller's abort untouched", async () => {
    const controller = new AbortController();
    fetchSpy.mockImplementation(() => {
      controller.abort();
      return Promise.reject(new DOMException("aborted", "AbortError"));
    });
    const error = await bffFetch("/api/session", { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(BffRequestError);
    expect((error as Error).name).toBe("AbortError");
  });

  it("rejects data that does not match the schema", async () => {
    fetchSpy.mockResolvedValue(respond({ data: { id: 5 }, error: null, request_id: "req_2" }));
    const error = await bffFetch("/api/x", { schema: z.object({ id: z.string() }) }).catch((e: unknown) => e);
    expect((error as BffRequestError).code).toBe("invalid_response");
    expect((error as BffRequestError).requestId).toBe("req_2");
  });

  it("rejects a body that is not the envelope", async () => {
    fetchSpy.mockResolvedValue(new Response("<html>oops</html>", { status: 502 }));
    const error = await bffFetch("/api/x").catch((e: unknown) => e);
    expect((error as BffRequestError).status).toBe(502);
    expect((error as BffRequestError).isTransient).toBe(true);
  });

  it("builds the sign-in URL for the current page", () => {
    window.history.pushState({}, "", "/payouts?status=paid");
    expect(loginUrlForCurrentPage()).toBe("/login?next=%2Fpayouts%3Fstatus%3Dpaid");
    window.history.pushState({}, "", "/");
    expect(loginUrlForCurrentPage()).toBe("/login");
  });

  it("withQuery repeats arrays and skips empties", () => {
    expect(withQuery("/api/a", { s: ["x", "y"], e: null })).toBe("/api/a?s=x&s=y");
    expect(withQuery("/api/a?z=1", { b: true })).toBe("/api/a?z=1&b=true");
  });
});

describe("query defaults", () => {
  it("retries reads only for network errors and 5xx, at most twice", () => {
    const network = new BffRequestError({ status: 0, code: "network_error", message: "" });
    const server = new BffRequestError({ status: 503, code: "upstream_unavailable", message: "" });
    const client = new BffRequestError({ status: 404, code: "not_found", message: "" });
    expect(shouldRetryQuery(0, network)).toBe(true);
    expect(shouldRetryQuery(1, server)).toBe(true);
    expect(shouldRetryQuery(2, server)).toBe(false);
    expect(shouldRetryQuery(0, client)).toBe(false);
    expect(shouldRetryQuery(0, new Error("boom"))).toBe(false);
    const defaults = makeQueryClient().getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(15_000);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(true);
    expect(defaults.mutations?.retry).toBe(false);
  });
});

describe("applyServerErrors", () => {
  it("maps fields onto the form and returns the rest", () => {
    const setError = vi.fn();
    const error = new BffRequestError({
      status: 422,
      code: "validation_error",
      message: "",
      fields: { pix_key: "validation.pixKey.cpf", "bank_account.holder_name": "Too long", other: "x" },
    });
    const result = applyServerErrors<{ key: string; bank_account: { holder_name: string } }>(error, setError, {
      fieldMap: { pix_key: "key" },
      knownFields: ["bank_account.holder_name"],
    });
    expect(result.applied).toEqual(["key", "bank_account.holder_name"]);
    expect(result.unmatched).toEqual({ other: "x" });
    expect(setError).toHaveBeenNthCalledWith(
      1,
      "key",
      { type: "server", message: "validation.pixKey.cpf" },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenNthCalledWith(
      2,
      "bank_account.holder_name",
      { type: "server", message: "Too long" },
      { shouldFocus: false },
    );
  });

  it("ignores anything that is not a BffRequestError", () => {
    const setError = vi.fn();
    expect(applyServerErrors(new Error("x"), setError)).toEqual({ applied: [], unmatched: {} });
    expect(setError).not.toHaveBeenCalled();
  });
});
