/** A database of its own for one soak test, on the run's PostgreSQL server (see global-setup.ts). */
import pg from "pg";
import { inject } from "vitest";

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject("postgresUrl") });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function freshDatabase(name: string): Promise<TestDatabase> {
  const database = `pixops_soak_${name}_${process.pid}_${Date.now().toString(36)}`;
  await onServer(`CREATE DATABASE ${database}`);
  const url = new URL(inject("postgresUrl"));
  url.pathname = `/${database}`;
  return { url: url.toString(), drop: () => onServer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`) };
}
