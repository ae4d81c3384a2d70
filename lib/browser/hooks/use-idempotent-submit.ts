"use client";

import type { UseMutationResult } from "@tanstack/react-query";
import { useCallback, useRef, type BaseSyntheticEvent } from "react";
import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { isBffRequestError } from "@/lib/browser/bff-client/errors";
import { applyServerErrors, type ApplyServerErrorsResult } from "@/lib/browser/bff-client/form-errors";
import { newIdempotencyKey } from "./use-idempotency-key";

/**
 * How an attempt ended, as far as its idempotency key is concerned:
 * - `success`: the operation happened; the next one needs a new key.
 * - `refused`: a definite "no" (a 4xx the server answered): nothing happened.
 * - `unknown`: no answer, a timeout, a 5xx, a network failure: it may have
 *   happened, so the key is kept and a retry replays it instead of repeating it.
 */
export type AttemptOutcome = "success" | "refused" | "unknown";

/** The default reading of a failure: only an answered 4xx (not 408/429) is a definite refusal. */
export function failureOutcome(error: unknown): "refused" | "unknown" {
  if (!isBffRequestError(error)) return "unknown";
  if (error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429) return "unknown";
  // A 2xx we could not read: the operation probably happened.
  if (error.status >= 200 && error.status < 300) return "unknown";
  return "refused";
}

/** Where an operation's key lives: `useStoredIdempotencyKey(name)` (survives a reload) or, by default, this component. */
export interface IdempotencyKeyStore {
  /** The kept key when the fingerprint matches, else a new one (which replaces it). */
  keyFor: (fingerprint: string) => string;
  /** Forget the key: the next attempt is a new operation. */
  clear: () => void;
}

/** An in-memory key store: the key lives as long as the component. */
export function useMemoryIdempotencyKey(): IdempotencyKeyStore {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);
  const keyFor = useCallback((fingerprint: string) => {
    if (current.current?.fingerprint !== fingerprint) current.current = { fingerprint, key: newIdempotencyKey() };
    return current.current.key;
  }, []);
  const clear = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, clear };
}

/** Where a failure's field messages go (react-hook-form), via `applyServerErrors`. */
export interface ServerErrorTarget<TFields extends FieldValues> {
  setError: UseFormSetError<TFields>;
  knownFields?: readonly FieldPath<TFields>[];
  fieldMap?: Partial<Record<string, FieldPath<TFields>>>;
  /** Focus the first field that got an error (default true). */
  focus?: boolean;
}

export interface FailedAttempt<TInput> extends ApplyServerErrorsResult {
  input: TInput;
  idempotencyKey: string;
  outcome: "refused" | "unknown";
}

export interface IdempotentSubmitOptions<TInput, TData, TVariables, TFields extends FieldValues> {
  /** The mutation that sends one attempt (never retried automatically). */
  mutation: Pick<UseMutationResult<TData, unknown, TVariables>, "mutate" | "isPending">;
  /** The mutation's variables for an attempt. */
  variables: (input: TInput, idempotencyKey: string) => TVariables;
  /**
   * Which attempts are the same operation: the same fingerprint keeps the key,
   * a different one gets a new key. Default: one operation per form, whatever
   * its contents (the key lasts until the operation ends).
   */
  fingerprint?: (input: TInput) => string;
  /** Where the key lives. Default: this component (`useMemoryIdempotencyKey`). */
  keyStore?: IdempotencyKeyStore;
  /** Success, definite refusal or unknown outcome for a failure. Default: `failureOutcome`. */
  classify?: (error: unknown) => "refused" | "unknown";
  /**
   * Forget the key after a definite refusal (default true), so the next attempt
   * is a new operation. Pass false where a refusal records nothing and the form's
   * one operation lasts until it succeeds.
   */
  renewAfterRefusal?: boolean;
  /** Put a definite refusal's field messages on the form's fields (typed values are kept). */
  fields?: ServerErrorTarget<TFields>;
  /** Just before an attempt is sent (e.g. clear the last attempt's error). */
  onSend?: (attempt: { input: TInput; idempotencyKey: string }) => void;
  onSuccess?: (data: TData, attempt: { input: TInput; idempotencyKey: string }) => void;
  onError?: (error: unknown, attempt: FailedAttempt<TInput>) => void;
}

/** A form's `handleSubmit(onValid, onInvalid)` (react-hook-form's shape). */
type HandleSubmit<TInput> = (
  onValid: (values: TInput) => void,
  onInvalid: () => void,
) => (event?: BaseSyntheticEvent) => Promise<void>;

export interface IdempotentSubmit<TInput> {
  /** Send one attempt, with the key for this input (or `idempotencyKey`, e.g. "check again" with a shown key). False when one is already in flight. */
  submit: (input: TInput, idempotencyKey?: string) => boolean;
  /** A form's submit handler: validates, then sends; a second submit while validating or sending does nothing. */
  onSubmit: (handleSubmit: HandleSubmit<TInput>) => (event: BaseSyntheticEvent) => void;
  /** The key an attempt with this input would use (e.g. to show it on a review step). */
  keyFor: (input: TInput) => string;
  /** Forget the key: the operator starts a different operation. */
  renew: () => void;
  /** An attempt is in flight: disable the submit button. */
  isPending: boolean;
}

const ONE_OPERATION = () => "";

/**
 * The submit path every idempotent form shares: one key per operation (kept
 * across retries of the same input, renewed only after a success or a definite
 * refusal; an unknown outcome keeps it), one request per click (a synchronous
 * in-flight guard, set before validation, so a double click or Enter sends
 * once), and a failure's field messages put on the fields.
 */
export function useIdempotentSubmit<TInput, TData, TVariables, TFields extends FieldValues = FieldValues>(
  options: IdempotentSubmitOptions<TInput, TData, TVariables, TFields>,
): IdempotentSubmit<TInput> {
  const {
    mutation,
    variables,
    fingerprint = ONE_OPERATION,
    classify = failureOutcome,
    renewAfterRefusal = true,
    fields,
    onSend,
    onSuccess,
    onError,
  } = options;
  const memoryKey = useMemoryIdempotencyKey();
  const keys = options.keyStore ?? memoryKey;
  const inFlight = useRef(false);

  const keyFor = useCallback((input: TInput) => keys.keyFor(fingerprint(input)), [keys, fingerprint]);

  const send = (input: TInput, idempotencyKey: string) => {
    onSend?.({ input, idempotencyKey });
    mutation.mutate(variables(input, idempotencyKey), {
      onSuccess: (data) => {
        keys.clear();
        onSuccess?.(data, { input, idempotencyKey });
      },
      onError: (error) => {
        const outcome = classify(error);
        if (outcome === "refused" && renewAfterRefusal) keys.clear();
        // Field messages come with a definite answer (a 422); an unknown outcome has none to show.
        const applied =
          fields && outcome === "refused"
            ? applyServerErrors(error, fields.setError, {
                knownFields: fields.knownFields,
                fieldMap: fields.fieldMap,
                focus: fields.focus,
              })
            : { applied: [], unmatched: {} };
        onError?.(error, { ...applied, input, idempotencyKey, outcome });
      },
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };

  const submit = (input: TInput, idempotencyKey?: string): boolean => {
    if (inFlight.current) return false;
    inFlight.current = true;
    send(input, idempotencyKey ?? keyFor(input));
    return true;
  };

  const onSubmit = (handleSubmit: HandleSubmit<TInput>) => (event: BaseSyntheticEvent) => {
    // handleSubmit validates asynchronously: without the guard set first, a
    // double click would pass validation twice before the mutation is pending.
    if (inFlight.current) {
      event.preventDefault();
      return;
    }
    inFlight.current = true;
    void handleSubmit(
      (input) => send(input, keyFor(input)),
      () => {
        inFlight.current = false;
      },
    )(event);
  };

  return { submit, onSubmit, keyFor, renew: keys.clear, isPending: mutation.isPending };
}
