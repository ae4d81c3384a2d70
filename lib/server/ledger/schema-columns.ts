/** Column helpers shared by the ledger's table definitions (schema.ts, schema-batches.ts). */
import { bigint, timestamp } from "drizzle-orm/pg-core";

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
/** Integer centavos (bigint in the database, a safe integer in JavaScript). */
export const centavos = (name: string) => bigint(name, { mode: "number" });
