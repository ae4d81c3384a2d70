import "server-only";
import { BffError } from "@/lib/server/errors/bff-error";

/** The largest request body the BFF reads, in bytes (UTF-8), not characters. */
export const MAX_BODY_BYTES = 64 * 1024;

const tooLarge = () => new BffError("payload_too_large", "The request body is too large.");

/** Strict: invalid UTF-8 is an error, never a silent U+FFFD. (A leading BOM is dropped.) */
const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The body's declared length, or null when it has none (a chunked upload). A
 * malformed value is refused: Node's HTTP parser already refuses most, but the
 * handlers can be reached by other means (tests, another server in front).
 */
function declaredLength(headers: Headers): number | null {
  const raw = headers.get("content-length");
  if (raw === null) return null;
  if (!/^\d{1,15}$/.test(raw.trim()))
    throw new BffError("invalid_content_length", "The Content-Length header is not a length.");
  return Number(raw.trim());
}

/**
 * Reads at most `limit` bytes of the request body, without buffering more: a
 * declared Content-Length over the limit is refused before anything is read; a
 * body without one (chunked) or longer than it declared is read chunk by chunk
 * and refused (its stream cancelled) as soon as it passes the limit. Returns
 * null when the request has no body.
 */
export async function readBodyBytes(request: Request, limit = MAX_BODY_BYTES): Promise<Uint8Array | null> {
  const declared = declaredLength(request.headers);
  if (declared !== null && declared > limit) throw tooLarge();
  if (request.body === null) return null;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      // Not awaited: cancelling only tells the source to stop; the answer does not wait for it.
      reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The request's JSON body (undefined when empty or blank): at most
 * `limit` bytes, by default MAX_BODY_BYTES (413), strict UTF-8 (400 invalid_encoding), valid JSON (400
 * invalid_json).
 */
export async function readJsonBody(request: Request, limit = MAX_BODY_BYTES): Promise<unknown> {
  const bytes = await readBodyBytes(request, limit);
  if (bytes === null) return undefined;
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new BffError("invalid_encoding", "The request body is not valid UTF-8.");
  }
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BffError("invalid_json", "The request body is not valid JSON.");
  }
}
