/**
 * The workspace credentials' table (migration 0014) and the vault over it: one
 * current credential per business and kind, replaced in one transaction, the
 * replaced ones kept as history without their ciphertext, re-encryption to the
 * newest key, and never the credential in clear in any column.
 */
import { eq, sql } from "drizzle-orm";
import { getTableConfig } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import {
  createMember,
  enableTotp,
  findMemberById,
  getWorkspaceCredential,
  inTransaction,
  setPendingTotp,
  listWorkspaceCredentialHistory,
  replaceWorkspaceCredentialCiphertext,
  type Ledger,
} from "@/lib/server/ledger";
import { workspaceCredentials } from "@/lib/server/ledger/schema";
import {
  CredentialVaultError,
  decryptMemberSecret,
  encryptCredential,
  encryptMemberSecret,
  keyRingOf,
  moveCredentialsToNewestKey,
  readCredentialFromVault,
  storeCredentialInVault,
  WorkspaceSecret,
} from "@/lib/server/security/credential-vault";
import { TotpSecret } from "@/lib/server/accounts/totp-secret";
import { captureLogs } from "../helpers/logs";
import { drivers, useLedger } from "./helpers";

const ACME_ID = "7f1c2b9e-4d2a-4c5e-9b1a-0a1b2c3d4e5f";
const BETA_ID = "2d9e8f7a-6b5c-4d3e-8f1a-9b8c7d6e5f4a";
const API_KEY = "sk_live_canary_0123456789abcdefghijklmnop";
const NEXT_KEY = "sk_live_second_0123456789abcdefghijklmnop";
const TOKEN = "at_live_canary_0123456789abcdefghijklmnop";
const OLD = { id: "k1", secret: "old-vault-secret-0123456789-abcdefghijklmnop" };
const NEW = { id: "k2", secret: "new-vault-secret-0123456789-abcdefghijklmnop" };
const ring = keyRingOf([OLD]);
const rotated = keyRingOf([NEW, OLD]);

/** Every row of the table as PostgreSQL would print it (bytea as hex), one text per row. */
async function rawRows(ledger: Ledger): Promise<string[]> {
  const result = await ledger.db.execute(sql`SELECT row_to_json(w)::text AS row FROM workspace_credentials w`);
  return (result as unknown as { rows: { row: string }[] }).rows.map((r) => r.row);
}

/** Forms the credential could take if it were stored in clear: as is, hex, base64. */
function clearForms(secret: string): string[] {
  const bytes = Buffer.from(secret, "utf8");
  return [secret, bytes.toString("hex"), bytes.toString("base64"), bytes.toString("base64url")];
}

describe.each(drivers)("workspace credentials (%s)", (driver) => {
  const ledger = useLedger(driver);
  const store = (secret: string, options: { businessId?: string; kind?: "api_key" | "bearer"; byName?: string } = {}) =>
    storeCredentialInVault(
      ledger(),
      {
        businessId: options.businessId ?? ACME_ID,
        kind: options.kind ?? "api_key",
        secret: new WorkspaceSecret(secret),
        byName: options.byName ?? "Alice",
      },
      ring,
    );

  it("stores one, and reads it back decrypted, by business and kind", async () => {
    expect(await readCredentialFromVault(ledger(), ACME_ID, "api_key", ring)).toBeNull();
    const stored = await store(API_KEY);
    expect(stored).toMatchObject({ kind: "api_key", last4: "mnop", storedByName: "Alice" });
    expect(stored.fingerprint).toMatch(/^sha256:[0-9a-f]{12}$/);
    const read = await readCredentialFromVault(ledger(), ACME_ID.toUpperCase(), "api_key", ring);
    expect(read?.secret.reveal()).toBe(API_KEY);
    expect(read?.info).toEqual(stored);
    expect(await readCredentialFromVault(ledger(), ACME_ID, "bearer", ring)).toBeNull();
    expect(await readCredentialFromVault(ledger(), BETA_ID, "api_key", ring)).toBeNull();
  });

  it("never holds the credential in clear: not in any column, in any form", async () => {
    await store(API_KEY);
    await store(TOKEN, { kind: "bearer" });
    const rows = await rawRows(ledger());
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      for (const form of [...clearForms(API_KEY), ...clearForms(TOKEN), OLD.secret]) expect(row).not.toContain(form);
    }
    const [first] = await ledger()
      .db.select()
      .from(workspaceCredentials)
      .where(eq(workspaceCredentials.kind, "api_key"));
    expect(first?.ciphertext?.includes(Buffer.from(API_KEY))).toBe(false);
    expect(first?.iv).toHaveLength(12);
  });

  it("replacing keeps the old row as history (who, when, fingerprint) without its ciphertext", async () => {
    const first = await store(API_KEY, { byName: "Alice" });
    const second = await store(NEXT_KEY, { byName: "Bob" });
    expect((await readCredentialFromVault(ledger(), ACME_ID, "api_key", ring))?.secret.reveal()).toBe(NEXT_KEY);

    const history = await listWorkspaceCredentialHistory(ledger(), ACME_ID);
    expect(history.map((h) => [h.fingerprint, h.createdByName, h.replacedByName])).toEqual([
      [second.fingerprint, "Bob", null],
      [first.fingerprint, "Alice", "Bob"],
    ]);
    expect(history[0]?.replacedAt).toBeNull();
    expect(history[1]?.replacedAt).toBeInstanceOf(Date);

    const rows = await ledger().db.select().from(workspaceCredentials).orderBy(workspaceCredentials.id);
    expect(rows.map((r) => [r.keyId, r.iv === null, r.ciphertext === null])).toEqual([
      [null, true, true],
      [OLD.id, false, false],
    ]);
    // The replaced credential is gone from the ledger in every form.
    for (const row of await rawRows(ledger())) for (const form of clearForms(API_KEY)) expect(row).not.toContain(form);
  });

  it("keeps one current credential per business and kind", async () => {
    await store(API_KEY);
    await store(NEXT_KEY, { byName: "Bob" });
    await store(API_KEY, { byName: "Carla" });
    await store(TOKEN, { kind: "bearer" });
    await store(TOKEN, { businessId: BETA_ID });
    const current = await ledger()
      .db.select({ businessId: workspaceCredentials.businessId, kind: workspaceCredentials.kind })
      .from(workspaceCredentials)
      .where(sql`replaced_at IS NULL`)
      .orderBy(workspaceCredentials.businessId, workspaceCredentials.kind);
    expect(current).toEqual([
      { businessId: BETA_ID, kind: "api_key" },
      { businessId: ACME_ID, kind: "api_key" },
      { businessId: ACME_ID, kind: "bearer" },
    ]);
    expect(await listWorkspaceCredentialHistory(ledger(), ACME_ID)).toHaveLength(4);
  });

  // Two connections are needed to make replacements overlap (PGlite has one): CI runs the ledger suites on PostgreSQL too.
  if (driver === "postgres") {
    it("a replacement that starts while another is uncommitted waits for it, then replaces it", async () => {
      await store(API_KEY);
      let stored!: () => void;
      let release!: () => void;
      const firstStored = new Promise<void>((resolve) => (stored = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      const first = inTransaction(ledger(), async (tx) => {
        await storeCredentialInVault(
          tx,
          { businessId: ACME_ID, kind: "api_key", secret: new WorkspaceSecret(NEXT_KEY), byName: "Bob" },
          ring,
        );
        stored();
        await released;
      });
      await firstStored;
      const second = store(TOKEN, { byName: "Carla" });
      // Proceed once the second is waiting on a lock the first holds (polled by query, no sleeping).
      for (let polls = 0; ; polls += 1) {
        const result = await ledger().db.execute(
          sql`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if ((result as unknown as { rows: { waiting: number }[] }).rows[0]?.waiting) break;
        if (polls > 5_000) throw new Error("the second replacement never waited");
      }
      release();
      await first;
      await second;
      expect((await readCredentialFromVault(ledger(), ACME_ID, "api_key", ring))?.secret.reveal()).toBe(TOKEN);
      const history = await listWorkspaceCredentialHistory(ledger(), ACME_ID);
      expect(history.map((h) => [h.createdByName, h.replacedByName])).toEqual([
        ["Carla", null],
        ["Bob", "Carla"],
        ["Alice", "Bob"],
      ]);
    });
  }

  it("the database itself refuses a second current row, a capitalised business id and a current row without ciphertext", async () => {
    const encrypted = encryptCredential(new WorkspaceSecret(API_KEY), { businessId: ACME_ID, kind: "api_key" }, ring);
    const row = {
      businessId: ACME_ID,
      kind: "api_key" as const,
      keyId: encrypted.keyId,
      iv: encrypted.iv,
      ciphertext: encrypted.ciphertext,
      fingerprint: "sha256:0123456789ab",
      last4: "mnop",
      createdByName: "Alice",
    };
    await ledger().db.insert(workspaceCredentials).values(row);
    await expect(ledger().db.insert(workspaceCredentials).values(row)).rejects.toMatchObject({
      constraint: "workspace_credentials_current_unique",
    });
    await expect(
      ledger()
        .db.insert(workspaceCredentials)
        .values({ ...row, kind: "bearer", businessId: ACME_ID.toUpperCase() }),
    ).rejects.toMatchObject({ code: "23514" });
    await expect(
      ledger()
        .db.insert(workspaceCredentials)
        .values({ ...row, kind: "bearer", ciphertext: null }),
    ).rejects.toMatchObject({ constraint: "workspace_credentials_secret_while_current" });
    await expect(
      ledger()
        .db.insert(workspaceCredentials)
        .values({ ...row, kind: "bearer", iv: encrypted.iv.subarray(1) }),
    ).rejects.toMatchObject({ code: "23514" });
  });

  it("a row altered in the database fails loudly when read, never as another credential", async () => {
    await store(API_KEY);
    await ledger().db.execute(
      sql`UPDATE workspace_credentials SET ciphertext = set_byte(ciphertext, 0, get_byte(ciphertext, 0) # 1)`,
    );
    await expect(readCredentialFromVault(ledger(), ACME_ID, "api_key", ring)).rejects.toMatchObject({
      name: "CredentialVaultError",
      reason: "unauthentic",
    });
    // Moved to another business's row: it does not open there either.
    await ledger().db.execute(sql`DELETE FROM workspace_credentials`);
    await store(API_KEY);
    await ledger().db.execute(sql`UPDATE workspace_credentials SET business_id = ${BETA_ID}`);
    await expect(readCredentialFromVault(ledger(), BETA_ID, "api_key", ring)).rejects.toBeInstanceOf(
      CredentialVaultError,
    );
  });

  it("moves every stored credential to the newest key; a row that does not open is left and counted", async () => {
    await store(API_KEY);
    await store(TOKEN, { kind: "bearer" });
    await store(NEXT_KEY, { businessId: BETA_ID });
    await ledger().db.execute(
      sql`UPDATE workspace_credentials SET ciphertext = set_byte(ciphertext, 0, get_byte(ciphertext, 0) # 1) WHERE business_id = ${BETA_ID}`,
    );
    const logs = captureLogs();
    try {
      expect(await moveCredentialsToNewestKey(ledger(), rotated)).toEqual({ moved: 2, failed: 1 });
      expect(logs.stderr.map((l) => [l.event, l.reason])).toEqual([["vault.reencrypt_failed", "unauthentic"]]);
    } finally {
      logs.restore();
    }
    const newestOnly = keyRingOf([NEW]);
    expect((await readCredentialFromVault(ledger(), ACME_ID, "api_key", newestOnly))?.secret.reveal()).toBe(API_KEY);
    expect((await readCredentialFromVault(ledger(), ACME_ID, "bearer", newestOnly))?.secret.reveal()).toBe(TOKEN);
    await expect(readCredentialFromVault(ledger(), BETA_ID, "api_key", newestOnly)).rejects.toMatchObject({
      reason: "unknown_key",
    });
    expect(await moveCredentialsToNewestKey(ledger(), rotated)).toEqual({ moved: 0, failed: 1 });
  });

  it("moves people's TOTP secrets (on, and being set up) too, so dropping the old key locks nobody out of 2FA", async () => {
    const secret = TotpSecret.fromBase32("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
    const created = await createMember(ledger(), { email: "ana@example.com", name: "Ana", passwordHash: "h" });
    const pending = await createMember(ledger(), { email: "bia@example.com", name: "Bia", passwordHash: "h" });
    if (created.outcome !== "created" || pending.outcome !== "created") throw new Error("not created");
    const ana = created.member.id;
    const bia = pending.member.id;
    expect(await enableTotp(ledger(), ana, encryptMemberSecret(secret, ana, ring), 1)).toBe(true);
    expect(
      await setPendingTotp(ledger(), bia, encryptMemberSecret(secret, bia, ring), new Date(Date.now() + 60_000)),
    ).toBe(true);
    expect(await moveCredentialsToNewestKey(ledger(), rotated)).toEqual({ moved: 2, failed: 0 });
    const newestOnly = keyRingOf([NEW]);
    const anaRow = await findMemberById(ledger(), ana);
    const biaRow = await findMemberById(ledger(), bia);
    expect(decryptMemberSecret(anaRow?.totpSecretEnc ?? "", ana, newestOnly).reveal()).toBe(secret.reveal());
    expect(decryptMemberSecret(biaRow?.totpPendingSecretEnc ?? "", bia, newestOnly).reveal()).toBe(secret.reveal());
    expect(await moveCredentialsToNewestKey(ledger(), rotated)).toEqual({ moved: 0, failed: 0 });
  });

  it("a re-encryption loses to a replacement made in between (the row is no longer current, or no longer under that key)", async () => {
    await store(API_KEY);
    const before = await getWorkspaceCredential(ledger(), ACME_ID, "api_key");
    if (!before) throw new Error("not stored");
    await store(NEXT_KEY, { byName: "Bob" });
    const late = encryptCredential(new WorkspaceSecret(API_KEY), { businessId: ACME_ID, kind: "api_key" }, rotated);
    expect(await replaceWorkspaceCredentialCiphertext(ledger(), before.id, OLD.id, late)).toBe(false);
    const current = await getWorkspaceCredential(ledger(), ACME_ID, "api_key");
    if (!current) throw new Error("not stored");
    expect(await replaceWorkspaceCredentialCiphertext(ledger(), current.id, NEW.id, late)).toBe(false);
    expect((await readCredentialFromVault(ledger(), ACME_ID, "api_key", ring))?.secret.reveal()).toBe(NEXT_KEY);
  });

  it("the drizzle table mirrors the migration's columns (names, types, nullability)", async () => {
    const result = await ledger().db.execute(
      sql`SELECT column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'workspace_credentials' ORDER BY column_name`,
    );
    const inDatabase = (
      result as unknown as { rows: { column_name: string; data_type: string; is_nullable: string }[] }
    ).rows.map((c) => [c.column_name, c.data_type, c.is_nullable === "NO"]);
    const drizzleTypes: Record<string, string> = {
      bigserial: "bigint",
      text: "text",
      bytea: "bytea",
      "timestamp with time zone": "timestamp with time zone",
    };
    const inSchema = getTableConfig(workspaceCredentials)
      .columns.map((c) => [c.name, drizzleTypes[c.getSQLType()] ?? c.getSQLType(), c.notNull])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(inSchema).toEqual(inDatabase);
  });
});
