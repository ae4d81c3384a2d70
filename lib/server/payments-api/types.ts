/** The client's shapes that its helpers (request-checks.ts, interpret.ts) share with it: kept apart so none of them imports client.ts. */

export type Credential =
  { kind: "api_key"; apiKey: string } | { kind: "bearer"; accessToken: string; businessId: string };

/** One successful call to the payments API, as the client returns it (the sandbox's handlers return their own `ApiResult`). */
export interface PaymentsApiResponse<T> {
  data: T;
  requestId: string | null;
  attempts: number;
  /** The Idempotent-Replayed header said this response is a stored replay. */
  replayed: boolean;
}
