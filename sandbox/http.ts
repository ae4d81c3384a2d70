/** Envelope, response writing and body reading for node:http. */
import type { IncomingMessage, ServerResponse } from "node:http";

export interface ApiError {
  code: string;
  message: string;
  details: Record<string, unknown>;
}

/** What a handler produces; written by `sendResult`. */
export interface ApiResult {
  status: number;
  data?: unknown;
  /** Pre-serialised UTF-8 JSON for `data` (hot list endpoints); wins over `data`. */
  rawData?: Buffer;
  error?: ApiError;
  headers?: Record<string, string>;
}

export function ok(data: unknown, headers?: Record<string, string>): ApiResult {
  return { status: 200, data, headers };
}

export function fail(
  status: number,
  code: string,
  message: string,
  details: Record<string, unknown> = {},
  headers?: Record<string, string>,
): ApiResult {
  return { status, error: { code, message, details }, headers };
}

export type FieldErrors = Record<string, string>;

export function validationFailed(fields: FieldErrors, message = "The request has invalid fields."): ApiResult {
  return fail(422, "validation_error", message, { fields });
}

const DATA_OPEN = Buffer.from('{"data":');

export function serializeEnvelope(result: ApiResult, requestId: string): Buffer {
  const error = result.error ? JSON.stringify(result.error) : "null";
  const tail = `,"error":${error},"request_id":${JSON.stringify(requestId)}}`;
  if (result.rawData) return Buffer.concat([DATA_OPEN, result.rawData, Buffer.from(tail)]);
  const data = result.error ? "null" : JSON.stringify(result.data ?? null);
  return Buffer.from(`{"data":${data}${tail}`);
}

export function sendResult(res: ServerResponse, result: ApiResult, requestId: string): void {
  if (res.destroyed || res.writableEnded) return;
  const body = serializeEnvelope(result, requestId);
  const headers: Record<string, string | number> = {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": body.length,
    "Cache-Control": "no-store",
    "X-Request-Id": requestId,
    ...result.headers,
  };
  res.writeHead(result.status, headers);
  res.end(body);
}

export const HTML_502 = "<html><body><h1>502 Bad Gateway</h1></body></html>";

export function sendHtml502(res: ServerResponse): void {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(502, { "Content-Type": "text/html; charset=utf-8", "Content-Length": Buffer.byteLength(HTML_502) });
  res.end(HTML_502);
}

export const MAX_BODY_BYTES = 1024 * 1024;

/** Reads the whole body; resolves null when it exceeds MAX_BODY_BYTES (rest is drained). */
export function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on("end", () =>
      resolve(tooLarge ? null : chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks)),
    );
    req.on("error", reject);
  });
}

export type ParsedBody = { ok: true; value: Record<string, unknown> } | { ok: false; result: ApiResult };

function isJsonContentType(value: string | undefined): boolean {
  if (value === undefined) return true;
  const type = value.split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "" || type === "application/json" || type.endsWith("+json");
}

/** Parses a POST body: JSON object required. */
export function parseJsonObject(raw: Buffer, contentType: string | undefined): ParsedBody {
  if (raw.length > 0 && !isJsonContentType(contentType)) {
    return {
      ok: false,
      result: fail(415, "unsupported_media_type", "Request bodies must be sent as application/json."),
    };
  }
  const text = raw.toString("utf8");
  if (text.trim() === "") {
    return { ok: false, result: fail(400, "invalid_body", "The request body must be a JSON object.") };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return {
      ok: false,
      result: fail(400, "invalid_json", "The request body is not valid JSON.", {
        parse_error: err instanceof Error ? err.message : String(err),
      }),
    };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, result: fail(400, "invalid_body", "The request body must be a JSON object.") };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
