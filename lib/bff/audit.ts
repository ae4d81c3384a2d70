import "server-only";
import { appendAudit, type AuditEntryInput, type Ledger } from "@/lib/ledger";
import { mapError } from "./errors";

/** Records a failed state-changing action with the error the operator saw, then lets the caller rethrow. */
export async function auditFailure(
  ledger: Ledger,
  entry: Omit<AuditEntryInput, "outcome" | "errorCode" | "errorMessage" | "requestId">,
  error: unknown,
  outcome: "failure" | "pending" = "failure",
): Promise<void> {
  const mapped = mapError(error);
  await appendAudit(ledger, { ...entry, outcome, requestId: mapped.requestId, errorCode: mapped.body.code, errorMessage: mapped.body.message }).catch((auditError: unknown) => {
    console.error("[bff] could not record a failed action in the audit log", auditError);
  });
}
