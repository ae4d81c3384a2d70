/** The error catalogue's guards: known codes are narrowed, anything else (a newer server's code) is kept as sent. */
import { describe, expect, it } from "vitest";
import { BffRequestError } from "@/lib/browser/bff-client/errors";
import {
  ALTERNATE_STATUSES,
  ERROR_CODES,
  errorStatus,
  isErrorCode,
  isKnownErrorCode,
} from "@/lib/shared/errors/catalogue";
import { bffEnvelopeSchema } from "@/lib/shared/schemas/envelope";

describe("error catalogue", () => {
  it("knows its own codes, and no other string (prototype names included)", () => {
    for (const code of Object.keys(ERROR_CODES)) expect(isErrorCode(code)).toBe(true);
    for (const code of ["some_new_code", "toString", "__proto__", "constructor", "", "network_error"])
      expect(isErrorCode(code)).toBe(false);
    expect(isKnownErrorCode("network_error")).toBe(true);
    expect(isKnownErrorCode("some_new_code")).toBe(false);
  });

  it("gives a code its own status, or its alternate when asked", () => {
    expect(errorStatus("payout_already_recorded")).toBe(409);
    expect(errorStatus("upstream_unavailable")).toBe(502);
    expect(errorStatus("upstream_unavailable", ALTERNATE_STATUSES.upstream_unavailable)).toBe(503);
  });

  it("reads an unknown code from a newer server as sent, with no known code", () => {
    const parsed = bffEnvelopeSchema.parse({
      data: null,
      error: { code: "some_new_code", message: "New." },
      request_id: null,
    });
    const error = new BffRequestError({ status: 409, code: parsed.error?.code ?? "", message: "New." });
    expect(error.code).toBe("some_new_code");
    expect(error.knownCode).toBeNull();
    expect(new BffRequestError({ status: 409, code: "slug_taken", message: "Taken." }).knownCode).toBe("slug_taken");
  });
});
