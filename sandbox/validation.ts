/**
 * Field checks shared by the handlers. Each returns the value or records a message
 * under the field's name; handlers answer 422 with every message at once.
 */
import type { FieldErrors } from "./http";

export const MAX_PAYOUT_CENTAVOS = 100_000_000;
export const MAX_LINK_CENTAVOS = 100_000_000;
export const MAX_LINK_SALES = 1_000_000;
export const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9_:.-]{8,128}$/;
export const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ISO_UTC_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

export class Fields {
  readonly errors: FieldErrors = {};

  constructor(private readonly body: Record<string, unknown>) {}

  has(name: string): boolean {
    return this.body[name] !== undefined;
  }

  get ok(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  error(name: string, message: string): void {
    if (!(name in this.errors)) this.errors[name] = message;
  }

  /** Positive safe integer, optionally bounded. `required` false → undefined when absent. */
  positiveInt(name: string, opts: { required: boolean; max?: number }): number | undefined {
    const value = this.body[name];
    if (value === undefined) {
      if (opts.required) this.error(name, "is required");
      return undefined;
    }
    if (typeof value !== "number" || !Number.isFinite(value)) return this.fail(name, "must be an integer");
    if (!Number.isInteger(value)) return this.fail(name, "must be an integer");
    if (value <= 0) return this.fail(name, "must be greater than 0");
    const max = opts.max ?? Number.MAX_SAFE_INTEGER;
    if (value > max) return this.fail(name, `must be at most ${max}`);
    return value;
  }

  string(name: string, opts: { required: boolean; min?: number; max?: number; trim?: boolean }): string | undefined {
    const value = this.body[name];
    if (value === undefined) {
      if (opts.required) this.error(name, "is required");
      return undefined;
    }
    if (typeof value !== "string") return this.fail(name, "must be a string");
    const text = opts.trim === false ? value : value.trim();
    const min = opts.min ?? 0;
    if (text.length < min)
      return this.fail(
        name,
        min <= 1 ? (opts.required ? "is required" : "must not be empty") : `must be at least ${min} characters`,
      );
    if (opts.max !== undefined && text.length > opts.max)
      return this.fail(name, `must be at most ${opts.max} characters`);
    return text;
  }

  boolean(name: string, opts: { required: boolean }): boolean | undefined {
    const value = this.body[name];
    if (value === undefined) {
      if (opts.required) this.error(name, "is required");
      return undefined;
    }
    if (typeof value !== "boolean") return this.fail(name, "must be a boolean");
    return value;
  }

  email(name: string, opts: { required: boolean }): string | undefined {
    const text = this.string(name, { required: opts.required, min: 1, max: 254 });
    if (text === undefined) return undefined;
    if (!EMAIL_RE.test(text)) return this.fail(name, "must be a valid e-mail address");
    return text.toLowerCase();
  }

  /** ISO 8601 timestamp with Z or an offset; returned normalised to UTC ("...Z"). */
  isoTimestamp(name: string, opts: { required: boolean }): string | undefined {
    const text = this.string(name, { required: opts.required, min: 1, max: 40 });
    if (text === undefined) return undefined;
    const ms = Date.parse(text);
    if (!ISO_UTC_RE.test(text) || Number.isNaN(ms))
      return this.fail(name, "must be an ISO 8601 UTC timestamp, e.g. 2030-01-31T23:59:59Z");
    return new Date(ms).toISOString();
  }

  private fail(name: string, message: string): undefined {
    this.error(name, message);
    return undefined;
  }
}

/** Canonical JSON (object keys sorted) used as an idempotency fingerprint. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
