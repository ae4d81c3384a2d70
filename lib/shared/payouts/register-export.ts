import type { ExportSheet } from "@/lib/shared/export/sheet";
import { shownFeeAndNet } from "@/lib/shared/payouts/fee-and-net";
import type { RegisterPayout } from "@/lib/shared/schemas/register";

/**
 * The payout register as a file (GET /api/payouts/export): one line per filtered row, newest first. The fee and net
 * are the ones the register shows (`shownFeeAndNet`: none for a failed payout), so the columns add up to the
 * register's totals for the same filters. The key is the masked one the register shows, never the full key.
 */
export const REGISTER_SHEET: ExportSheet<RegisterPayout> = {
  file: "payouts",
  title: "payouts.export.sheet",
  columns: [
    { kind: "dateTime", header: "payouts.field.createdAt", value: (row) => row.created_at },
    { kind: "text", header: "payouts.field.id", value: (row) => row.id },
    { kind: "enum", header: "payouts.export.state", labels: "payouts.export.state.", value: (row) => row.state },
    { kind: "enum", header: "payouts.field.status", labels: "status.", value: (row) => row.status },
    { kind: "money", header: "payouts.field.amount", value: (row) => row.amount_centavos },
    { kind: "money", header: "payouts.field.fee", value: (row) => shownFeeAndNet(row).fee },
    { kind: "money", header: "payouts.field.net", value: (row) => shownFeeAndNet(row).net },
    { kind: "text", header: "payouts.field.holder", value: (row) => row.holder_name },
    { kind: "text", header: "payouts.field.key", value: (row) => row.pix_key_masked },
    { kind: "enum", header: "payouts.field.keyType", labels: "pixKey.type.", value: (row) => row.pix_key_type },
    { kind: "text", header: "payouts.field.endToEndId", value: (row) => row.end_to_end_id },
    { kind: "text", header: "payouts.field.failureReason", value: (row) => row.failure_reason },
    { kind: "text", header: "payouts.field.createdBy", value: (row) => row.created_by.name },
    { kind: "text", header: "payouts.field.idempotencyKey", value: (row) => row.idempotency_key },
  ],
};
