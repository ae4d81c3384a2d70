import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod/mini";
import { bffFetch } from "@/lib/browser/bff-client/client";
import { sessionInfoSchema, type SessionInfo, type SignInBody } from "@/lib/shared/schemas/session";

/**
 * Query keys for the session. Every resource module follows this shape:
 * `all` → broad prefix for invalidation; narrower factories below it.
 */
export const sessionKeys = {
  all: ["session"] as const,
  current: () => [...sessionKeys.all, "current"] as const,
};

/** GET /api/session: who is signed in (never the credential). */
export function sessionQuery() {
  return queryOptions({
    queryKey: sessionKeys.current(),
    queryFn: ({ signal }) => bffFetch("/api/session", { schema: sessionInfoSchema, signal }),
    staleTime: 60_000,
  });
}

/** POST /api/session. A 401 `invalid_credentials` is shown in the form, never redirected. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation<SessionInfo, Error, SignInBody>({
    mutationFn: (body) =>
      bffFetch("/api/session", { method: "POST", body, schema: sessionInfoSchema, redirectOnAuthError: false }),
    onSuccess: (session) => {
      // A new identity: drop anything cached for a previous one.
      queryClient.clear();
      queryClient.setQueryData(sessionKeys.current(), session);
    },
  });
}

const signedOutSchema = z.object({ signedOut: z.literal(true) });

/** DELETE /api/session. Whatever the server answers, the browser's cache is cleared. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation<{ signedOut: true }, Error, void>({
    mutationFn: () =>
      bffFetch("/api/session", { method: "DELETE", schema: signedOutSchema, redirectOnAuthError: false }),
    onSettled: () => {
      queryClient.clear();
    },
  });
}

/** DELETE /api/sessions: sign out every session of this business, this one included. */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation<{ signedOut: true }, Error, void>({
    mutationFn: () =>
      bffFetch("/api/sessions", { method: "DELETE", schema: signedOutSchema, redirectOnAuthError: false }),
    onSuccess: () => {
      queryClient.clear();
    },
  });
}
