import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { isBffRequestError } from "./errors";

export interface ApplyServerErrorsOptions<TFieldValues extends FieldValues> {
  /** Server field path → form field, where they differ (e.g. `{ pix_key: "key" }`). */
  fieldMap?: Partial<Record<string, FieldPath<TFieldValues>>>;
  /**
   * The form's own fields. A server field not listed here (and not in fieldMap)
   * is returned in `unmatched` instead of being set on a field nobody renders.
   * When omitted, every server field is set as-is.
   */
  knownFields?: readonly FieldPath<TFieldValues>[];
  /** Focus the first field that got an error (default true). */
  focus?: boolean;
}

export interface ApplyServerErrorsResult {
  /** Form fields that received an error. */
  applied: string[];
  /** Server field path → message for fields the form does not have: show them in the error panel. */
  unmatched: Record<string, string>;
}

/**
 * Puts a BffRequestError's `fields` (e.g. 422 `validation_error`) onto
 * react-hook-form fields with `setError`, so server-side messages appear next to
 * the inputs. Values the operator typed are left untouched. Messages stay as
 * the server sent them (`validation.*` keys or API text): FormField passes them
 * through `t()`.
 *
 *   onError: (error) => {
 *     const { applied } = applyServerErrors(error, form.setError);
 *     if (applied.length === 0) setPanelError(error);
 *   }
 */
export function applyServerErrors<TFieldValues extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<TFieldValues>,
  options: ApplyServerErrorsOptions<TFieldValues> = {},
): ApplyServerErrorsResult {
  const result: ApplyServerErrorsResult = { applied: [], unmatched: {} };
  if (!isBffRequestError(error)) return result;
  const known = options.knownFields ? new Set<string>(options.knownFields) : null;
  let shouldFocus = options.focus ?? true;
  for (const [serverPath, message] of Object.entries(error.fields)) {
    const mapped = options.fieldMap?.[serverPath];
    const target = mapped ?? (known === null || known.has(serverPath) ? serverPath : undefined);
    if (target === undefined || target === "") {
      result.unmatched[serverPath] = message;
      continue;
    }
    setError(target as FieldPath<TFieldValues>, { type: "server", message }, { shouldFocus });
    shouldFocus = false;
    result.applied.push(target);
  }
  return result;
}
