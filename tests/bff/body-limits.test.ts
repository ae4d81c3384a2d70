/**
 * Request bodies are limited in bytes, not characters, and never buffered past
 * the limit: a declared Content-Length over it is refused before anything is
 * read; a streamed (chunked) or lying body is read only until the limit is
 * passed, then refused and cancelled. Bodies are decoded as strict UTF-8.
 * The route handlers are called with real Request objects whose bodies are
 * streams that count what was pulled from them, so "how much was read" is
 * asserted in bytes, never in time.
 */
import { describe, expect, it } from "vitest";
import * as payouts from "@/app/api/payouts/route";
import * as session from "@/app/api/session/route";
import { MAX_BODY_BYTES } from "@/lib/server/http/body";
import { getLedger } from "@/lib/server/ledger";
import {
  ACME,
  call,
  countUpstream,
  newKey,
  operatorBody,
  sessionCookieFrom,
  type CallOptions,
  type CallResult,
} from "../helpers/bff";
import type { RouteHandler } from "./routes";
import { setUpBffHarness } from "../helpers/bff-suite";
import { addTestPerson } from "../helpers/people";

const bff = setUpBffHarness();

const encoder = new TextEncoder();
const CHUNK = 16 * 1024;

interface Pulled {
  /** Bytes handed to the reader so far. */
  bytes: number;
  cancelled: boolean;
}

/**
 * A body stream that hands out `chunk` on each pull (only when the reader asks:
 * highWaterMark 0), `total` bytes in all, or without end when `total` is null.
 * `failAfter` errors the stream once that many bytes were pulled, so code that
 * reads without a limit fails at once instead of reading forever.
 */
function countingStream(
  chunk: Uint8Array<ArrayBuffer>,
  total: number | null,
  failAfter = 64 * 1024 * 1024,
): { stream: ReadableStream<Uint8Array<ArrayBuffer>>; pulled: Pulled } {
  const pulled: Pulled = { bytes: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array<ArrayBuffer>>(
    {
      pull(controller) {
        if (pulled.bytes >= failAfter) {
          controller.error(new Error(`read ${pulled.bytes} bytes of a body without end`));
          return;
        }
        const left = total === null ? chunk.byteLength : Math.min(chunk.byteLength, total - pulled.bytes);
        if (left <= 0) {
          controller.close();
          return;
        }
        pulled.bytes += left;
        controller.enqueue(chunk.slice(0, left));
      },
      cancel() {
        pulled.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled };
}

/** A JSON sign-in body padded with `filler` inside the password to exactly `bytes` bytes of UTF-8. */
function signInBodyOfBytes(bytes: number, filler: string): Uint8Array<ArrayBuffer> {
  const head = `{"email":"operator@acme.example","password":"`;
  const tail = `"}`;
  const fillerBytes = encoder.encode(filler).byteLength;
  const room = bytes - encoder.encode(head + tail).byteLength;
  const pad = "a".repeat(room % fillerBytes);
  const text = head + pad + filler.repeat(Math.floor(room / fillerBytes)) + tail;
  const encoded = encoder.encode(text);
  expect(encoded.byteLength).toBe(bytes);
  return encoded;
}

async function refusedTooLarge(handler: RouteHandler, path: string, options: CallOptions): Promise<CallResult> {
  const { result, requests } = await countUpstream(bff.harness.sandbox, () => call(handler, path, options));
  expect(result.status, result.text).toBe(413);
  expect(result.json.error?.code).toBe("payload_too_large");
  expect(result.json.request_id).toMatch(/^bff_[0-9a-f]{20}$/);
  expect(requests, "upstream requests").toBe(0);
  return result;
}

const postSession = (options: CallOptions) => call(session.POST, "/api/session", { method: "POST", ...options });

describe("the limit counts bytes, not characters", () => {
  it("64 KiB + 1 byte of 3-byte characters (fewer than 64 Ki characters) → 413", async () => {
    const body = signInBodyOfBytes(MAX_BODY_BYTES + 1, "€");
    expect(new TextDecoder().decode(body).length).toBeLessThan(MAX_BODY_BYTES);
    await refusedTooLarge(session.POST, "/api/session", { method: "POST", rawBody: body });
  });

  it("the same body streamed without Content-Length → 413", async () => {
    const body = signInBodyOfBytes(MAX_BODY_BYTES + 1, "ç");
    const { stream, pulled } = countingStream(body, body.byteLength);
    await refusedTooLarge(session.POST, "/api/session", { method: "POST", bodyStream: stream });
    expect(pulled.bytes).toBe(body.byteLength);
  });

  it("exactly 64 KiB of multi-byte characters is read and validated (422 on the too-long password), not refused as too large", async () => {
    const body = signInBodyOfBytes(MAX_BODY_BYTES, "€");
    const { result, requests } = await countUpstream(bff.harness.sandbox, () => postSession({ rawBody: body }));
    expect(result.status, result.text).toBe(422);
    expect(result.json.error?.fields?.password).toBe("validation.tooLong");
    expect(requests).toBe(0);
  });
});

describe("a body over the limit is not read past it", () => {
  it("Content-Length over the limit → 413 before a single byte is read", async () => {
    const { stream, pulled } = countingStream(encoder.encode("x".repeat(CHUNK)), 10 * 1024 * 1024);
    await refusedTooLarge(session.POST, "/api/session", {
      method: "POST",
      bodyStream: stream,
      headers: { "content-length": String(10 * 1024 * 1024), "transfer-encoding": null },
    });
    expect(pulled.bytes).toBe(0);
  });

  it("a signed-in write with Content-Length over the limit → 413 before reading, nothing sent", async () => {
    const { stream, pulled } = countingStream(encoder.encode(" ".repeat(CHUNK)), 1024 * 1024);
    await refusedTooLarge(payouts.POST, "/api/payouts", {
      method: "POST",
      cookie: bff.cookie,
      idempotencyKey: newKey("big"),
      bodyStream: stream,
      headers: { "content-length": String(1024 * 1024), "transfer-encoding": null },
    });
    expect(pulled.bytes).toBe(0);
  });

  it("a 10 MB chunked body → 413 after reading at most the limit plus one chunk; the stream is cancelled", async () => {
    const { stream, pulled } = countingStream(encoder.encode(" ".repeat(CHUNK)), 10 * 1024 * 1024);
    await refusedTooLarge(session.POST, "/api/session", { method: "POST", bodyStream: stream });
    expect(pulled.bytes).toBeGreaterThan(MAX_BODY_BYTES);
    expect(pulled.bytes).toBeLessThanOrEqual(MAX_BODY_BYTES + CHUNK);
    expect(pulled.cancelled).toBe(true);
  });

  it("a body that never ends → 413 after reading at most the limit plus one chunk; the stream is cancelled", async () => {
    const { stream, pulled } = countingStream(encoder.encode("[".repeat(CHUNK)), null, 1024 * 1024);
    await refusedTooLarge(session.POST, "/api/session", { method: "POST", bodyStream: stream });
    expect(pulled.bytes).toBeLessThanOrEqual(MAX_BODY_BYTES + CHUNK);
    expect(pulled.cancelled).toBe(true);
  });

  it("a Content-Length that lies (says 100 bytes, sends 10 MB) → 413 after reading at most the limit plus one chunk", async () => {
    const { stream, pulled } = countingStream(encoder.encode(" ".repeat(CHUNK)), 10 * 1024 * 1024);
    await refusedTooLarge(session.POST, "/api/session", {
      method: "POST",
      bodyStream: stream,
      headers: { "content-length": "100", "transfer-encoding": null },
    });
    expect(pulled.bytes).toBeLessThanOrEqual(MAX_BODY_BYTES + CHUNK);
    expect(pulled.cancelled).toBe(true);
  });

  it.each(["abc", "-1", "1e3", "12, 12", ""])("a malformed Content-Length %j → 400, nothing read", async (length) => {
    const { stream, pulled } = countingStream(encoder.encode(JSON.stringify(operatorBody)), 100);
    const { result, requests } = await countUpstream(bff.harness.sandbox, () =>
      postSession({ bodyStream: stream, headers: { "content-length": length, "transfer-encoding": null } }),
    );
    expect(result.status, result.text).toBe(400);
    expect(result.json.error?.code).toBe("invalid_content_length");
    expect(pulled.bytes).toBe(0);
    expect(requests).toBe(0);
  });
});

describe("streamed bodies within the limit", () => {
  it("a sign-in streamed one byte at a time, with multi-byte characters split across chunks, signs in with the exact password", async () => {
    // The password is checked against its hash: one byte decoded otherwise and the sign-in would fail.
    const password = "João Çé Ñandú 日本 🔑";
    const person = await addTestPerson(
      await getLedger(),
      { businessId: ACME.businessId, role: "operator" },
      "João",
      password,
    );
    const body = encoder.encode(JSON.stringify(person.body));
    let offset = 0;
    const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
      pull(controller) {
        if (offset >= body.byteLength) controller.close();
        else controller.enqueue(body.slice(offset, (offset += 1)));
      },
    });
    const result = await postSession({ bodyStream: stream });
    expect(result.status, result.text).toBe(200);
    const info = await call(session.GET, "/api/session", { cookie: sessionCookieFrom(result) });
    expect(info.json.data).toMatchObject({ person: { email: person.email, name: "João" } });
  });
});

describe("bodies are strict UTF-8", () => {
  const bytes = (...parts: Array<string | number[]>): Uint8Array<ArrayBuffer> =>
    Uint8Array.from(parts.flatMap((part) => (typeof part === "string" ? [...encoder.encode(part)] : part)));
  const nameWith = (raw: number[]) => bytes(`{"email":"operator@acme.example","password":"Ana `, raw, `"}`);

  it.each([
    ["a stray 0xFF byte", [0xff]],
    ["an overlong '/' (C0 AF)", [0xc0, 0xaf]],
    ["an encoded lone surrogate (ED A0 80)", [0xed, 0xa0, 0x80]],
    ["a truncated 3-byte sequence", [0xe2, 0x82]],
    ["a code point above U+10FFFF (F4 90 80 80)", [0xf4, 0x90, 0x80, 0x80]],
  ])("%s → 400 invalid_encoding, never a silent replacement", async (_label, raw) => {
    const { result, requests } = await countUpstream(bff.harness.sandbox, () =>
      postSession({ rawBody: nameWith(raw) }),
    );
    expect(result.status, result.text).toBe(400);
    expect(result.json.error?.code).toBe("invalid_encoding");
    expect(requests).toBe(0);
  });

  it("a leading byte-order mark is accepted (and not part of the JSON)", async () => {
    const result = await postSession({ rawBody: bytes([0xef, 0xbb, 0xbf], JSON.stringify(operatorBody)) });
    expect(result.status, result.text).toBe(200);
  });
});
