import { lte } from "drizzle-orm";
import { backgroundPasses } from "./schema";
import type { Ledger } from "./types";

/**
 * Periodic background work done once per interval by whichever instance gets there first (migration 0026): the
 * claim is one statement, so two instances sharing PostgreSQL that ask at the same moment get one yes between them.
 * Times are the claiming server's clock (`serverClock`, injected by tests), not the database's.
 */

/**
 * Claims the pass `name` at `at`: true (and `at` recorded) when it never ran or last started at least `everyMs`
 * before `at`; false when it ran more recently, here or on another instance.
 */
export async function claimBackgroundPass(ledger: Ledger, name: string, at: Date, everyMs: number): Promise<boolean> {
  const rows = await ledger.db
    .insert(backgroundPasses)
    .values({ name, lastStartedAt: at })
    .onConflictDoUpdate({
      target: backgroundPasses.name,
      set: { lastStartedAt: at },
      setWhere: lte(backgroundPasses.lastStartedAt, new Date(at.getTime() - everyMs)),
    })
    .returning({ name: backgroundPasses.name });
  return rows.length > 0;
}
