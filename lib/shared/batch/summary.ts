import type { ValidatedRow } from "./validate-row";

export interface BatchSummary {
  /** Included rows (valid or not). */
  included: number;
  excluded: number;
  /** Included rows with at least one error (ambiguous keys included). */
  invalid: number;
  /** Included valid rows: the payouts that would be sent. */
  payouts: number;
  /** Sum of the valid included rows. A bigint: 5,000 rows of large amounts can pass 2^53 centavos. */
  totalCentavos: bigint;
  /** The largest valid included row, or null when there is none. */
  largest: { index: number; rowNumber: number; centavos: number } | null;
  /** Groups (2 or more row indexes) of valid included rows with the same key and amount. */
  duplicates: number[][];
  /** True when there is something to send and no included row is invalid. */
  ready: boolean;
}

/** Totals and checks over validated rows: what the review step shows before anything is sent. */
export function summarizeBatch(rows: readonly ValidatedRow[]): BatchSummary {
  let excluded = 0;
  let invalid = 0;
  let total = 0n;
  let largest: BatchSummary["largest"] = null;
  const groups = new Map<string, number[]>();

  for (const row of rows) {
    if (row.excluded) {
      excluded += 1;
      continue;
    }
    if (!row.value) {
      invalid += 1;
      continue;
    }
    const centavos = row.value.amount_centavos;
    total += BigInt(centavos);
    if (!largest || centavos > largest.centavos) largest = { index: row.index, rowNumber: row.rowNumber, centavos };
    const identity = `${row.value.pix_key_type}\u0000${row.value.pix_key}\u0000${centavos}`;
    groups.set(identity, [...(groups.get(identity) ?? []), row.index]);
  }

  const included = rows.length - excluded;
  const payouts = included - invalid;
  const duplicates = [...groups.values()].filter((group) => group.length > 1);
  return {
    included,
    excluded,
    invalid,
    payouts,
    totalCentavos: total,
    largest,
    duplicates,
    ready: payouts > 0 && invalid === 0,
  };
}
