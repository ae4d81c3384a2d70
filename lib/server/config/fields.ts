/** Building blocks of the configuration schemas: every message names its variable and never echoes the value. */
import { z } from "zod";
import type { Env } from "./environment";
import { ConfigError } from "./errors";

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** An optional trimmed text; blank counts as unset. */
export const text = () => z.preprocess(blankToUndefined, z.string().trim().optional());

/** A whole number within [min, max]; blank or unset gives `fallback` (undefined: stays unset). */
export function wholeNumber(name: string, min: number, max: number): z.ZodType<number | undefined>;
export function wholeNumber(name: string, min: number, max: number, fallback: number): z.ZodType<number>;
export function wholeNumber(name: string, min: number, max: number, fallback?: number): z.ZodType<number | undefined> {
  const range = `a whole number from ${min} to ${max}`;
  const number = z.coerce
    .number({ error: `${name} must be ${range}` })
    .refine((n) => Number.isInteger(n) && n >= min && n <= max, { error: `${name} must be ${range}` });
  return z.preprocess(blankToUndefined, fallback === undefined ? number.optional() : number.default(fallback));
}

/** "1" on, "0" or unset off; nothing else, so no other spelling means "on" in one place and "off" in another. */
export const flag = (name: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "" || value === "0") return false;
      if (value === "1") return true;
      ctx.addIssue({ code: "custom", message: `${name} must be 1 to enable it, or 0 (or unset) to leave it off` });
      return z.NEVER;
    });

/** The schema's variables, picked from `env` (and nothing else, so unknown variables never reach a message). */
export function parseSection<T extends z.ZodRawShape>(
  shape: T,
  env: Env,
  ErrorClass: new (message: string) => ConfigError = ConfigError,
): z.infer<z.ZodObject<T>> {
  const picked = Object.fromEntries(Object.keys(shape).map((name) => [name, env[name]]));
  const parsed = z.object(shape).safeParse(picked);
  if (parsed.success) return parsed.data;
  const messages = parsed.error.issues.map((issue) => {
    const name = issue.path.join(".");
    return name && !issue.message.startsWith(name) ? `${name}: ${issue.message}` : issue.message;
  });
  throw new ErrorClass(messages.join("; "));
}
