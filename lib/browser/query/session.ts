import { queryOptions, useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { z } from "zod/mini";
import { bffFetch } from "@/lib/browser/bff-client/client";
import {
  ROLE_VALUES,
  sessionInfoSchema,
  signInStepSchema,
  type PersonSignIn,
  type SecondFactorBody,
  type SignInStep,
} from "@/lib/shared/schemas/session";

/**
 * Query keys for the session. Every resource module follows this shape:
 * `all` → broad prefix for invalidation; narrower factories below it.
 */
export const sessionKeys = {
  all: ["session"] as const,
  current: () => [...sessionKeys.all, "current"] as const,
  workspaces: () => [...sessionKeys.all, "workspaces"] as const,
};

/** GET /api/session: who is signed in (never the credential). */
export function sessionQuery() {
  return queryOptions({
    queryKey: sessionKeys.current(),
    queryFn: ({ signal }) => bffFetch("/api/session", { schema: sessionInfoSchema, signal }),
    staleTime: 60_000,
  });
}

/** One workspace the signed-in person belongs to (GET /api/session/workspace). */
export const myWorkspaceSchema = z.object({
  businessId: z.string(),
  name: z.string(),
  role: z.enum(ROLE_VALUES),
  require2fa: z.boolean(),
});
export type MyWorkspace = z.infer<typeof myWorkspaceSchema>;

/** GET /api/session/workspace: the workspaces the person may switch to (this one included). */
export function myWorkspacesQuery() {
  return queryOptions({
    queryKey: sessionKeys.workspaces(),
    queryFn: ({ signal }) => bffFetch("/api/session/workspace", { schema: z.array(myWorkspaceSchema), signal }),
    staleTime: 5 * 60_000,
  });
}

/** Signed in: a new identity, so anything cached for a previous one goes. */
function useSignedIn() {
  const queryClient = useQueryClient();
  return (step: SignInStep) => {
    if (step.next !== "done") return;
    queryClient.clear();
    queryClient.setQueryData(sessionKeys.current(), step.session);
  };
}

/**
 * POST /api/session: e-mail and password. Signed in (`next: "done"`), or a
 * challenge for the second step (`next: "totp"`). A 401 `invalid_login` is shown
 * in the form, never redirected.
 */
export function useSignIn() {
  const signedIn = useSignedIn();
  return useMutation<SignInStep, Error, PersonSignIn>({
    mutationFn: (body) =>
      bffFetch("/api/session", { method: "POST", body, schema: signInStepSchema, redirectOnAuthError: false }),
    onSuccess: signedIn,
  });
}

/** POST /api/session/second-factor: the challenge and a TOTP or recovery code. */
export function useSecondFactor() {
  const signedIn = useSignedIn();
  return useMutation<SignInStep, Error, SecondFactorBody>({
    mutationFn: (body) =>
      bffFetch("/api/session/second-factor", {
        method: "POST",
        body,
        schema: signInStepSchema,
        redirectOnAuthError: false,
      }),
    onSuccess: signedIn,
  });
}

/**
 * PUT /api/session/workspace: the same session, now in another workspace. Every
 * cached answer belonged to the previous workspace, so the cache is cleared;
 * the caller then reloads the pages (router.refresh) into the new one.
 */
export function useSwitchWorkspace() {
  const signedIn = useSignedIn();
  return useMutation<SignInStep, Error, { businessId: string }>({
    mutationFn: (body) => bffFetch("/api/session/workspace", { method: "PUT", body, schema: signInStepSchema }),
    onSuccess: signedIn,
  });
}

const signedOutSchema = z.object({ signedOut: z.literal(true) });

/**
 * Reads in flight are cancelled before a sign-out, so none is answered 401 once the session is gone. The cache is
 * not cleared here: the caller loads /login afresh, which drops it with every other piece of this page's memory,
 * while clearing it under the page's mounted queries would make them fetch again, signed out.
 */
const cancelReads = (queryClient: QueryClient) => queryClient.cancelQueries();

/** DELETE /api/session; the caller then loads /login whatever the server answered. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation<{ signedOut: true }, Error, void>({
    onMutate: () => cancelReads(queryClient),
    mutationFn: () =>
      bffFetch("/api/session", { method: "DELETE", schema: signedOutSchema, redirectOnAuthError: false }),
  });
}

/** DELETE /api/sessions: sign out every session of this business, this one included; the caller then loads /login. */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation<{ signedOut: true }, Error, void>({
    onMutate: () => cancelReads(queryClient),
    mutationFn: () =>
      bffFetch("/api/sessions", { method: "DELETE", schema: signedOutSchema, redirectOnAuthError: false }),
  });
}
