/** Shared pieces of the batch component tests: a Batch as the BFF answers it, its rows, and a layout for the virtual tables. */
import type { Batch, BatchRow } from "@/lib/shared/schemas/payout-batches";

export function batchFixture(overrides: Partial<Batch> = {}): Batch {
  return {
    id: "b_1",
    file_name: "fornecedores.csv",
    status: "sending",
    paused_reason: null,
    created_at: "2026-11-22T13:00:00.000Z",
    created_by: "Olivia (operator)",
    confirmed_at: "2026-11-22T13:01:00.000Z",
    total_centavos: 6000,
    typed_total_required: false,
    row_count: 3,
    counts: { pending: 3, sending: 0, sent: 0, paid: 0, failed: 0, needs_review: 0, handled: 0, cancelled: 0 },
    rate_per_minute: null,
    eta_seconds: null,
    ...overrides,
  };
}

export function batchRowFixture(overrides: Partial<BatchRow> = {}): BatchRow {
  return {
    row_number: 2,
    pix_key: "a***@example.com",
    key_type: "email",
    amount_centavos: 1000,
    status: "pending",
    payout_id: null,
    end_to_end_id: null,
    failure_reason: null,
    fee_centavos: null,
    name: "Ana",
    ...overrides,
  };
}
