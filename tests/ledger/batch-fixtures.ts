/** Batches for ledger tests: `rows` rows of R$ 1,00 to distinct e-mail keys, each keyed as the worker keys them. */
import { randomUUID } from "node:crypto";
import { createBatch, moveBatch, type BatchWrite, type Ledger } from "@/lib/server/ledger";
import { ALICE } from "./helpers";

export function batchInput(businessId: string, rows: number, key = randomUUID()): BatchWrite {
  const id = randomUUID();
  return {
    id,
    businessId,
    idempotencyKey: key,
    requestHash: "h",
    fileName: "lista.csv",
    actor: ALICE,
    totalCentavos: rows * 100,
    rows: Array.from({ length: rows }, (_, i) => ({
      rowNumber: i + 2,
      idempotencyKey: `batch-${id}-${i + 2}`,
      amountCentavos: 100,
      pixKeyType: "email",
      pixKey: `p${i}@example.com`,
      pixKeyMasked: "p***@example.com",
      description: null,
      name: null,
      original: [
        ["valor", "1,00"],
        ["chave", `p${i}@example.com`],
      ],
    })),
  };
}

/** A confirmed batch the worker may claim from, sending with `credentialSeal`. */
export async function sendingBatch(ledger: Ledger, businessId: string, rows: number, credentialSeal: string | null) {
  const batch = await createBatch(ledger, batchInput(businessId, rows));
  await moveBatch(ledger, businessId, batch.id, ["awaiting_confirmation"], {
    status: "sending",
    credentialSeal,
    confirmedAt: new Date(),
  });
  return batch;
}
