"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { isBffRequestError } from "@/lib/api/errors";
import { applyServerErrors } from "@/lib/api/form-errors";
import { useSignIn } from "@/lib/query/session";
import { postSignInTarget } from "./post-sign-in";
import type { SignInBody } from "@/lib/schemas/session";

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

/**
 * Shared submit logic of both sign-in forms: POST /api/session, server field
 * errors onto the fields (values kept), a refused credential next to the
 * credential field, anything else in an error panel; on success, navigate.
 */
export function useSignInSubmit<T extends FieldValues>(next: string | null | undefined, credentialField: FieldPath<T>, knownFields: readonly FieldPath<T>[]) {
  const router = useRouter();
  const signIn = useSignIn();
  const [panelError, setPanelError] = useState<unknown>(null);
  const [unmatched, setUnmatched] = useState<Record<string, string> | undefined>(undefined);

  const submit = (body: SignInBody, setError: UseFormSetError<T>) => {
    setPanelError(null);
    setUnmatched(undefined);
    signIn.mutate(body, {
      onSuccess: (session) => {
        rememberOperatorName(body.operatorName);
        router.replace(postSignInTarget(session.role, next));
      },
      onError: (error) => {
        if (isBffRequestError(error) && error.code === "invalid_credentials") {
          setError(credentialField, { type: "server", message: "login.invalidCredentials" }, { shouldFocus: true });
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
    clearPanel: () => setPanelError(null),
  };
}
