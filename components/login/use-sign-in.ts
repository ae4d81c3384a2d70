"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { isBffRequestError } from "@/lib/browser/bff-client/errors";
import { applyServerErrors } from "@/lib/browser/bff-client/form-errors";
import { useSignIn } from "@/lib/browser/query/session";
import { postSignInTarget } from "./post-sign-in";
import type { SignInBody } from "@/lib/shared/schemas/session";

export const OPERATOR_NAME_STORAGE_KEY = "pixops.operatorName";

export function rememberOperatorName(name: string): void {
  try {
    window.localStorage.setItem(OPERATOR_NAME_STORAGE_KEY, name.trim());
  } catch {
    // Private mode / storage disabled: nothing to remember.
  }
}

export function recallOperatorName(): string {
  try {
    return window.localStorage.getItem(OPERATOR_NAME_STORAGE_KEY) ?? "";
  } catch {
    return "";
  }
}

/** When a throttled sign-in may be tried again: the server's `retryAt`, else `retryAfterSeconds` from now. */
export function retryAt(details: Record<string, unknown>, now = Date.now()): Date {
  const at = typeof details.retryAt === "string" ? Date.parse(details.retryAt) : Number.NaN;
  if (Number.isFinite(at)) return new Date(at);
  const seconds =
    typeof details.retryAfterSeconds === "number" && details.retryAfterSeconds > 0 ? details.retryAfterSeconds : 60;
  return new Date(now + seconds * 1000);
}

/**
 * Shared submit logic of both sign-in forms: POST /api/session, server field
 * errors onto the fields (values kept), a refused credential next to the
 * credential field, a throttle with the time to try again, anything else in
 * an error panel; on success, navigate.
 */
export function useSignInSubmit<T extends FieldValues>(
  next: string | null | undefined,
  credentialField: FieldPath<T>,
  knownFields: readonly FieldPath<T>[],
) {
  const router = useRouter();
  const signIn = useSignIn();
  const [panelError, setPanelError] = useState<unknown>(null);
  const [unmatched, setUnmatched] = useState<Record<string, string> | undefined>(undefined);
  const [throttledUntil, setThrottledUntil] = useState<Date | null>(null);

  useEffect(() => {
    if (!throttledUntil) return;
    // Re-enable the form when the server said it may be tried again.
    const timer = window.setTimeout(() => setThrottledUntil(null), Math.max(0, throttledUntil.getTime() - Date.now()));
    return () => window.clearTimeout(timer);
  }, [throttledUntil]);

  const submit = (body: SignInBody, setError: UseFormSetError<T>) => {
    setPanelError(null);
    setUnmatched(undefined);
    signIn.mutate(body, {
      onSuccess: (session) => {
        rememberOperatorName(body.operatorName);
        router.replace(postSignInTarget(session.role, next));
      },
      onError: (error) => {
        if (isBffRequestError(error) && error.knownCode === "sign_in_throttled") {
          setThrottledUntil(retryAt(error.details));
          return;
        }
        if (
          isBffRequestError(error) &&
          (error.knownCode === "invalid_credentials" || error.knownCode === "credential_not_allowed")
        ) {
          const message =
            error.knownCode === "invalid_credentials" ? "login.invalidCredentials" : "login.credentialNotAllowed";
          setError(credentialField, { type: "server", message }, { shouldFocus: true });
          if (error.requestId) setPanelError(error);
          return;
        }
        const result = applyServerErrors(error, setError, { knownFields });
        if (result.applied.length === 0 || Object.keys(result.unmatched).length > 0) {
          setPanelError(error);
          setUnmatched(result.applied.length > 0 ? result.unmatched : undefined);
        }
      },
    });
  };

  return {
    submit,
    /** True from submit until the next page takes over. */
    busy: signIn.isPending || signIn.isSuccess,
    panelError,
    unmatched,
    /** Set after a 429: when the server accepts sign-ins from here again (the form stays disabled until then). */
    throttledUntil,
    clearPanel: () => setPanelError(null),
  };
}
