import "server-only";
import { appendAudit, type AuditEntryInput, type Ledger } from "@/lib/server/ledger";
import { log } from "@/lib/server/log";
import { mapError } from "../http/errors";

/** Records a failed state-changing action with the error the operator saw, then lets the caller rethrow. */
export async function auditFailure(
  ledger: Ledger,
  entry: Omit<AuditEntryInput, "outcome" | "errorCode" | "errorMessage" | "requestId">,
  error: unknown,
  outcome: "failure" | "pending" = "failure",
): Promise<void> {
  const mapped = mapError(error);
  await appendAudit(ledger, { ...entry, outcome, requestId: mapped.requestId, errorCode: mapped.body.code, errorMessage: mapped.body.message }).catch((auditError: unknown) => {
    log.error("bff.audit_failure_not_recorded", { requestId: mapped.requestId, action: entry.action, error: auditError });
  });
}
