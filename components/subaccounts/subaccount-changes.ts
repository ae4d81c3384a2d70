import { z } from "zod/mini";
import { formatDocument } from "@/lib/shared/format/text";
import { updateSubaccountBodySchema, type UpdateSubaccountBody } from "@/lib/shared/schemas/subaccount";
import type { KnownSubaccount } from "@/lib/shared/schemas/known-subaccount";

/** The fields the edit form can change, in the order they are shown. */
export const EDITABLE_FIELDS = ["name", "email", "document", "daily_limit_centavos", "monthly_limit_centavos"] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];
export const MONEY_FIELDS: ReadonlySet<string> = new Set<EditableField>([
  "daily_limit_centavos",
  "monthly_limit_centavos",
]);

/** What the form holds: text as typed (document masked) and limits as integer centavos. */
export interface SubaccountEditValues {
  name: string;
  email: string;
  document: string;
  daily_limit_centavos?: number | undefined;
  monthly_limit_centavos?: number | undefined;
}

/** The state the form compares against: the known subaccount, or nothing when the dashboard has never seen it. */
export type SubaccountBaseline = Pick<KnownSubaccount, EditableField> | null;

/** Form values for a subaccount: its current state, or empty fields when it is unknown. */
export function initialEditValues(current: SubaccountBaseline): SubaccountEditValues {
  return {
    name: current?.name ?? "",
    email: current?.email ?? "",
    document: current?.document ? formatDocument(current.document) : "",
    daily_limit_centavos: current?.daily_limit_centavos ?? undefined,
    monthly_limit_centavos: current?.monthly_limit_centavos ?? undefined,
  };
}

const fieldSchemas = updateSubaccountBodySchema.shape;

/**
 * The fields worth sending: blank fields are left as they are (the API cannot
 * clear them), and a field whose normalised value (trimmed, e-mail lower-cased,
 * document unmasked, as the shared schema makes it) equals the current one is
 * not a change. Values that do not parse are kept, so validation reports them.
 */
export function pendingChanges(
  values: SubaccountEditValues,
  current: SubaccountBaseline,
): Partial<Record<EditableField, string | number>> {
  const changes: Partial<Record<EditableField, string | number>> = {};
  for (const field of ["name", "email", "document"] as const) {
    const raw = values[field];
    if (raw.trim() === "") continue;
    const parsed = fieldSchemas[field].safeParse(raw);
    if (parsed.success && current && parsed.data === current[field]) continue;
    changes[field] = raw;
  }
  for (const field of ["daily_limit_centavos", "monthly_limit_centavos"] as const) {
    const value = values[field];
    if (value === undefined) continue;
    if (current && value === current[field]) continue;
    changes[field] = value;
  }
  return changes;
}

/**
 * The edit form's schema: form values → only the changed fields → the shared
 * `updateSubaccountBodySchema` (the one the BFF validates with), plus the
 * monthly ≥ daily rule against the limit that is not being changed.
 */
export function subaccountEditSchema(current: SubaccountBaseline) {
  const formValues = z.object({
    name: z.string(),
    email: z.string(),
    document: z.string(),
    daily_limit_centavos: z.optional(z.number()),
    monthly_limit_centavos: z.optional(z.number()),
  });
  return z
    .pipe(
      z.pipe(
        formValues,
        z.transform((values: SubaccountEditValues) => pendingChanges(values, current)),
      ),
      updateSubaccountBodySchema,
    )
    .check(
      z.superRefine((body, ctx) => {
        const bothSent = body.daily_limit_centavos !== undefined && body.monthly_limit_centavos !== undefined;
        if (bothSent) return; // the shared schema already compares them
        const daily = body.daily_limit_centavos ?? current?.daily_limit_centavos ?? undefined;
        const monthly = body.monthly_limit_centavos ?? current?.monthly_limit_centavos ?? undefined;
        if (daily !== undefined && monthly !== undefined && monthly < daily) {
          ctx.addIssue({
            code: "custom",
            path: [body.monthly_limit_centavos !== undefined ? "monthly_limit_centavos" : "daily_limit_centavos"],
            message: "validation.monthlyBelowDaily",
          });
        }
      }),
    );
}

/** One line of the "current → new" confirmation and of the history. */
export interface FieldChange {
  field: EditableField | "is_blocked";
  before: unknown;
  after: unknown;
}

/** The body's fields next to their current values, in form order. */
export function describeChanges(body: UpdateSubaccountBody, current: SubaccountBaseline): FieldChange[] {
  return EDITABLE_FIELDS.filter((field) => body[field] !== undefined).map((field) => ({
    field,
    before: current ? current[field] : undefined,
    after: body[field],
  }));
}

/** Same body, same JSON: to tell a retry of an edit from a different edit. */
export function bodyFingerprint(body: UpdateSubaccountBody): string {
  return JSON.stringify(EDITABLE_FIELDS.map((field) => [field, body[field] ?? null]));
}

const AUDIT_FIELDS = [...EDITABLE_FIELDS, "is_blocked"] as const;

function asRecord(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/**
 * Before → after per field of an audit entry. A field is listed when the
 * entry's `after` has it and it differs from `before` (or `before` is missing,
 * e.g. the first change of a subaccount the dashboard did not know). Fields the
 * dashboard does not know are listed after the known ones, as they came.
 */
export function auditFieldChanges(
  before: unknown,
  after: unknown,
): Array<{ field: string; before: unknown; after: unknown }> {
  const b = asRecord(before);
  const a = asRecord(after);
  if (!a) return [];
  const known: readonly string[] = AUDIT_FIELDS;
  const fields = [...known.filter((f) => f in a), ...Object.keys(a).filter((f) => !known.includes(f))];
  return fields
    .filter((field) => !b || !(field in b) || JSON.stringify(b[field]) !== JSON.stringify(a[field]))
    .map((field) => ({ field, before: b && field in b ? b[field] : undefined, after: a[field] }));
}
