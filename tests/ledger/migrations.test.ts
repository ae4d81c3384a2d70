import { mkdtemp, rm, writeFile, copyFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import {
  addMembership,
  anyActiveOwner,
  appendAudit,
  createLedger,
  ensureWorkspace,
  listAudit,
  loadMigrations,
  migrateLedger,
  recordPayoutIntent,
  listSecurityEvents,
  recordSecurityEvent,
  getPayoutByIdempotencyKey,
  type Ledger,
} from "@/lib/server/ledger";
import { defaultMigrationsDir, splitSqlStatements } from "@/lib/server/ledger/migrate";
import { ledgerMigrations, members, payoutHours, payouts, sessionScopeRevocations } from "@/lib/server/ledger/schema";
import {
  ACME,
  ALICE,
  appendAuditBefore0018,
  auditActorNamesBefore0018,
  drivers,
  freshDatabase,
  hasPayoutBefore0021,
  payoutBody,
  payoutRowsBefore0021,
  recordPayoutIntentBefore0021,
  type FreshDatabase,
} from "./helpers";

const TABLES = [
  "audit_log",
  "background_passes",
  "invitations",
  "ledger_leases",
  "ledger_migrations",
  "members",
  "memberships",
  "payment_link_counters",
  "payment_link_ids",
  "payment_link_list_reads",
  "payout_batch_rows",
  "payout_batches",
  "payout_hours",
  "payouts",
  "rate_limits",
  "recovery_codes",
  "revoked_sessions",
  "security_events",
  "session_scope_revocations",
  "setup_tokens",
  "sign_in_challenges",
  "subaccount_change_requests",
  "subaccounts",
  "workspace_credentials",
  "workspaces",
];

async function tableNames(ledger: Ledger): Promise<string[]> {
  const rows = await ledger.db
    .select({ version: ledgerMigrations.version })
    .from(ledgerMigrations)
    .orderBy(asc(ledgerMigrations.version));
  expect(rows.length).toBeGreaterThan(0);
  const result = await ledger.db.execute(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name`,
  );
  // The raw result shape is the driver's; both expose `rows`.
  const raw = result as unknown as { rows: { table_name: string }[] };
  return raw.rows.map((r) => r.table_name);
}

describe.each(drivers)("migrations (%s)", (driver) => {
  const opened: Ledger[] = [];
  const databases: FreshDatabase[] = [];
  afterEach(async () => {
    for (const ledger of opened.splice(0)) await ledger.close();
    for (const database of databases.splice(0)) await database.drop();
  });
  async function fresh(): Promise<FreshDatabase> {
    const database = await freshDatabase(driver);
    databases.push(database);
    return database;
  }
  async function open(database: FreshDatabase, migrationsDir?: string): Promise<Ledger> {
    const ledger = await createLedger({ ...database.options, migrationsDir });
    opened.push(ledger);
    return ledger;
  }

  it("creates every table and records each migration once", async () => {
    const ledger = await open(await fresh());
    expect(ledger.driver).toBe(driver);
    expect(await tableNames(ledger)).toEqual(TABLES);
    const files = await loadMigrations();
    const recorded = await ledger.db.select().from(ledgerMigrations).orderBy(asc(ledgerMigrations.version));
    expect(recorded.map((m) => m.version)).toEqual(files.map((m) => m.version));
    expect(recorded.map((m) => m.checksum)).toEqual(files.map((m) => m.checksum));
  });

  it("is idempotent: running again applies nothing and keeps data", async () => {
    const ledger = await open(await fresh());
    await recordPayoutIntent(ledger, {
      businessId: ACME,
      idempotencyKey: "k-1",
      body: payoutBody("k-1"),
      pixKeyMasked: "m***@example.com",
      actor: ALICE,
    });
    expect(await migrateLedger(ledger.db)).toEqual({ applied: [] });
    expect(await migrateLedger(ledger.db)).toEqual({ applied: [] });
    expect(await getPayoutByIdempotencyKey(ledger, ACME, "k-1")).not.toBeNull();
  });

  it("runs concurrently without failing or applying anything twice", async () => {
    const database = await fresh();
    if (driver === "postgres") {
      // Several instances starting at once against one empty PostgreSQL.
      const ledgers = await Promise.all([open(database), open(database), open(database)]);
      const first = ledgers[0];
      if (!first) throw new Error("no ledger");
      const recorded = await first.db.select().from(ledgerMigrations);
      expect(recorded.length).toBe((await loadMigrations()).length);
      expect(await tableNames(first)).toEqual(TABLES);
    } else {
      const ledger = await open(database);
      const results = await Promise.all([migrateLedger(ledger.db), migrateLedger(ledger.db)]);
      expect(results).toEqual([{ applied: [] }, { applied: [] }]);
    }
  });

  it("applies a new migration file on the next run, and refuses an edited applied one", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "ledger-migrations-"));
    try {
      const [first] = await loadMigrations();
      if (!first) throw new Error("no migrations");
      const firstFile = `${String(first.version).padStart(4, "0")}_${first.name}.sql`;
      await copyFile(path.join(defaultMigrationsDir(), firstFile), path.join(dir, firstFile));
      const ledger = await open(await fresh(), dir);
      expect(await tableNames(ledger)).not.toContain("test_extra");

      await writeFile(path.join(dir, "9000_test_extra.sql"), "CREATE TABLE test_extra (business_id text NOT NULL);\n");
      expect(await migrateLedger(ledger.db, dir)).toEqual({ applied: [9000] });
      expect(await tableNames(ledger)).toContain("test_extra");
      const versions = (await ledger.db.select().from(ledgerMigrations).orderBy(asc(ledgerMigrations.version))).map(
        (m) => m.version,
      );
      expect(versions).toEqual([first.version, 9000]);

      await writeFile(path.join(dir, "9000_test_extra.sql"), "CREATE TABLE test_extra (business_id text);\n");
      await expect(migrateLedger(ledger.db, dir)).rejects.toThrow(/changed after it was applied/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("rolls a failing migration back completely", async () => {
    const database = await fresh();
    const dir = await mkdtemp(path.join(tmpdir(), "ledger-migrations-"));
    try {
      await writeFile(
        path.join(dir, "0001_half.sql"),
        "CREATE TABLE half_done (id int);\nSELECT no_such_function();\n",
      );
      await expect(createLedger({ ...database.options, migrationsDir: dir })).rejects.toThrow();
      await writeFile(path.join(dir, "0001_half.sql"), "CREATE TABLE half_done (id int);\n");
      const ledger = await open(database, dir);
      // Had the first attempt left half_done behind, this CREATE TABLE would have failed.
      expect(await tableNames(ledger)).toContain("half_done");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("0008 gives payout_batches a nullable jsonb left_out_rows (the rows left out of a batch, for its results file)", async () => {
    const ledger = await open(await fresh());
    const result = await ledger.db.execute(
      sql`SELECT data_type, is_nullable FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'payout_batches' AND column_name = 'left_out_rows'`,
    );
    expect((result as unknown as { rows: { data_type: string; is_nullable: string }[] }).rows).toEqual([
      { data_type: "jsonb", is_nullable: "YES" },
    ]);
    expect((await loadMigrations()).find((m) => m.version === 8)?.name).toBe("batch_left_out_rows");
  });

  it("0013 moves rows written under a business id in capitals to the lower-case id, merging revocations and never failing on a twin", async () => {
    const lower = "7f1c2b9e-4d2a-4c5e-9b1a-0a1b2c3d4e5f";
    const upper = lower.toUpperCase();
    const dir = await mkdtemp(path.join(tmpdir(), "ledger-migrations-"));
    try {
      const before = (await loadMigrations()).filter((m) => m.version < 13);
      for (const m of before) {
        const file = `${String(m.version).padStart(4, "0")}_${m.name}.sql`;
        await copyFile(path.join(defaultMigrationsDir(), file), path.join(dir, file));
      }
      const ledger = await open(await fresh(), dir);
      const intent = (businessId: string, key: string) =>
        recordPayoutIntentBefore0021(ledger, { businessId, idempotencyKey: key });
      await appendAuditBefore0018(ledger, {
        businessId: upper,
        actor: { name: "Vera", role: "viewer" },
        action: "session.sign_in",
        outcome: "success",
      });
      await intent(upper, "k-upper");
      await intent(upper, "k-twin");
      await intent(lower, "k-twin");
      await intent("key_0123abcdef", "k-key");
      await intent(upper, "k-upper-paid");
      await intent(lower, "k-lower-paid");
      // One upstream payout already recorded under both spellings (the unique payout id index is per spelling before 0013).
      await ledger.db
        .update(payouts)
        .set({ payoutId: "po_twin" })
        .where(sql`idempotency_key IN ('k-upper-paid', 'k-lower-paid')`);
      await ledger.db.insert(sessionScopeRevocations).values([
        {
          businessId: upper,
          revokedBefore: new Date("2026-06-01T12:00:00Z"),
          expiresAt: new Date("2026-06-02T00:00:00Z"),
        },
        {
          businessId: lower,
          revokedBefore: new Date("2026-06-01T11:00:00Z"),
          expiresAt: new Date("2026-06-02T01:00:00Z"),
        },
      ]);

      await copyFile(
        path.join(defaultMigrationsDir(), "0013_business_id_lower_case.sql"),
        path.join(dir, "0013_business_id_lower_case.sql"),
      );
      expect(await migrateLedger(ledger.db, dir)).toEqual({ applied: [13] });

      expect(await auditActorNamesBefore0018(ledger, lower)).toEqual(["Vera"]);
      expect(await hasPayoutBefore0021(ledger, lower, "k-upper")).toBe(true);
      // The twin keeps its own id rather than colliding with the lower-case row of the same key.
      expect(await hasPayoutBefore0021(ledger, upper, "k-twin")).toBe(true);
      expect(await hasPayoutBefore0021(ledger, lower, "k-twin")).toBe(true);
      expect(await hasPayoutBefore0021(ledger, "key_0123abcdef", "k-key")).toBe(true);
      // Moving it would give the lower-case scope two rows of one payout id: it stays where it is.
      expect(await hasPayoutBefore0021(ledger, upper, "k-upper-paid")).toBe(true);
      expect(await hasPayoutBefore0021(ledger, lower, "k-lower-paid")).toBe(true);
      const revocations = await ledger.db.select().from(sessionScopeRevocations);
      expect(revocations).toEqual([
        {
          businessId: lower,
          revokedBefore: new Date("2026-06-01T12:00:00Z"),
          expiresAt: new Date("2026-06-02T01:00:00Z"),
        },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("0015 adds the personal account tables to a ledger with data, changing none of it", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "ledger-migrations-"));
    try {
      const before = (await loadMigrations()).filter((m) => m.version < 15);
      for (const m of before) {
        const file = `${String(m.version).padStart(4, "0")}_${m.name}.sql`;
        await copyFile(path.join(defaultMigrationsDir(), file), path.join(dir, file));
      }
      const ledger = await open(await fresh(), dir);
      const business = "7f1c2b9e-4d2a-4c5e-9b1a-0a1b2c3d4e5f";
      await recordPayoutIntentBefore0021(ledger, { businessId: business, idempotencyKey: "k-old" });
      await appendAuditBefore0018(ledger, {
        businessId: business,
        actor: { name: "Vera", role: "viewer" },
        action: "session.sign_in",
        outcome: "success",
      });
      const payoutsBefore = await payoutRowsBefore0021(ledger);
      expect(await tableNames(ledger)).not.toContain("members");

      const file = (await loadMigrations()).find((m) => m.version === 15);
      if (!file) throw new Error("no migration 0015");
      const name = `0015_${file.name}.sql`;
      await copyFile(path.join(defaultMigrationsDir(), name), path.join(dir, name));
      expect(await migrateLedger(ledger.db, dir)).toEqual({ applied: [15] });

      expect(await payoutRowsBefore0021(ledger)).toEqual(payoutsBefore);
      expect(await auditActorNamesBefore0018(ledger, business)).toEqual(["Vera"]);
      expect(await tableNames(ledger)).toEqual(expect.arrayContaining(["members", "memberships", "workspaces"]));
      // The existing business becomes a workspace with an owner.
      await ensureWorkspace(ledger, { businessId: business, name: "Acme" });
      // Plain SQL: createMember writes every column drizzle knows, and later migrations add columns to members.
      const created = await ledger.db.execute(
        sql`INSERT INTO members (email, name, password_hash) VALUES ('ana@example.com', 'Ana', 'h') RETURNING id`,
      );
      const memberId = (created as unknown as { rows: { id: string }[] }).rows[0]?.id;
      if (!memberId) throw new Error("no member created");
      await addMembership(ledger, { businessId: business, memberId, role: "owner" });
      expect(await anyActiveOwner(ledger)).toBe(true);
      expect(await migrateLedger(ledger.db, dir)).toEqual({ applied: [] });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("0018 adds the actor's member id and e-mail to the audit log, leaving every earlier entry as it was", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "ledger-migrations-"));
    try {
      for (const m of (await loadMigrations()).filter((m) => m.version < 18)) {
        const file = `${String(m.version).padStart(4, "0")}_${m.name}.sql`;
        await copyFile(path.join(defaultMigrationsDir(), file), path.join(dir, file));
      }
      const ledger = await open(await fresh(), dir);
      await appendAuditBefore0018(ledger, {
        businessId: ACME,
        actor: { name: "Typed Name", role: "operator" },
        action: "payout.handled",
        outcome: "success",
      });
      const file = (await loadMigrations()).find((m) => m.version === 18);
      if (!file) throw new Error("no migration 0018");
      const name = `0018_${file.name}.sql`;
      await copyFile(path.join(defaultMigrationsDir(), name), path.join(dir, name));
      expect(await migrateLedger(ledger.db, dir)).toEqual({ applied: [18] });

      const memberId = "00000000-0000-4000-8000-0000000000aa";
      await appendAudit(ledger, {
        businessId: ACME,
        actor: { name: "Ana", role: "owner", memberId, email: "ana@example.com" },
        action: "member.invited",
        outcome: "success",
      });
      const entries = (await listAudit(ledger, ACME)).items;
      expect(entries.map((e) => [e.actorName, e.actorMemberId, e.actorEmail])).toEqual([
        ["Ana", memberId, "ana@example.com"],
        ["Typed Name", null, null],
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("0019 keeps the security log's earlier rows (no account, no User-Agent) and members' 2FA as it was", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "ledger-migrations-"));
    try {
      for (const m of (await loadMigrations()).filter((m) => m.version < 19)) {
        const file = `${String(m.version).padStart(4, "0")}_${m.name}.sql`;
        await copyFile(path.join(defaultMigrationsDir(), file), path.join(dir, file));
      }
      const ledger = await open(await fresh(), dir);
      await ledger.db.execute(
        sql`INSERT INTO security_events (kind, reason, client_address, address_source, credential_kind) VALUES ('sign_in_failed', 'invalid_login', '203.0.113.9', 'proxy', 'password')`,
      );
      await ledger.db.execute(
        sql`INSERT INTO members (email, name, password_hash, totp_secret_enc, totp_enabled_at) VALUES ('ana@example.com', 'Ana', 'h', 'mv1.k.iv.ct', now())`,
      );

      const name = `0019_${(await loadMigrations()).find((m) => m.version === 19)?.name}.sql`;
      await copyFile(path.join(defaultMigrationsDir(), name), path.join(dir, name));
      expect(await migrateLedger(ledger.db, dir)).toEqual({ applied: [19] });
      // The ledger's code reads today's schema: the later migrations too, which leave these rows alone.
      const later = (await loadMigrations()).filter((m) => m.version > 19);
      for (const m of later) {
        const file = `${String(m.version).padStart(4, "0")}_${m.name}.sql`;
        await copyFile(path.join(defaultMigrationsDir(), file), path.join(dir, file));
      }
      expect(await migrateLedger(ledger.db, dir)).toEqual({ applied: later.map((m) => m.version) });

      const [event] = await listSecurityEvents(ledger, 1);
      expect(event).toMatchObject({ kind: "sign_in_failed", reason: "invalid_login", memberId: null, userAgent: null });
      const [member] = await ledger.db.select().from(members);
      expect(member).toMatchObject({
        totpSecretEnc: "mv1.k.iv.ct",
        totpPendingSecretEnc: null,
        totpPendingExpiresAt: null,
      });
      // The new kinds are accepted; a User-Agent longer than the bound is not.
      await recordSecurityEvent(ledger, {
        kind: "password_changed",
        reason: "changed",
        clientAddress: null,
        addressSource: "unverified",
        credentialFingerprint: null,
        credentialKind: "password",
        requestId: null,
        memberId: member?.id,
        userAgent: "x".repeat(1000),
      });
      expect((await listSecurityEvents(ledger, 1))[0]?.userAgent).toHaveLength(300);
      await expect(
        ledger.db.execute(
          sql`INSERT INTO security_events (kind, reason, address_source, user_agent) VALUES ('password_changed', 'x', 'proxy', ${"y".repeat(301)})`,
        ),
      ).rejects.toThrow();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("0020 keeps earlier security events as account events (no workspace) and indexes the rows that have no seal", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "ledger-migrations-"));
    try {
      for (const m of (await loadMigrations()).filter((m) => m.version < 20)) {
        const file = `${String(m.version).padStart(4, "0")}_${m.name}.sql`;
        await copyFile(path.join(defaultMigrationsDir(), file), path.join(dir, file));
      }
      const ledger = await open(await fresh(), dir);
      await ledger.db.execute(
        sql`INSERT INTO security_events (kind, reason, address_source, credential_kind) VALUES ('sign_in_succeeded', 'signed_in', 'proxy', 'password')`,
      );
      const name = `0020_${(await loadMigrations()).find((m) => m.version === 20)?.name}.sql`;
      await copyFile(path.join(defaultMigrationsDir(), name), path.join(dir, name));
      expect(await migrateLedger(ledger.db, dir)).toEqual({ applied: [20] });

      const events = await ledger.db.execute(sql`SELECT kind, business_id FROM security_events`);
      expect((events as unknown as { rows: unknown[] }).rows).toEqual([
        { kind: "sign_in_succeeded", business_id: null },
      ]);
      const indexes = await ledger.db.execute(
        sql`SELECT indexname, indexdef FROM pg_indexes WHERE indexname IN ('payouts_follow_up_idx', 'payout_batches_active_idx') ORDER BY indexname`,
      );
      const defs = (indexes as unknown as { rows: { indexname: string; indexdef: string }[] }).rows.map((r) => [
        r.indexname,
        r.indexdef,
      ]);
      expect(defs.map(([index]) => index)).toEqual(["payout_batches_active_idx", "payouts_follow_up_idx"]);
      for (const [, def] of defs) expect(def).not.toContain("credential_seal");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("0021 gives payouts a nullable holder_name, bounded, keeping the rows written before it", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "ledger-migrations-"));
    try {
      for (const m of (await loadMigrations()).filter((m) => m.version < 21)) {
        const file = `${String(m.version).padStart(4, "0")}_${m.name}.sql`;
        await copyFile(path.join(defaultMigrationsDir(), file), path.join(dir, file));
      }
      const ledger = await open(await fresh(), dir);
      await recordPayoutIntentBefore0021(ledger, { businessId: ACME, idempotencyKey: "k-before" });
      const name = `0021_${(await loadMigrations()).find((m) => m.version === 21)?.name}.sql`;
      await copyFile(path.join(defaultMigrationsDir(), name), path.join(dir, name));
      expect(await migrateLedger(ledger.db, dir)).toEqual({ applied: [21] });

      // Read by name: today's payouts columns include later ones (0023) this ledger has not.
      const holder = () =>
        ledger.db
          .select({ holderName: payouts.holderName })
          .from(payouts)
          .where(eq(payouts.idempotencyKey, "k-before"));
      expect(await holder()).toEqual([{ holderName: null }]);
      await ledger.db.update(payouts).set({ holderName: "Maria Souza" }).where(eq(payouts.idempotencyKey, "k-before"));
      expect(await holder()).toEqual([{ holderName: "Maria Souza" }]);
      await expect(
        ledger.db
          .update(payouts)
          .set({ holderName: "x".repeat(201) })
          .where(eq(payouts.idempotencyKey, "k-before")),
      ).rejects.toThrow();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("0023 moves what payout_destinations held onto its payouts (the payout's own holder name wins) and drops the table", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "ledger-migrations-"));
    try {
      for (const m of (await loadMigrations()).filter((m) => m.version < 23)) {
        const file = `${String(m.version).padStart(4, "0")}_${m.name}.sql`;
        await copyFile(path.join(defaultMigrationsDir(), file), path.join(dir, file));
      }
      const ledger = await open(await fresh(), dir);
      // Rows as the code of 0022 wrote them: the holder name on both tables, the fingerprint and paid time apart.
      for (const [key, holder] of [
        ["k-read", null],
        ["k-named", "João Lima"],
        ["k-old", null],
      ] as const) {
        await recordPayoutIntentBefore0021(ledger, { businessId: ACME, idempotencyKey: key });
        await ledger.db.execute(
          sql`UPDATE payouts SET holder_name = ${holder}, state = 'submitted', request_body = NULL, status = 'paid'
              WHERE idempotency_key = ${key}`,
        );
      }
      const destination = (key: string, fingerprint: string, holder: string | null, paidAt: string | null) =>
        ledger.db.execute(
          sql`INSERT INTO payout_destinations (payout_row_id, business_id, pix_key_fingerprint, holder_name, paid_at)
              SELECT id, business_id, ${fingerprint}, ${holder}, ${paidAt}::timestamptz FROM payouts
              WHERE idempotency_key = ${key}`,
        );
      await destination("k-read", "fp-read", "Maria Souza", "2026-11-20T15:04:05.000Z");
      await destination("k-named", "fp-named", "Outro Nome", null);
      // k-old: recorded before 0022, so it has no destination row.
      const name = `0023_${(await loadMigrations()).find((m) => m.version === 23)?.name}.sql`;
      await copyFile(path.join(defaultMigrationsDir(), name), path.join(dir, name));
      expect(await migrateLedger(ledger.db, dir)).toEqual({ applied: [23] });

      expect(await getPayoutByIdempotencyKey(ledger, ACME, "k-read")).toMatchObject({
        holderName: "Maria Souza",
        pixKeyFingerprint: "fp-read",
        paidAt: new Date("2026-11-20T15:04:05.000Z"),
      });
      expect(await getPayoutByIdempotencyKey(ledger, ACME, "k-named")).toMatchObject({
        holderName: "João Lima",
        pixKeyFingerprint: "fp-named",
        paidAt: null,
      });
      expect(await getPayoutByIdempotencyKey(ledger, ACME, "k-old")).toMatchObject({
        holderName: null,
        pixKeyFingerprint: null,
        paidAt: null,
      });
      expect(await tableNames(ledger)).not.toContain("payout_destinations");
      const indexes = (
        (await ledger.db.execute(
          sql`SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND indexname = 'payouts_key_paid_idx'`,
        )) as unknown as { rows: { indexdef: string }[] }
      ).rows;
      expect(indexes).toHaveLength(1);
      expect(indexes[0]?.indexdef).toMatch(
        /\(business_id, pix_key_fingerprint, COALESCE\(paid_at, created_at\) DESC\)/,
      );
      expect(indexes[0]?.indexdef).toMatch(/WHERE \(pix_key_fingerprint IS NOT NULL\)/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("0029 sums the payouts recorded before it into the hourly summary, and its triggers count the ones after", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "ledger-migrations-"));
    try {
      for (const m of (await loadMigrations()).filter((m) => m.version < 29)) {
        const file = `${String(m.version).padStart(4, "0")}_${m.name}.sql`;
        await copyFile(path.join(defaultMigrationsDir(), file), path.join(dir, file));
      }
      const ledger = await open(await fresh(), dir);
      const row = (key: string, at: string, amount: number, status: string | null) =>
        sql`INSERT INTO payouts (business_id, idempotency_key, state, status, amount_centavos, fee_centavos,
              net_centavos, pix_key_type, pix_key_masked, created_by_name, created_by_role, created_at)
            VALUES (${ACME}, ${key}, 'submitted', ${status}, ${amount}, 10, ${amount - 10}, 'email', 'm***@example.com',
              'Alice', 'admin', ${at}::timestamptz)`;
      await ledger.db.execute(row("k-1", "2026-11-20T10:15:00Z", 1000, "paid"));
      await ledger.db.execute(row("k-2", "2026-11-20T10:59:59Z", 2000, "paid"));
      await ledger.db.execute(row("k-3", "2026-11-20T11:00:00Z", 4000, "pending"));
      const name = `0029_${(await loadMigrations()).find((m) => m.version === 29)?.name}.sql`;
      await copyFile(path.join(defaultMigrationsDir(), name), path.join(dir, name));
      expect(await migrateLedger(ledger.db, dir)).toEqual({ applied: [29] });
      await ledger.db.execute(row("k-4", "2026-11-20T11:30:00Z", 8000, "pending"));
      const summary = await ledger.db
        .select({
          hour: sql<string>`to_char(hour AT TIME ZONE 'UTC', 'HH24')`,
          status: payoutHours.status,
          payouts: sql<number>`sum(payouts)::int`,
          amount: sql<string>`sum(amount_centavos)::text`,
          fee: sql<string>`sum(fee_centavos)::text`,
          compacted: sql<boolean>`bool_and(compacted)`,
        })
        .from(payoutHours)
        .groupBy(sql`1`, payoutHours.status)
        .orderBy(sql`1`);
      expect(summary).toEqual([
        { hour: "10", status: "paid", payouts: 2, amount: "3000", fee: "20", compacted: true },
        { hour: "11", status: "pending", payouts: 2, amount: "12000", fee: "20", compacted: false },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("0010 is safe on batches written before it: a batch the worker paused for its expired seal reads that reason, a person's pause none", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "ledger-migrations-"));
    try {
      for (const migration of (await loadMigrations()).filter((m) => m.version < 10)) {
        const file = `${String(migration.version).padStart(4, "0")}_${migration.name}.sql`;
        await copyFile(path.join(defaultMigrationsDir(), file), path.join(dir, file));
      }
      const ledger = await open(await fresh(), dir);
      const batch = (id: string, pausedBy: string, seal: string | null) =>
        sql`INSERT INTO payout_batches (id, business_id, idempotency_key, request_hash, file_name, status, row_count, total_centavos, created_by_name, created_by_role, paused_by_name, credential_seal)
            VALUES (${id}, ${ACME}, ${id}, 'h', 'lista.csv', 'paused', 1, 100, 'Alice', 'admin', ${pausedBy}, ${seal})`;
      const byWorker = "00000000-0000-4000-8000-000000000001";
      const byPerson = "00000000-0000-4000-8000-000000000002";
      await ledger.db.execute(batch(byWorker, "batch worker", null));
      await ledger.db.execute(batch(byPerson, "Olivia", "Fe26.2**seal"));
      await ledger.db
        .execute(sql`INSERT INTO payout_batch_rows (batch_id, row_number, business_id, idempotency_key, amount_centavos, pix_key_type, pix_key_masked, pix_key, original)
            VALUES (${byPerson}, 2, ${ACME}, ${`batch-${byPerson}-2`}, 100, 'email', 'p***@example.com', 'p@example.com', '[]'::jsonb)`);

      const file = (await loadMigrations()).find((m) => m.version === 10);
      if (!file) throw new Error("no migration 0010");
      const name = `0010_${file.name}.sql`;
      await copyFile(path.join(defaultMigrationsDir(), name), path.join(dir, name));
      expect(await migrateLedger(ledger.db, dir)).toEqual({ applied: [10] });
      const reasons = await ledger.db.execute(sql`SELECT id, paused_reason FROM payout_batches ORDER BY id`);
      expect((reasons as unknown as { rows: { id: string; paused_reason: string | null }[] }).rows).toEqual([
        { id: byWorker, paused_reason: "credential_expired" },
        { id: byPerson, paused_reason: null },
      ]);
      const rows = await ledger.db.execute(sql`SELECT status, failure_reason FROM payout_batch_rows`);
      expect((rows as unknown as { rows: unknown[] }).rows).toEqual([{ status: "pending", failure_reason: null }]);
      await expect(ledger.db.execute(sql`UPDATE payout_batches SET paused_reason = 'tired'`)).rejects.toThrow();
      await expect(ledger.db.execute(sql`UPDATE payout_batch_rows SET status = 'lost'`)).rejects.toThrow();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("enforces the schema's checks in the database itself", async () => {
    const ledger = await open(await fresh());
    const row = await recordPayoutIntent(ledger, {
      businessId: ACME,
      idempotencyKey: "k-2",
      body: payoutBody("k-2"),
      pixKeyMasked: "m***",
      actor: ALICE,
      credentialSeal: "sealed",
    });
    // A resolved payout may keep neither the full request body (so the Pix key) nor the sealed credential.
    await expect(
      ledger.db.update(payouts).set({ state: "submitted", credentialSeal: null }).where(eq(payouts.id, row.id)),
    ).rejects.toThrow();
    await expect(
      ledger.db.update(payouts).set({ state: "rejected", requestBody: null }).where(eq(payouts.id, row.id)),
    ).rejects.toThrow();
    await ledger.db
      .update(payouts)
      .set({ state: "rejected", requestBody: null, credentialSeal: null })
      .where(eq(payouts.id, row.id));
    await expect(
      ledger.db.insert(payouts).values({
        businessId: ACME,
        idempotencyKey: "k-3",
        amountCentavos: 0,
        pixKeyType: "email",
        pixKeyMasked: "x",
        createdByName: "a",
        createdByRole: "b",
      }),
    ).rejects.toThrow();
  });
});

describe("loadMigrations", () => {
  it("reads the numbered files in order with their statements", async () => {
    const migrations = await loadMigrations();
    expect(migrations.length).toBeGreaterThan(0);
    expect(migrations.map((m) => m.version)).toEqual([...migrations.map((m) => m.version)].sort((a, b) => a - b));
    const first = migrations[0];
    expect(first?.version).toBe(1);
    expect(first?.statements.some((s) => s.includes("CREATE TABLE payouts"))).toBe(true);
  });

  it("an index migration after 0028 can meet an index built by hand beforehand (CREATE INDEX IF NOT EXISTS)", async () => {
    // docs/ledger.md, "Migrations on a live PostgreSQL": a big register's index is built CONCURRENTLY before the deploy.
    const code = (statement: string) => statement.replace(/^\s*--.*$/gm, "").trim();
    const bare = (await loadMigrations())
      .filter((m) =>
        m.statements
          .map(code)
          .some(
            (s) =>
              /^CREATE\s+(UNIQUE\s+)?INDEX\b/i.test(s) && !/^CREATE\s+(UNIQUE\s+)?INDEX\s+IF\s+NOT\s+EXISTS\b/i.test(s),
          ),
      )
      .map((m) => m.version);
    // The rule came after 0028: the earlier index migrations (0024 and 0028 on payouts among them) are as applied.
    expect(bare).toEqual(expect.arrayContaining([24, 28]));
    expect(bare.filter((version) => version > 28)).toEqual([]);
  });

  it("rejects badly named and duplicate files", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "ledger-migrations-"));
    try {
      await writeFile(path.join(dir, "1_bad.sql"), "SELECT 1;");
      await expect(loadMigrations(dir)).rejects.toThrow(/0001_name\.sql/);
      await rm(path.join(dir, "1_bad.sql"));
      await writeFile(path.join(dir, "0002_a.sql"), "SELECT 1;");
      await writeFile(path.join(dir, "0002_b.sql"), "SELECT 2;");
      await expect(loadMigrations(dir)).rejects.toThrow(/duplicate/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("splitSqlStatements", () => {
  it("splits on top-level semicolons and drops comment-only chunks", () => {
    expect(splitSqlStatements("SELECT 1;\n\n  SELECT 2 ;\n-- trailing comment\n")).toEqual(["SELECT 1", "SELECT 2"]);
  });

  it("keeps semicolons inside strings, identifiers, dollar quotes and comments", () => {
    const script = [
      "INSERT INTO t VALUES ('a;b', 'it''s; fine');",
      'CREATE TABLE "odd;name" (x int); -- a; comment',
      "/* block; comment */ SELECT 3;",
      "CREATE FUNCTION f() RETURNS int AS $body$ BEGIN RETURN 1; END; $body$ LANGUAGE plpgsql;",
      "SELECT $$a;b$$",
    ].join("\n");
    const statements = splitSqlStatements(script);
    expect(statements).toHaveLength(5);
    expect(statements[0]).toBe("INSERT INTO t VALUES ('a;b', 'it''s; fine')");
    expect(statements[1]).toBe('CREATE TABLE "odd;name" (x int)');
    expect(statements[2]).toBe("-- a; comment\n/* block; comment */ SELECT 3");
    expect(statements[3]).toContain("RETURN 1; END; $body$ LANGUAGE plpgsql");
    expect(statements[4]).toBe("SELECT $$a;b$$");
  });
});
