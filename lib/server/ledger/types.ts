import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

/**
 * The drizzle database every ledger function takes. Both drivers
 * (`drizzle-orm/pglite` and `drizzle-orm/node-postgres`) produce a subclass of
 * this, so queries are written once and stay fully typed. Only the raw result
 * of `db.execute()` differs between drivers; ledger code does not rely on it.
 */
export type LedgerDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

export type LedgerDriver = "pglite" | "postgres";

export interface Ledger {
  db: LedgerDatabase;
  driver: LedgerDriver;
  /** Ends the pool / shuts PGlite down (flushing a file-backed store). */
  close(): Promise<void>;
}

/** Who performed an operation, as shown in the dashboard. */
export interface Actor {
  name: string;
  role: string;
  /** The acting person (the audit log records them); absent or null for the server's own background work. */
  memberId?: string | null;
  email?: string | null;
}

/** One page of a newest-first listing. Pass `nextCursor` back as `cursor` for the next page. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
