import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { bffFetch } from "@/lib/browser/bff-client/client";
import { sessionKeys } from "@/lib/browser/query/session";
import {
  accountProfileSchema,
  recoveryCodesSchema,
  securityEventsPageSchema,
  twoFactorSetupSchema,
  type ChangePasswordBody,
  type RecoveryCodes,
  type TotpCodeBody,
  type TurnOffTwoFactorBody,
  type TwoFactorSetup,
} from "@/lib/shared/schemas/account";
import { signInStepSchema, type SignInStep } from "@/lib/shared/schemas/session";

/** The person's own account: profile, two-step verification, security history. */
export const accountKeys = {
  all: ["account"] as const,
  profile: () => [...accountKeys.all, "profile"] as const,
  securityEvents: () => [...accountKeys.all, "security-events"] as const,
};

/** Rows per "load more" of the security history. */
export const SECURITY_EVENTS_PAGE_SIZE = 50;
/** The export of the person's own security history (a plain GET with `?format=csv|xlsx`: the browser downloads it). */
export const OWN_SECURITY_EVENTS_EXPORT = "/api/account/security-events/export";

/** GET /api/account. */
export function accountProfileQuery() {
  return queryOptions({
    queryKey: accountKeys.profile(),
    queryFn: ({ signal }) => bffFetch("/api/account", { schema: accountProfileSchema, signal }),
  });
}

/** GET /api/account/security-events, newest first, one page at a time. */
export function securityEventsQuery() {
  return infiniteQueryOptions({
    queryKey: accountKeys.securityEvents(),
    queryFn: ({ pageParam, signal }) =>
      bffFetch("/api/account/security-events", {
        query: { limit: SECURITY_EVENTS_PAGE_SIZE, cursor: pageParam },
        schema: securityEventsPageSchema,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** After a change: the profile, the history and (2FA pending, re-issued cookie) the session are read again. */
function useAccountChanged() {
  const queryClient = useQueryClient();
  return (step?: SignInStep) => {
    if (step?.next === "done") queryClient.setQueryData(sessionKeys.current(), step.session);
    void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
  };
}

/** POST /api/account/two-factor/setup: the QR code and the key, once. */
export function useStartTwoFactorSetup() {
  return useMutation<TwoFactorSetup, Error, void>({
    mutationFn: () => bffFetch("/api/account/two-factor/setup", { method: "POST", schema: twoFactorSetupSchema }),
  });
}

/** POST /api/account/two-factor/confirm: 2FA on; the recovery codes, shown once. */
export function useConfirmTwoFactor() {
  const changed = useAccountChanged();
  return useMutation<RecoveryCodes, Error, TotpCodeBody>({
    mutationFn: (body) =>
      bffFetch("/api/account/two-factor/confirm", { method: "POST", body, schema: recoveryCodesSchema }),
    onSuccess: () => changed(),
  });
}

/** POST /api/account/two-factor/recovery-codes: new codes (the old ones stop working), shown once. */
export function useRegenerateRecoveryCodes() {
  const changed = useAccountChanged();
  return useMutation<RecoveryCodes, Error, TotpCodeBody>({
    mutationFn: (body) =>
      bffFetch("/api/account/two-factor/recovery-codes", { method: "POST", body, schema: recoveryCodesSchema }),
    onSuccess: () => changed(),
  });
}

/** POST /api/account/two-factor/disable: 2FA off (other sessions end; this one's cookie is re-issued). */
export function useTurnOffTwoFactor() {
  const changed = useAccountChanged();
  return useMutation<SignInStep, Error, TurnOffTwoFactorBody>({
    mutationFn: (body) =>
      bffFetch("/api/account/two-factor/disable", { method: "POST", body, schema: signInStepSchema }),
    onSuccess: changed,
  });
}

/** POST /api/account/password (other sessions end; this one's cookie is re-issued). */
export function useChangePassword() {
  const changed = useAccountChanged();
  return useMutation<SignInStep, Error, ChangePasswordBody>({
    mutationFn: (body) => bffFetch("/api/account/password", { method: "POST", body, schema: signInStepSchema }),
    onSuccess: changed,
  });
}
