import "server-only";
import { bffRequestId } from "@/lib/server/errors/request-id";
import { PAGED_LIST_TYPE } from "../../shared/schemas/paged-list";
import type { MappedError } from "./errors";
import type { PageLine } from "./paged-list";

/** Headers every BFF API response carries (pages get theirs from proxy.ts). */
export const API_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  "Cache-Control": "no-store",
  "Content-Type": "application/json; charset=utf-8",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cross-Origin-Opener-Policy": "same-origin",
  "X-Frame-Options": "DENY",
};

interface ReplyExtra {
  cookies?: string[];
  headers?: Record<string, string>;
  secure?: boolean;
}

function replyHeaders(requestId: string, extra: ReplyExtra): Headers {
  const headers = new Headers(API_RESPONSE_HEADERS);
  headers.set("X-Request-Id", requestId);
  if (extra.secure) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  for (const [name, value] of Object.entries(extra.headers ?? {})) headers.set(name, value);
  for (const cookie of extra.cookies ?? []) headers.append("Set-Cookie", cookie);
  return headers;
}

function build(
  status: number,
  body: { request_id: string | null } & Record<string, unknown>,
  extra: ReplyExtra,
): Response {
  body.request_id ??= bffRequestId();
  return new Response(JSON.stringify(body), { status, headers: replyHeaders(body.request_id, extra) });
}

/**
 * A list as pages of newline-delimited JSON (lib/shared/schemas/paged-list.ts):
 * each page is taken from `pages` (checked there) and serialised only when the
 * connection asks for more, so the first one leaves before the rest is touched.
 */
export function respondPages(
  pages: Iterable<PageLine>,
  requestId: string | null,
  extra: { cookies?: string[]; secure?: boolean } = {},
): Response {
  const id = requestId ?? bffRequestId();
  const headers = replyHeaders(id, extra);
  headers.set("Content-Type", `${PAGED_LIST_TYPE}; charset=utf-8`);
  const encoder = new TextEncoder();
  const iterator = pages[Symbol.iterator]();
  let count = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = iterator.next();
      if (!next.done && "page" in next.value) {
        count += next.value.page.length;
        controller.enqueue(encoder.encode(`${JSON.stringify({ page: next.value.page })}\n`));
        return;
      }
      const last =
        next.done || "page" in next.value
          ? { done: true, count, request_id: id }
          : { error: next.value.error, request_id: id };
      controller.enqueue(encoder.encode(`${JSON.stringify(last)}\n`));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers });
}

export function respondData(
  status: number,
  data: unknown,
  requestId: string | null,
  extra: { cookies?: string[]; secure?: boolean } = {},
): Response {
  return build(status, { data, error: null, request_id: requestId }, extra);
}

export function respondError(mapped: MappedError, extra: { cookies?: string[]; secure?: boolean } = {}): Response {
  return build(
    mapped.status,
    { data: null, error: mapped.body, request_id: mapped.requestId },
    { ...extra, headers: mapped.headers },
  );
}

/** A download (a CSV file), with the API's headers but its own type and a file name. */
export function respondFile(
  file: { body: string | Uint8Array<ArrayBuffer>; contentType: string; fileName: string },
  extra: { cookies?: string[]; secure?: boolean } = {},
): Response {
  const headers = new Headers(API_RESPONSE_HEADERS);
  headers.set("Content-Type", file.contentType);
  // RFC 6266: an ASCII fallback name and the UTF-8 one.
  const ascii = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  headers.set(
    "Content-Disposition",
    `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
  );
  headers.set("X-Request-Id", bffRequestId());
  if (extra.secure) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  for (const cookie of extra.cookies ?? []) headers.append("Set-Cookie", cookie);
  return new Response(file.body, { status: 200, headers });
}
