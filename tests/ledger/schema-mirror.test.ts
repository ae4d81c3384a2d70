/**
 * schema.ts (and the files it re-exports) mirror the SQL migrations: every table drizzle knows exists with the
 * same columns, types, nullability and presence of a default, and the migrations create no column drizzle lacks.
 */
import { is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "@/lib/server/ledger/schema";
import { drivers, useLedger } from "./helpers";

interface ColumnShape {
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}

const drizzleTables: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
  is(value, PgTable),
);

function drizzleShape(table: PgTable): Record<string, ColumnShape> {
  const { columns } = getTableConfig(table);
  return Object.fromEntries(
    columns.map((c) => [
      c.name,
      {
        type: c
          .getSQLType()
          .replace("timestamp with time zone", "timestamptz")
          .replace(/^(big)?serial$/, "$1int"),
        nullable: !c.notNull,
        hasDefault: c.hasDefault || c.columnType === "PgBigSerial53" || c.columnType === "PgBigSerial64",
      },
    ]),
  );
}

const SQL_TYPES: Record<string, string> = {
  "timestamp with time zone": "timestamptz",
  integer: "integer",
  bigint: "bigint",
};

describe.each(drivers)("schema.ts mirrors the migrations (%s)", (driver) => {
  const ledger = useLedger(driver);

  it("every drizzle table has exactly the database's columns", async () => {
    const result = await ledger().db.execute(sql`
      SELECT table_name, column_name, data_type, is_nullable, column_default
      FROM information_schema.columns WHERE table_schema = current_schema()`);
    const rows = (
      result as unknown as {
        rows: {
          table_name: string;
          column_name: string;
          data_type: string;
          is_nullable: string;
          column_default: string | null;
        }[];
      }
    ).rows;
    expect(drizzleTables.map((t) => getTableConfig(t).name)).toEqual(
      expect.arrayContaining(["payouts", "members", "memberships", "invitations", "setup_tokens"]),
    );
    for (const table of drizzleTables) {
      const name = getTableConfig(table).name;
      const database = Object.fromEntries(
        rows
          .filter((r) => r.table_name === name)
          .map((r) => [
            r.column_name,
            {
              type: SQL_TYPES[r.data_type] ?? r.data_type,
              nullable: r.is_nullable === "YES",
              hasDefault: r.column_default !== null,
            },
          ]),
      );
      expect(database, name).toEqual(drizzleShape(table));
    }
  });
});
