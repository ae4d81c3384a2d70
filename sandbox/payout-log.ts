/**
 * The log of POST /v1/payouts requests the sandbox received, with their idempotency
 * key and when each one started and ended, so process-level tests can count the
 * upstream sends of one key and check that two of them never overlapped.
 * Served by GET /__sandbox/payout-requests; cleared with the stats.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { systemClock, type Clock } from "../lib/shared/clock";
import type { PayoutRequestEntry } from "./types";

/** Oldest entries are dropped beyond this (a long-running sandbox stays bounded). */
const MAX_ENTRIES = 10_000;

function keyOf(req: IncomingMessage, rawBody: Buffer): string | null {
  try {
    const body = JSON.parse(rawBody.toString("utf8")) as unknown;
    if (body && typeof body === "object" && "idempotency_key" in body) {
      const key = (body as { idempotency_key: unknown }).idempotency_key;
      if (typeof key === "string") return key;
    }
  } catch {
    // not JSON: the handler answers 400; the header may still name the key
  }
  const header = req.headers["idempotency-key"];
  return typeof header === "string" ? header : null;
}

export class PayoutRequestLog {
  private entries: PayoutRequestEntry[] = [];

  constructor(private readonly clock: Clock = systemClock) {}

  /** Records a request as received now; its end is filled in when the response closes. */
  record(req: IncomingMessage, res: ServerResponse, rawBody: Buffer, businessId: string): void {
    const entry: PayoutRequestEntry = {
      idempotency_key: keyOf(req, rawBody),
      business_id: businessId,
      received_at: this.clock.now(),
      ended_at: null,
      outcome: null,
    };
    this.entries.push(entry);
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
    res.once("close", () => {
      entry.ended_at = this.clock.now();
      entry.outcome = res.writableFinished ? String(res.statusCode) : "dropped";
    });
  }

  list(): PayoutRequestEntry[] {
    return this.entries.map((e) => ({ ...e }));
  }

  clear(): void {
    this.entries = [];
  }
}
