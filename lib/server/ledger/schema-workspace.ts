/**
 * Drizzle table definition of the workspace credential vault, re-exported by schema.ts.
 * It mirrors `lib/server/ledger/migrations/0014_workspace_credentials.sql`: the SQL file is the source of
 * truth; change both together (docs/ledger.md, "Adding a migration").
 */
import { sql } from "drizzle-orm";
import { bigserial, customType, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { WORKSPACE_CREDENTIAL_KINDS } from "@/lib/shared/schemas/workspace-credential";
import { timestamptz } from "./schema-columns";

/** bytea as a Buffer (node-postgres gives a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/** A workspace's credentials: the current one per business and kind (replaced_at null) holds the ciphertext; replaced rows keep only who and when. */
export const workspaceCredentials = pgTable(
  "workspace_credentials",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    businessId: text("business_id").notNull(),
    kind: text("kind", { enum: WORKSPACE_CREDENTIAL_KINDS }).notNull(),
    keyId: text("key_id"),
    iv: bytea("iv"),
    ciphertext: bytea("ciphertext"),
    fingerprint: text("fingerprint").notNull(),
    last4: text("last4"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    createdByName: text("created_by_name").notNull(),
    replacedAt: timestamptz("replaced_at"),
    replacedByName: text("replaced_by_name"),
  },
  (t) => [
    uniqueIndex("workspace_credentials_current_unique")
      .on(t.businessId, t.kind)
      .where(sql`replaced_at IS NULL`),
    index("workspace_credentials_history_idx").on(t.businessId, t.kind, t.createdAt.desc(), t.id.desc()),
  ],
);

export type WorkspaceCredentialRow = typeof workspaceCredentials.$inferSelect;
