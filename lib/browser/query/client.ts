import { QueryClient } from "@tanstack/react-query";
import { isBffRequestError } from "@/lib/browser/bff-client/errors";

/** Reads are retried at most this many times, and only for transient failures. */
export const MAX_QUERY_RETRIES = 2;

/**
 * Retry policy for reads: network failures and 5xx up to twice (with backoff);
 * never a 4xx (the answer will not change) and never an unknown error.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_QUERY_RETRIES) return false;
  return isBffRequestError(error) && error.isTransient;
}

/** 0.5 s, 1 s, 2 s … capped at 8 s. */
export function retryDelay(attempt: number): number {
  return Math.min(500 * 2 ** attempt, 8_000);
}

/**
 * The app's QueryClient with every default in one place:
 * - staleTime 15 s (lists feel live without hammering the BFF), gcTime 5 min;
 * - refetch on window focus and reconnect;
 * - reads retried only for network/5xx, at most twice;
 * - mutations never retried automatically (money moves: the operator decides,
 *   with the same idempotency key).
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        gcTime: 5 * 60_000,
        retry: shouldRetryQuery,
        retryDelay,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
