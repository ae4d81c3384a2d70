/**
 * What a failure is, as a person is told it (lib/server/errors/classify.ts): an
 * unexpected error classified twice (by the audit log, then by the route's reply)
 * is one failure, with one request id and one log line.
 */
import { afterEach, describe, expect, it } from "vitest";
import { BffError } from "@/lib/server/errors/bff-error";
import { toBffError } from "@/lib/server/errors/classify";
import { mapError } from "@/lib/server/http/errors";
import { captureLogs, type CapturedLogs } from "../../helpers/logs";

let logs: CapturedLogs | null = null;
afterEach(() => {
  logs?.restore();
  logs = null;
});

const unexpectedLines = (captured: CapturedLogs) =>
  [...captured.stdout, ...captured.stderr].filter((line) => line.event === "bff.unexpected_error");

describe("an unexpected error", () => {
  it("keeps one request id however often it is classified, and is logged once", () => {
    logs = captureLogs();
    const failure = new Error("the ledger went away");
    const audited = toBffError(failure);
    const replied = mapError(failure);
    expect(audited.code).toBe("internal_error");
    expect(audited.extra.requestId).toMatch(/^bff_/);
    expect(replied.requestId).toBe(audited.extra.requestId);
    expect(replied.body).toEqual({ code: "internal_error", message: audited.message });
    expect(unexpectedLines(logs)).toHaveLength(1);
  });

  it("of another failure gets its own request id and its own log line", () => {
    logs = captureLogs();
    const first = toBffError(new Error("one"));
    const second = toBffError(new Error("two"));
    expect(second.extra.requestId).not.toBe(first.extra.requestId);
    expect(unexpectedLines(logs)).toHaveLength(2);
  });

  it("that is not an object (a thrown string) is still classified, each time anew", () => {
    logs = captureLogs();
    expect(toBffError("boom").code).toBe("internal_error");
    expect(toBffError(new BffError("forbidden", "no")).code).toBe("forbidden");
    expect(unexpectedLines(logs)).toHaveLength(1);
  });
});
