import "server-only";
import { PgPreparedQuery } from "drizzle-orm/pg-core";
import { scrubErrorMessage } from "@/lib/server/log";

/**
 * What a failed ledger query throws upward, on either driver. drizzle's own
 * error carries the query's parameters (full Pix keys, credential seals,
 * documents, e-mails) in its message and its `params`, and the driver's error
 * under it carries row values in `detail` ("Failing row contains (…)", "Key
 * (…)=(…)"). None of that leaves the ledger: this error keeps only the
 * SQLSTATE code, the constraint and table names, which statement failed and
 * the database's message with quoted values cut out. It has no `cause`.
 */
export class LedgerQueryError extends Error {
  override readonly name = "LedgerQueryError";
  /** SQLSTATE (e.g. 23505) or the driver's code (ECONNREFUSED); null when there is none. */
  readonly code: string | null;
  readonly constraint: string | null;
  readonly table: string | null;

  constructor(init: { message: string; code: string | null; constraint: string | null; table: string | null }) {
    super(init.message);
    this.code = init.code;
    this.constraint = init.constraint;
    this.table = init.table;
  }
}

const stringOrNull = (value: unknown): string | null =>
  typeof value === "string" || typeof value === "number" ? String(value) : null;

/** "insert into \"payouts\"", "select … from \"audit_log\"": which statement, never its values. */
function statementSummary(query: string): string {
  const verb =
    /^\s*(select|insert|update|delete|with|begin|commit|rollback|savepoint|release|set|create|alter|drop)\b/i
      .exec(query)?.[1]
      ?.toLowerCase() ?? "query";
  const table = /\b(?:into|from|update|table)\s+("[\w.]+"|[\w.]+)/i.exec(query)?.[1];
  return table ? `${verb} ${table}` : verb;
}

/** Reduces any error of a ledger query to a LedgerQueryError (idempotent). */
export function toLedgerQueryError(error: unknown): LedgerQueryError {
  if (error instanceof LedgerQueryError) return error;
  // drizzle's DrizzleQueryError (matched by shape: a bundler may hold more than one copy of its class).
  const wrapper = error as { query?: unknown; params?: unknown; cause?: unknown } | null;
  const wrapped = typeof wrapper?.query === "string" && Array.isArray(wrapper.params);
  const driverError: unknown = wrapped ? wrapper?.cause : error;
  const statement = wrapped && typeof wrapper?.query === "string" ? statementSummary(wrapper.query) : "query";
  const fields = (driverError ?? {}) as { code?: unknown; constraint?: unknown; table?: unknown };
  const driverMessage = driverError instanceof Error ? driverError.message : "no error message";
  return new LedgerQueryError({
    message: `The ledger's ${statement} failed: ${scrubErrorMessage(driverMessage)}`,
    code: stringOrNull(fields.code),
    constraint: stringOrNull(fields.constraint),
    table: stringOrNull(fields.table),
  });
}

type QueryWithCache = (
  this: unknown,
  queryString: string,
  params: unknown[],
  query: () => Promise<unknown>,
) => Promise<unknown>;
const GUARD: unique symbol = Symbol.for("pix-ops-dashboard.ledger.query-error-guard");
interface GuardedPrototype {
  queryWithCache: QueryWithCache;
  [GUARD]?: true;
}

/**
 * Every query of both drivers runs through drizzle's `PgPreparedQuery
 * .queryWithCache`, which wraps a failure in an error carrying the parameters.
 * This puts LedgerQueryError in its place, once per process, so no caller —
 * a route handler, a page, the reconciler, Next.js's own error log — ever
 * holds the parameters. tests/ledger/errors.test.ts pins it on both drivers
 * (a drizzle upgrade that renames the method fails there).
 */
export function guardLedgerQueryErrors(): void {
  const proto = PgPreparedQuery.prototype as unknown as GuardedPrototype;
  if (proto[GUARD]) return;
  const original = proto.queryWithCache;
  if (typeof original !== "function")
    throw new Error("drizzle-orm changed: PgPreparedQuery.queryWithCache is gone (see lib/server/ledger/errors.ts)");
  proto.queryWithCache = async function guardedQueryWithCache(this: unknown, queryString, params, query) {
    try {
      return await original.call(this, queryString, params, query);
    } catch (error) {
      throw toLedgerQueryError(error);
    }
  };
  proto[GUARD] = true;
}
