import { z } from "zod/mini";
import { PAGED_LIST_TYPE, pagedListLineSchema } from "@/lib/shared/schemas/paged-list";
import { readEnvelope, sendToBff } from "./client";
import { BffRequestError } from "./errors";

/**
 * A big list read page by page (lib/shared/schemas/paged-list.ts): each page is
 * checked with `z.array(itemSchema)` and yielded as soon as it arrives, so the
 * first rows show before the rest is downloaded and parsed. An answer that is
 * not paged (an error, or a BFF that sent the whole list) is read as the usual
 * envelope with `listSchema` and yielded as one page.
 */
export async function* bffPages<T>(
  path: string,
  {
    pageSchema,
    listSchema,
    signal,
  }: { pageSchema: z.core.$ZodType<T[]>; listSchema: z.core.$ZodType<T[]>; signal?: AbortSignal },
): AsyncGenerator<T[]> {
  const response = await sendToBff(path, {
    method: "GET",
    signal,
    accept: `${PAGED_LIST_TYPE}, application/json;q=0.9`,
  });
  const paged =
    response.ok && (response.headers.get("content-type") ?? "").startsWith(PAGED_LIST_TYPE) && response.body !== null;
  if (!paged || !response.body) {
    yield (await readEnvelope(response, { schema: listSchema, signal })) as T[];
    return;
  }
  yield* readPages(textLines(response.body), pageSchema, response.headers.get("x-request-id"));
}

function incomplete(requestId: string | null, reason: string): BffRequestError {
  return new BffRequestError({
    status: 200,
    code: "invalid_response",
    message: "errors.invalid_response",
    requestId,
    details: { reason },
  });
}

/**
 * Lets the browser render and paint the rows of the page before (react-query
 * notifies in a task of its own) instead of parsing every page first. A hidden
 * tab gets no animation frames: a timer then lets the load go on.
 */
function nextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== "function") {
      setTimeout(resolve, 0);
      return;
    }
    const fallback = setTimeout(resolve, 100);
    requestAnimationFrame(() => {
      clearTimeout(fallback);
      setTimeout(resolve, 0);
    });
  });
}

/** The pages of a paged reply's lines; throws when a line is malformed or the reply ends before its `done` line. */
export async function* readPages<T>(
  lines: AsyncIterable<string>,
  pageSchema: z.core.$ZodType<T[]>,
  requestId: string | null,
): AsyncGenerator<T[]> {
  let received = 0;
  for await (const text of lines) {
    if (text.trim() === "") continue;
    if (received > 0) await nextPaint();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw incomplete(requestId, "unreadable_line");
    }
    const line = pagedListLineSchema.safeParse(json);
    if (!line.success) throw incomplete(requestId, "unexpected_line");
    if ("done" in line.data) {
      if (line.data.count !== received) throw incomplete(line.data.request_id, "count_mismatch");
      return;
    }
    if ("error" in line.data) {
      // The BFF found a page of the API's answer invalid while sending: the same error the whole-list reply gives.
      const { code, message, fields, details } = line.data.error;
      throw new BffRequestError({ status: 502, code, message, fields, details, requestId: line.data.request_id });
    }
    const page = z.safeParse(pageSchema, line.data.page);
    if (!page.success) {
      throw new BffRequestError({
        status: 200,
        code: "invalid_response",
        message: "errors.invalid_response",
        requestId,
        details: { issues: page.error.issues.slice(0, 5).map((i) => ({ path: i.path.join("."), message: i.message })) },
      });
    }
    received += page.data.length;
    yield page.data;
  }
  throw incomplete(requestId, "truncated");
}

/** The UTF-8 text of a byte stream, one line at a time (without the newline). */
export async function* textLines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  let ended = false;
  try {
    while (!ended) {
      const { value, done } = await reader.read();
      ended = done;
      buffered += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let newline = buffered.indexOf("\n");
      while (newline !== -1) {
        yield buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        newline = buffered.indexOf("\n");
      }
    }
    if (buffered !== "") yield buffered;
  } finally {
    // Stopped early (the done line, an error, an abort): let the browser close the request rather than hold it open.
    if (!ended) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
