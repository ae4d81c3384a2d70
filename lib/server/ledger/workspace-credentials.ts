/**
 * The workspace credentials' rows (migration 0014): what the vault encrypted,
 * with who stored it and when. The ledger never sees a credential in clear:
 * lib/server/security/credential-vault/ encrypts before and decrypts after.
 */
import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import type { WorkspaceCredentialKind } from "@/lib/shared/schemas/workspace-credential";
import { normaliseBusinessId } from "@/lib/shared/schemas/business-id";
import { inTransaction } from "./db";
import { workspaceCredentials } from "./schema";
import type { Ledger } from "./types";

/** What the vault made of a credential: the key that encrypted it, the nonce, and the ciphertext with its tag. */
export interface EncryptedCredential {
  keyId: string;
  iv: Buffer;
  ciphertext: Buffer;
}

export interface WorkspaceCredentialWrite {
  businessId: string;
  kind: WorkspaceCredentialKind;
  encrypted: EncryptedCredential;
  fingerprint: string;
  last4: string | null;
  /** Who stores it (a person's name, for now). */
  byName: string;
}

/** The current credential of a business and kind. */
export interface StoredWorkspaceCredential {
  id: number;
  businessId: string;
  kind: WorkspaceCredentialKind;
  encrypted: EncryptedCredential;
  fingerprint: string;
  last4: string | null;
  createdAt: Date;
  createdByName: string;
}

/** A row of a business's credential history: never the secret, current or not. */
export interface WorkspaceCredentialHistoryEntry {
  kind: WorkspaceCredentialKind;
  fingerprint: string;
  last4: string | null;
  createdAt: Date;
  createdByName: string;
  replacedAt: Date | null;
  replacedByName: string | null;
}

/** Two concurrent replacements of one business's credential of one kind take turns (the second replaces the first). */
const REPLACE_LOCK_NAMESPACE = 0x70780014;

type Row = typeof workspaceCredentials.$inferSelect;

function toStored(row: Row): StoredWorkspaceCredential {
  if (row.keyId === null || row.iv === null || row.ciphertext === null) {
    throw new Error("ledger: a current workspace credential has no ciphertext"); // the table's check forbids it
  }
  return {
    id: row.id,
    businessId: row.businessId,
    kind: row.kind,
    encrypted: { keyId: row.keyId, iv: row.iv, ciphertext: row.ciphertext },
    fingerprint: row.fingerprint,
    last4: row.last4,
    createdAt: row.createdAt,
    createdByName: row.createdByName,
  };
}

const current = (businessId: string, kind: WorkspaceCredentialKind) =>
  and(
    eq(workspaceCredentials.businessId, normaliseBusinessId(businessId)),
    eq(workspaceCredentials.kind, kind),
    isNull(workspaceCredentials.replacedAt),
  );

/**
 * Stores a business's credential of one kind, replacing the current one in the
 * same transaction: the old row keeps who and when, and loses its ciphertext.
 */
export async function storeWorkspaceCredential(
  ledger: Ledger,
  write: WorkspaceCredentialWrite,
): Promise<StoredWorkspaceCredential> {
  const businessId = normaliseBusinessId(write.businessId);
  return inTransaction(ledger, async (tx) => {
    await tx.db.execute(
      sql`SELECT pg_advisory_xact_lock(${REPLACE_LOCK_NAMESPACE}, hashtext(${`${businessId}:${write.kind}`}))`,
    );
    await tx.db
      .update(workspaceCredentials)
      .set({ replacedAt: sql`now()`, replacedByName: write.byName, keyId: null, iv: null, ciphertext: null })
      .where(current(businessId, write.kind));
    const [row] = await tx.db
      .insert(workspaceCredentials)
      .values({
        businessId,
        kind: write.kind,
        keyId: write.encrypted.keyId,
        iv: write.encrypted.iv,
        ciphertext: write.encrypted.ciphertext,
        fingerprint: write.fingerprint,
        last4: write.last4,
        createdByName: write.byName,
      })
      .returning();
    if (!row) throw new Error("ledger: the workspace credential was not inserted");
    return toStored(row);
  });
}

/** The current credential of a business and kind, or null. */
export async function getWorkspaceCredential(
  ledger: Ledger,
  businessId: string,
  kind: WorkspaceCredentialKind,
): Promise<StoredWorkspaceCredential | null> {
  const [row] = await ledger.db.select().from(workspaceCredentials).where(current(businessId, kind)).limit(1);
  return row ? toStored(row) : null;
}

/** Who stored which credential of a business, newest first (no ciphertext). */
export async function listWorkspaceCredentialHistory(
  ledger: Ledger,
  businessId: string,
): Promise<WorkspaceCredentialHistoryEntry[]> {
  return ledger.db
    .select({
      kind: workspaceCredentials.kind,
      fingerprint: workspaceCredentials.fingerprint,
      last4: workspaceCredentials.last4,
      createdAt: workspaceCredentials.createdAt,
      createdByName: workspaceCredentials.createdByName,
      replacedAt: workspaceCredentials.replacedAt,
      replacedByName: workspaceCredentials.replacedByName,
    })
    .from(workspaceCredentials)
    .where(eq(workspaceCredentials.businessId, normaliseBusinessId(businessId)))
    .orderBy(desc(workspaceCredentials.createdAt), desc(workspaceCredentials.id));
}

/** The businesses that have a current stored credential of `kind`, in id order (what background work reads with). */
export async function listBusinessesWithCredential(ledger: Ledger, kind: WorkspaceCredentialKind): Promise<string[]> {
  const rows = await ledger.db
    .selectDistinct({ businessId: workspaceCredentials.businessId })
    .from(workspaceCredentials)
    .where(and(eq(workspaceCredentials.kind, kind), isNull(workspaceCredentials.replacedAt)))
    .orderBy(workspaceCredentials.businessId);
  return rows.map((row) => row.businessId);
}

/** Current credentials encrypted under another key than `keyId` (the newest): what re-encryption has left to move. */
export async function listWorkspaceCredentialsNotUnder(
  ledger: Ledger,
  keyId: string,
): Promise<StoredWorkspaceCredential[]> {
  const rows = await ledger.db
    .select()
    .from(workspaceCredentials)
    .where(and(isNull(workspaceCredentials.replacedAt), ne(workspaceCredentials.keyId, keyId)))
    .orderBy(workspaceCredentials.id);
  return rows.map(toStored);
}

/**
 * Puts a re-encryption of row `id` in place, only if the row is still current
 * and still under `fromKeyId` (a replacement or another instance's
 * re-encryption in between wins). True when this one was written.
 */
export async function replaceWorkspaceCredentialCiphertext(
  ledger: Ledger,
  id: number,
  fromKeyId: string,
  encrypted: EncryptedCredential,
): Promise<boolean> {
  const updated = await ledger.db
    .update(workspaceCredentials)
    .set({ keyId: encrypted.keyId, iv: encrypted.iv, ciphertext: encrypted.ciphertext })
    .where(
      and(
        eq(workspaceCredentials.id, id),
        eq(workspaceCredentials.keyId, fromKeyId),
        isNull(workspaceCredentials.replacedAt),
      ),
    )
    .returning({ id: workspaceCredentials.id });
  return updated.length === 1;
}
