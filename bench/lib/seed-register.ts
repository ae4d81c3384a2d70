/**
 * Fills a ledger's register with `count` payouts of one business in one statement (generate_series), spread
 * evenly over the `days` before `now`, in the mix a busy business has: mostly paid, some pending, failed with a
 * few reasons, refused before sending, a few waiting for a person or closed by one (no batches: a batch row needs
 * its batch's own records). For the insights row: the series aggregates a realistic register, not 100,000 copies
 * of one row.
 */
import { spawn } from "node:child_process";
import path from "node:path";

export interface SeedRegisterOptions {
  businessId: string;
  count: number;
  now: Date;
  days: number;
}

const UUID = /^[0-9a-f-]{36}$/i;

/** The INSERT … SELECT and the ANALYZE; the values are checked numbers, a UUID and an ISO instant (no quoting to get wrong). */
export function seedRegisterSql({ businessId, count, now, days }: SeedRegisterOptions): string[] {
  if (!UUID.test(businessId) || !Number.isInteger(count) || !Number.isInteger(days))
    throw new Error("seedRegister: bad options");
  const at = `'${now.toISOString()}'::timestamptz - make_interval(secs => (i::double precision * ${days * 86_400}) / ${count})`;
  const amount = "(1000 + (i * 7919) % 500000)";
  const fee = `LEAST(1000, ${amount} / 100)`;
  // i mod 100 picks the outcome: 0–69 paid, 70–79 pending, 80–89 failed, 90–95 rejected, 96–97 needs_review,
  // 98 handled, 99 uncertain. Amounts run from R$ 10,00 to R$ 5.009,99; fees are 1% capped at R$ 10,00.
  return [
    `INSERT INTO payouts (
      business_id, idempotency_key, state, payout_id, amount_centavos, fee_centavos, net_centavos,
      pix_key_type, pix_key_masked, status, failure_reason, last_error_code, maybe_sent,
      created_by_name, created_by_role, created_at, updated_at, send_started_at
    )
    SELECT
      '${businessId}', 'bench-' || i,
      CASE WHEN i % 100 < 90 THEN 'submitted' WHEN i % 100 < 96 THEN 'rejected'
           WHEN i % 100 < 98 THEN 'needs_review' WHEN i % 100 = 98 THEN 'handled' ELSE 'uncertain' END,
      CASE WHEN i % 100 < 90 THEN 'po_bench_' || i ELSE NULL END,
      ${amount},
      CASE WHEN i % 100 < 80 THEN ${fee} ELSE NULL END,
      CASE WHEN i % 100 < 80 THEN ${amount} - ${fee} ELSE NULL END,
      'email', 'f***@example.com',
      CASE WHEN i % 100 < 70 THEN 'paid' WHEN i % 100 < 80 THEN 'pending' WHEN i % 100 < 90 THEN 'failed' ELSE NULL END,
      CASE WHEN i % 100 BETWEEN 80 AND 89 THEN (ARRAY['invalid_key', 'account_closed', 'limit_exceeded'])[1 + i % 3]
           ELSE NULL END,
      CASE WHEN i % 100 BETWEEN 90 AND 95 THEN 'insufficient_balance' ELSE NULL END,
      i % 100 >= 96,
      'Bench', 'operator', ${at}, ${at}, ${at}
    FROM generate_series(1, ${count}) AS i`,
    "ANALYZE payouts",
  ];
}

/**
 * Creates and fills a ledger before the app starts on it: a PGlite folder or a PostgreSQL database, through
 * bench/seed-ledger.ts in a child process (the app's own ledger module, migrations included, which the bench process
 * itself cannot load).
 */
export function seedLedger(where: string, options: Omit<SeedRegisterOptions, "now">): Promise<void> {
  const args = [
    "--conditions=react-server",
    "--import",
    "tsx",
    path.join("bench", "seed-ledger.ts"),
    where,
    options.businessId,
    String(options.count),
    String(options.days),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`seed-ledger.ts exited with ${code}`))));
  });
}
