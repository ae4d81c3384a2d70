import "server-only";
import { findBatchRowMatchCandidates, findPayoutsByRequestHash, type Ledger } from "@/lib/server/ledger";
import { serverClock } from "@/lib/server/clock";
import type { BatchMatch, BatchPreview, BatchRowValue } from "@/lib/shared/schemas/payout-batches";
import type { Answer, LedgerScope } from "@/lib/server/services/context";
import { payoutRequestHash } from "@/lib/server/services/payouts/issue";
import { estimatePayoutFees } from "@/lib/server/services/payouts/fee-estimate";

/** How far back the register and the other batches are searched for payouts a new batch would repeat. */
const MATCH_DAYS = 7;

/** Other batches' rows listed per new row, newest batch first (a file uploaded many times need not list them all). */
export const BATCH_MATCHES_PER_ROW = 3;

function rowHash(row: { amount_centavos: number; key_type: string; pix_key: string }): string {
  return payoutRequestHash({
    amount_centavos: row.amount_centavos,
    pix_key_type: row.key_type,
    pix_key: row.pix_key,
    idempotency_key: "",
  });
}

/** Row numbers of the new rows per request fingerprint (same key type, key and amount). */
function rowsByHash(rows: readonly BatchRowValue[]): Map<string, number[]> {
  const hashes = new Map<string, number[]>();
  for (const row of rows) {
    const hash = rowHash(row);
    hashes.set(hash, [...(hashes.get(hash) ?? []), row.row_number]);
  }
  return hashes;
}

/** The latest earlier payout of the register per new row. */
async function registerMatches(
  ledger: Ledger,
  businessId: string,
  hashes: Map<string, number[]>,
  since: Date,
): Promise<BatchPreview["register_matches"]> {
  const found = await findPayoutsByRequestHash(ledger, businessId, [...hashes.keys()], since);
  const matches = new Map<number, BatchPreview["register_matches"][number]>();
  for (const payout of found) {
    for (const rowNumber of hashes.get(payout.requestHash ?? "") ?? []) {
      matches.set(rowNumber, {
        row_number: rowNumber,
        payout_id: payout.payoutId,
        created_at: payout.createdAt.toISOString(),
      });
    }
  }
  return [...matches.values()].sort((a, b) => a.row_number - b.row_number);
}

/**
 * Rows of the business's other batches (last 7 days) that can still be sent or
 * were sent, per new row: a batch's rows enter the register only when claimed,
 * so a batch awaiting confirmation, paused or queued is found here, not there.
 */
async function batchMatches(
  ledger: Ledger,
  businessId: string,
  rows: readonly BatchRowValue[],
  hashes: Map<string, number[]>,
  since: Date,
): Promise<BatchMatch[]> {
  const candidates = await findBatchRowMatchCandidates(ledger, businessId, {
    pixKeys: rows.map((row) => row.pix_key),
    requestHashes: [...hashes.keys()],
    since,
  });
  const perRow = new Map<number, BatchMatch[]>();
  for (const candidate of candidates) {
    const hash = candidate.pending
      ? rowHash({
          amount_centavos: candidate.pending.amountCentavos,
          key_type: candidate.pending.pixKeyType,
          pix_key: candidate.pending.pixKey,
        })
      : (candidate.requestHash ?? "");
    for (const rowNumber of hashes.get(hash) ?? []) {
      const listed = perRow.get(rowNumber) ?? [];
      if (listed.length >= BATCH_MATCHES_PER_ROW) continue;
      listed.push({
        row_number: rowNumber,
        batch_id: candidate.batchId,
        file_name: candidate.fileName,
        batch_row_number: candidate.rowNumber,
        batch_status: candidate.batchStatus,
        batch_created_at: candidate.batchCreatedAt.toISOString(),
      });
      perRow.set(rowNumber, listed);
    }
  }
  return [...perRow.entries()].sort(([a], [b]) => a - b).flatMap(([, listed]) => listed);
}

/**
 * Rows repeating a payout of the register or a row of another batch (last 7 days, same key type, key and amount),
 * and the fees estimated. No writes; the flags are advisory.
 */
export async function previewBatch(
  { ledger, businessId }: LedgerScope,
  body: { rows: BatchRowValue[] },
): Promise<Answer<BatchPreview>> {
  const hashes = rowsByHash(body.rows);
  const since = new Date(serverClock().now() - MATCH_DAYS * 24 * 60 * 60_000);
  const [register, batches, fees] = await Promise.all([
    registerMatches(ledger, businessId, hashes, since),
    batchMatches(ledger, businessId, body.rows, hashes, since),
    estimatePayoutFees(
      ledger,
      businessId,
      body.rows.map((row) => row.amount_centavos),
    ),
  ]);
  const data: BatchPreview = { register_matches: register, batch_matches: batches, fee_estimate: fees };
  return { data };
}
