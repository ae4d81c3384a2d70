import { eq, sql } from "drizzle-orm";
import { bigint, pgView, text } from "drizzle-orm/pg-core";
import type { Ledger } from "./types";

/**
 * Vacuuming the embedded ledger. PGlite runs PostgreSQL as one session with no autovacuum worker (`autovacuum` says
 * on, but nothing ever runs it): every UPDATE and DELETE leaves its old row version behind for good, and no page is
 * ever marked all-visible, so an index-only scan still reads the table. Housekeeping calls this with the thresholds
 * autovacuum uses by default; a PostgreSQL server has its own autovacuum and is left alone (docs/ledger.md).
 */

/** PostgreSQL's cumulative statistics per table (a view of the catalog, not a table of the ledger's schema). */
const tableStats = pgView("pg_stat_user_tables", {
  schema: text("schemaname").notNull(),
  table: text("relname").notNull(),
  live: bigint("n_live_tup", { mode: "number" }).notNull(),
  dead: bigint("n_dead_tup", { mode: "number" }).notNull(),
  insertedSinceVacuum: bigint("n_ins_since_vacuum", { mode: "number" }).notNull(),
  modifiedSinceAnalyze: bigint("n_mod_since_analyze", { mode: "number" }).notNull(),
}).existing();

/** The embedded ledgers this process has vacuumed whole since it opened them (their statistics start empty). */
const vacuumedSinceOpened = new WeakSet<Ledger>();

export interface VacuumSummary {
  /** Tables vacuumed (and analyzed). */
  vacuumed: string[];
  /** Tables only analyzed (their planner statistics refreshed). */
  analyzed: string[];
}

/**
 * Vacuums (with ANALYZE) each table of the embedded ledger whose dead row versions or rows inserted since its last
 * vacuum pass autovacuum's default thresholds (50 + 20 % of its rows; 1,000 + 20 %), and only analyzes one whose
 * changes since its last ANALYZE pass 50 + 10 %. PGlite does not keep those counts across a restart, so the first
 * call on an opened ledger vacuums every table (quick for one already vacuumed: its all-visible pages are skipped).
 * Nothing on PostgreSQL. One table at a time: PGlite runs one statement at a time anyway, and the first vacuum of a
 * ledger holding the 100,000-payout bench register, never vacuumed, took 1.1 s; later ones skip all-visible pages.
 */
export async function vacuumEmbeddedLedger(ledger: Ledger): Promise<VacuumSummary> {
  const summary: VacuumSummary = { vacuumed: [], analyzed: [] };
  if (ledger.driver !== "pglite") return summary;
  const everyTable = !vacuumedSinceOpened.has(ledger);
  // The one session's own counts reach the statistics views at its next flush, which may be a while: now.
  await ledger.db.execute(sql`SELECT pg_stat_force_next_flush()`);
  const tables = await ledger.db
    .select({
      table: tableStats.table,
      vacuum: sql<boolean>`(${tableStats.dead} > 50 + 0.2 * ${tableStats.live}
        OR ${tableStats.insertedSinceVacuum} > 1000 + 0.2 * ${tableStats.live})`,
      analyze: sql<boolean>`${tableStats.modifiedSinceAnalyze} > 50 + 0.1 * ${tableStats.live}`,
    })
    .from(tableStats)
    .where(eq(tableStats.schema, sql`current_schema()`))
    .orderBy(tableStats.table);
  for (const { table, vacuum, analyze } of tables) {
    if (vacuum || everyTable) {
      await ledger.db.execute(sql`VACUUM (ANALYZE) ${sql.identifier(table)}`);
      summary.vacuumed.push(table);
    } else if (analyze) {
      await ledger.db.execute(sql`ANALYZE ${sql.identifier(table)}`);
      summary.analyzed.push(table);
    }
  }
  vacuumedSinceOpened.add(ledger);
  return summary;
}
