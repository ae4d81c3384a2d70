import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { bffPages, readPages, textLines } from "@/lib/browser/bff-client/pages";
import { BffRequestError } from "@/lib/browser/bff-client/errors";
import { isPartialList, pagedListQueryFn } from "@/lib/browser/query/paged-list";

const itemSchema = z.object({ id: z.string() });
const pageSchema = z.array(itemSchema);
const listSchema = z.array(itemSchema);
type Item = z.infer<typeof itemSchema>;

const items = (from: number, count: number): Item[] =>
  Array.from({ length: count }, (_, i) => ({ id: `it_${from + i}` }));
const pageLine = (page: unknown[]) => `${JSON.stringify({ page })}\n`;
const doneLine = (count: number) => `${JSON.stringify({ done: true, count, request_id: "req_1" })}\n`;

/** A byte stream delivering exactly these chunks (split anywhere, even inside a character). */
function byteStream(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

async function* fromArray(lines: string[]): AsyncGenerator<string> {
  for (const line of lines) yield line;
}

async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const value of source) out.push(value);
  return out;
}

describe("reading a paged reply", () => {
  it("splits bytes into lines across chunk boundaries, multi-byte characters included", async () => {
    const bytes = new TextEncoder().encode('{"a":"Conceição"}\n{"b":1}\n');
    const chunks = [bytes.slice(0, 10), bytes.slice(10, 11), bytes.slice(11, 20), bytes.slice(20)];
    expect(await collect(textLines(byteStream(chunks)))).toEqual(['{"a":"Conceição"}', '{"b":1}']);
  });

  it("yields each page checked with the schema, and stops at a done line whose count matches", async () => {
    const lines = [pageLine(items(0, 2)), pageLine(items(2, 3)), doneLine(5)].map((l) => l.trimEnd());
    expect(await collect(readPages(fromArray(lines), pageSchema, "req_1"))).toEqual([items(0, 2), items(2, 3)]);
  });

  it("refuses a reply cut short, a wrong count, a bad line or an invalid item", async () => {
    const failures = [
      [pageLine(items(0, 2))],
      [pageLine(items(0, 2)), doneLine(3)],
      ["{not json"],
      [pageLine([{ id: 7 }]), doneLine(1)],
    ];
    for (const lines of failures) {
      const error = await collect(readPages(fromArray(lines), pageSchema, "req_1")).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BffRequestError);
      expect((error as BffRequestError).code).toBe("invalid_response");
    }
  });
});

describe("bffPages", () => {
  let fetchSpy: ReturnType<typeof vi.fn<typeof fetch>>;
  beforeEach(() => {
    fetchSpy = vi.fn<typeof fetch>();
    vi.stubGlobal("fetch", fetchSpy);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("asks for pages with the dashboard's headers and yields them as they come", async () => {
    const body = [pageLine(items(0, 1)), pageLine(items(1, 2)), doneLine(3)].join("");
    fetchSpy.mockResolvedValue(
      new Response(body, { headers: { "content-type": "application/x-ndjson; charset=utf-8" } }),
    );
    expect(await collect(bffPages("/api/x", { pageSchema, listSchema }))).toEqual([items(0, 1), items(1, 2)]);
    const headers = new Headers(fetchSpy.mock.calls[0]?.[1]?.headers);
    expect(headers.get("Accept")).toContain("application/x-ndjson");
    expect(headers.get("X-Requested-By")).toBe("dashboard");
  });

  it("reads an ordinary envelope as one page, and its error as a BffRequestError", async () => {
    fetchSpy.mockResolvedValueOnce(Response.json({ data: items(0, 2), error: null, request_id: "req_1" }));
    expect(await collect(bffPages("/api/x", { pageSchema, listSchema }))).toEqual([items(0, 2)]);
    fetchSpy.mockResolvedValueOnce(
      Response.json({ data: null, error: { code: "forbidden", message: "No." }, request_id: "req_2" }, { status: 403 }),
    );
    const error = await collect(bffPages("/api/x", { pageSchema, listSchema })).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, code: "forbidden" });
  });
});

/** Pages handed over one at a time by the test, to look at the cache in between. */
function manualPages() {
  const queue: Array<(value: IteratorResult<Item[]>) => void> = [];
  const ready: Array<IteratorResult<Item[]> | Error> = [];
  const iterable: AsyncIterable<Item[]> = {
    [Symbol.asyncIterator]: () => ({
      next: () =>
        new Promise<IteratorResult<Item[]>>((resolve, reject) => {
          const value = ready.shift();
          if (value instanceof Error) reject(value);
          else if (value) resolve(value);
          else queue.push(resolve);
        }),
    }),
  };
  const push = (value: IteratorResult<Item[]>) => {
    const waiting = queue.shift();
    if (waiting) waiting(value);
    else ready.push(value);
  };
  return {
    iterable,
    page: (page: Item[]) => push({ value: page, done: false }),
    end: () => push({ value: undefined, done: true }),
    fail: (error: Error) => ready.push(error),
  };
}

const KEY = ["things"];

/** Loads the list under KEY on `client`, its pages coming from `source` as the test hands them over. */
function fetchPages(client: QueryClient, source: ReturnType<typeof manualPages>): Promise<Item[]> {
  return client.fetchQuery({
    queryKey: KEY,
    structuralSharing: false,
    queryFn: pagedListQueryFn<Item>(() => source.iterable),
  });
}

describe("pagedListQueryFn", () => {
  it("merges pages into the cache on the first load, marking the list partial until it is whole", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const source = manualPages();
    const done = fetchPages(client, source);
    source.page(items(0, 2));
    await vi.waitFor(() => expect(client.getQueryData<Item[]>(KEY)).toEqual(items(0, 2)));
    expect(isPartialList(client.getQueryData<Item[]>(KEY))).toBe(true);
    source.page(items(2, 3));
    await vi.waitFor(() => expect(client.getQueryData<Item[]>(KEY)).toHaveLength(5));
    source.end();
    const whole = await done;
    expect(whole).toEqual(items(0, 5));
    expect(client.getQueryData(KEY)).toBe(whole);
    expect(isPartialList(whole)).toBe(false);
  });

  it("keeps the current list during a refetch and swaps in the new one only when it is whole", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(KEY, items(0, 3));
    const source = manualPages();
    const done = fetchPages(client, source);
    source.page(items(10, 1));
    source.page(items(11, 1));
    await Promise.resolve();
    expect(client.getQueryData(KEY)).toEqual(items(0, 3));
    source.end();
    await done;
    expect(client.getQueryData(KEY)).toEqual(items(10, 2));
  });

  it("leaves no partial list behind when the first load fails part-way", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const source = manualPages();
    const done = fetchPages(client, source);
    source.page(items(0, 2));
    await vi.waitFor(() => expect(client.getQueryData<Item[]>(KEY)).toHaveLength(2));
    source.fail(new BffRequestError({ status: 200, code: "invalid_response", message: "errors.invalid_response" }));
    source.page([]);
    await expect(done).rejects.toBeInstanceOf(BffRequestError);
    expect(client.getQueryData(KEY)).toBeUndefined();
    expect(client.getQueryState(KEY)?.status).toBe("error");
  });
});
