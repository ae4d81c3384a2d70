"use client";

import { useCallback, useState } from "react";

/** A fresh idempotency key (UUID v4): crypto.randomUUID where available, else getRandomValues. */
export function newIdempotencyKey(): string {
  const c: Crypto | undefined = typeof globalThis.crypto === "object" ? globalThis.crypto : undefined;
  if (c && typeof c.randomUUID === "function") return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === "function") c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface IdempotencyKey {
  /** Send this as `idempotencyKey` with every attempt of the same operation. */
  key: string;
  /** A new key for the next, different operation: call after a success (or when the form is reset for new input). */
  renew: () => void;
}

/**
 * One idempotency key per operation: generated once when the form mounts
 * (opens), stable across re-renders and retries, so a retried or double-clicked
 * submit never creates a second payout. Call `renew()` only after the operation
 * succeeded (or definitively failed) and the form is ready for a new one.
 */
export function useIdempotencyKey(): IdempotencyKey {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  return { key, renew };
}
