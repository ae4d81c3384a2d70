/**
 * `node --conditions=react-server --import tsx bench/seed-ledger.ts <ledger dir | postgres://…> <business id> <count>
 * <days>`: opens the ledger the way the app does (its migrations applied; a PGlite folder's lock taken), fills the
 * register (bench/lib/seed-register.ts) and closes it cleanly, before the app starts on it. Run as a child
 * process with the react-server condition, under which the server modules' `server-only` marker loads.
 */
import { sql } from "drizzle-orm";
import { createLedger } from "../lib/server/ledger";
import { seedRegisterSql } from "./lib/seed-register";

async function main(): Promise<void> {
  const [where, businessId, count, days] = process.argv.slice(2);
  if (!where || !businessId || !count || !days)
    throw new Error("usage: seed-ledger.ts <dir|url> <business> <count> <days>");
  const ledger = await createLedger(where.startsWith("postgres") ? { databaseUrl: where } : { dataDir: where });
  try {
    const statements = seedRegisterSql({ businessId, count: Number(count), now: new Date(), days: Number(days) });
    for (const statement of statements) await ledger.db.execute(sql.raw(statement));
    // What autovacuum would do to freshly filled tables within a minute (the register and the hourly summary its
    // triggers filled): the visibility map an index-only scan needs. PGlite has no autovacuum; the app's
    // housekeeping vacuums it when it starts (docs/ledger.md).
    if (ledger.driver === "postgres") await ledger.db.execute(sql.raw("VACUUM ANALYZE payouts, payout_hours"));
  } finally {
    await ledger.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
