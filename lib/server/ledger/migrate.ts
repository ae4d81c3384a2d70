/**
 * A small migrator for the ledger: numbered plain-SQL files in
 * `lib/server/ledger/migrations/` (`0001_init.sql`, `0002_….sql`, …) applied in order,
 * each recorded in `ledger_migrations` with a checksum.
 *
 * The whole run is one transaction that first takes
 * `pg_advisory_xact_lock(LEDGER_MIGRATION_LOCK_ID)`, so several dashboard
 * instances starting together against one PostgreSQL apply each file exactly
 * once: the others wait for the lock, then find nothing left to do. The same
 * code runs on PGlite, where the lock is trivially uncontended.
 */
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { asc, sql } from "drizzle-orm";
import { ledgerSettings } from "@/lib/server/config";
import type { LedgerDatabase } from "./types";
import { ledgerMigrations } from "./schema";

/** Arbitrary constant shared by every instance; identifies "the ledger migrator" lock. */
export const LEDGER_MIGRATION_LOCK_ID = 724_011_505_311;

export interface LedgerMigration {
  version: number;
  name: string;
  checksum: string;
  statements: string[];
}

export interface MigrationResult {
  /** Versions applied by this run (empty when the database was already up to date). */
  applied: number[];
}

const FILE_NAME = /^(\d{4})_([a-z0-9_]+)\.sql$/;

/** Where the SQL files are read from: `LEDGER_MIGRATIONS_DIR`, else `<cwd>/lib/server/ledger/migrations`. */
export function defaultMigrationsDir(): string {
  // Read at run time from the app's folder; the ignore hint keeps the bundler from tracing the whole project.
  return (
    ledgerSettings().migrationsDir ??
    path.join(/*turbopackIgnore: true*/ process.cwd(), "lib", "server", "ledger", "migrations")
  );
}

/** Reads and orders the migration files; rejects badly named or duplicate versions. */
export async function loadMigrations(dir: string = defaultMigrationsDir()): Promise<LedgerMigration[]> {
  const files = (await readdir(/*turbopackIgnore: true*/ dir)).filter((f) => f.endsWith(".sql")).sort();
  const seen = new Set<number>();
  const migrations: LedgerMigration[] = [];
  for (const file of files) {
    const match = FILE_NAME.exec(file);
    if (!match?.[1] || !match[2]) throw new Error(`ledger: migration file name must look like 0001_name.sql: ${file}`);
    const version = Number(match[1]);
    if (seen.has(version)) throw new Error(`ledger: duplicate migration version ${version}`);
    seen.add(version);
    const text = await readFile(path.join(/*turbopackIgnore: true*/ dir, file), "utf8");
    migrations.push({
      version,
      name: match[2],
      checksum: createHash("sha256").update(text).digest("hex"),
      statements: splitSqlStatements(text),
    });
  }
  return migrations;
}

/**
 * Applies every migration not yet recorded. Safe to call any number of times and
 * from several processes at once. Throws if an already-applied file was edited.
 */
export async function runMigrations(
  db: LedgerDatabase,
  migrations: readonly LedgerMigration[],
): Promise<MigrationResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LEDGER_MIGRATION_LOCK_ID})`);
    await tx.execute(
      sql.raw(`CREATE TABLE IF NOT EXISTS ledger_migrations (
        version     integer     PRIMARY KEY,
        name        text        NOT NULL,
        checksum    text        NOT NULL,
        applied_at  timestamptz NOT NULL DEFAULT now()
      )`),
    );
    const done = await tx.select().from(ledgerMigrations).orderBy(asc(ledgerMigrations.version));
    const doneByVersion = new Map(done.map((m) => [m.version, m]));
    const applied: number[] = [];
    for (const migration of migrations) {
      const previous = doneByVersion.get(migration.version);
      if (previous) {
        if (previous.checksum !== migration.checksum) {
          throw new Error(
            `ledger: migration ${migration.version}_${migration.name} changed after it was applied; add a new migration instead`,
          );
        }
        continue;
      }
      for (const statement of migration.statements) await tx.execute(sql.raw(statement));
      await tx
        .insert(ledgerMigrations)
        .values({ version: migration.version, name: migration.name, checksum: migration.checksum });
      applied.push(migration.version);
    }
    return { applied };
  });
}

/** Loads the files from `dir` (default: see defaultMigrationsDir) and applies them. */
export async function migrateLedger(db: LedgerDatabase, dir?: string): Promise<MigrationResult> {
  return runMigrations(db, await loadMigrations(dir));
}

/**
 * Splits a SQL script into single statements on top-level `;`, skipping those
 * inside quotes, quoted identifiers, dollar-quoted bodies and comments. Needed
 * because PGlite's parameterised query path takes one statement at a time.
 * Statements consisting only of comments are dropped.
 */
export function splitSqlStatements(script: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  let hasCode = false;
  const push = (end: number) => {
    const text = script.slice(start, end).trim();
    if (hasCode && text) statements.push(text);
    start = end + 1;
    hasCode = false;
  };
  while (i < script.length) {
    const ch = script[i];
    const next = script[i + 1];
    if (ch === "-" && next === "-") {
      const eol = script.indexOf("\n", i);
      i = eol === -1 ? script.length : eol + 1;
    } else if (ch === "/" && next === "*") {
      const close = script.indexOf("*/", i + 2);
      i = close === -1 ? script.length : close + 2;
    } else if (ch === "'" || ch === '"') {
      hasCode = true;
      i = skipQuoted(script, i, ch);
    } else if (ch === "$") {
      hasCode = true;
      const tag = /^\$[A-Za-z_]*\$/.exec(script.slice(i))?.[0];
      if (tag) {
        const close = script.indexOf(tag, i + tag.length);
        i = close === -1 ? script.length : close + tag.length;
      } else {
        i += 1;
      }
    } else if (ch === ";") {
      push(i);
      i += 1;
    } else {
      if (ch !== undefined && !/\s/.test(ch)) hasCode = true;
      i += 1;
    }
  }
  push(script.length);
  return statements;
}

/** Index just past the closing quote (a doubled quote is an escaped one). */
function skipQuoted(script: string, open: number, quote: string): number {
  let i = open + 1;
  while (i < script.length) {
    if (script[i] === quote) {
      if (script[i + 1] === quote) i += 2;
      else return i + 1;
    } else {
      i += 1;
    }
  }
  return script.length;
}
