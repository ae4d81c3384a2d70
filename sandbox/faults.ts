/** Fault rules: validation and matching (with `rate` and `count`). */
import { FAULT_KINDS, type FaultKind, type FaultRule } from "./types";

export type FaultCheck = { ok: true; rule: FaultRule } | { ok: false; errors: Record<string, string> };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Validates one rule as received over HTTP or from SANDBOX_FAULTS. */
export function checkFaultRule(value: unknown): FaultCheck {
  if (!isRecord(value)) return { ok: false, errors: { rule: "must be an object" } };
  const errors: Record<string, string> = {};
  const kind = value.kind;
  if (typeof kind !== "string" || !(FAULT_KINDS as readonly string[]).includes(kind))
    errors.kind = `must be one of ${FAULT_KINDS.join(", ")}`;
  const rule: FaultRule = { kind: kind as FaultKind };
  if (value.method !== undefined) {
    if (typeof value.method !== "string" || value.method === "") errors.method = "must be an HTTP method";
    else rule.method = value.method.toUpperCase();
  }
  if (value.path !== undefined) {
    if (typeof value.path !== "string" || !value.path.startsWith("/")) errors.path = "must be a path starting with /";
    else rule.path = value.path;
  }
  if (value.rate !== undefined) {
    if (typeof value.rate !== "number" || !(value.rate >= 0 && value.rate <= 1))
      errors.rate = "must be a number from 0 to 1";
    else rule.rate = value.rate;
  }
  if (value.count !== undefined) {
    if (typeof value.count !== "number" || !Number.isInteger(value.count) || value.count < 1)
      errors.count = "must be a positive integer";
    else rule.count = value.count;
  }
  if (value.ms !== undefined) {
    if (typeof value.ms !== "number" || !Number.isFinite(value.ms) || value.ms < 0)
      errors.ms = "must be a non-negative number of milliseconds";
    else rule.ms = value.ms;
  }
  if (value.retry_after !== undefined) {
    if (typeof value.retry_after !== "number" || !Number.isInteger(value.retry_after) || value.retry_after < 0)
      errors.retry_after = "must be a non-negative integer of seconds";
    else rule.retry_after = value.retry_after;
  }
  if (value.when !== undefined) {
    if (value.when !== "replay" && value.when !== "first") errors.when = 'must be "replay" or "first"';
    else rule.when = value.when;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, rule };
}

export function parseFaultList(
  value: unknown,
): { ok: true; rules: FaultRule[] } | { ok: false; errors: Record<string, string> } {
  if (!Array.isArray(value)) return { ok: false, errors: { rules: "must be an array of fault rules" } };
  const rules: FaultRule[] = [];
  for (const [i, item] of value.entries()) {
    const check = checkFaultRule(item);
    if (!check.ok) {
      const errors: Record<string, string> = {};
      for (const [k, v] of Object.entries(check.errors)) errors[`${i}.${k}`] = v;
      return { ok: false, errors };
    }
    rules.push(check.rule);
  }
  return { ok: true, rules };
}

/** What the faults decided for one request. */
export interface FaultDecision {
  /** Sum of the delays of the latency rules that fired. */
  delayMs: number;
  /** The first non-latency rule that fired, if any. */
  outcome: FaultRule | null;
}

export class FaultSet {
  private rules: FaultRule[] = [];

  constructor(initial: FaultRule[] = []) {
    this.replace(initial);
  }

  list(): FaultRule[] {
    return this.rules.map((r) => ({ ...r }));
  }

  replace(rules: FaultRule[]): void {
    this.rules = rules.map((r) => ({ ...r }));
  }

  add(rule: FaultRule): void {
    this.rules.push({ ...rule });
  }

  clear(): void {
    this.rules = [];
  }

  /**
   * Evaluates every rule for a /v1 request; fired rules lose one `count` (removed at 0).
   * `replay`: whether the request's idempotency key already has a stored result.
   */
  decide(method: string, pathname: string, random: () => number = Math.random, replay = false): FaultDecision {
    const decision: FaultDecision = { delayMs: 0, outcome: null };
    if (this.rules.length === 0) return decision;
    const spent: FaultRule[] = [];
    for (const rule of this.rules) {
      if (rule.method !== undefined && rule.method !== method) continue;
      if (rule.path !== undefined && !pathname.startsWith(rule.path)) continue;
      if (rule.when !== undefined && (rule.when === "replay") !== replay) continue;
      if (rule.kind !== "latency" && decision.outcome !== null) continue;
      const rate = rule.rate ?? 1;
      if (rate < 1 && random() >= rate) continue;
      if (rule.kind === "latency") decision.delayMs += rule.ms ?? 0;
      else decision.outcome = rule;
      if (rule.count !== undefined) {
        rule.count -= 1;
        if (rule.count <= 0) spent.push(rule);
      }
    }
    if (spent.length > 0) this.rules = this.rules.filter((r) => !spent.includes(r));
    return decision;
  }
}
