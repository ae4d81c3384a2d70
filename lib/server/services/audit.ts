import "server-only";
import { toBffError } from "@/lib/server/errors/classify";
import { appendAudit, type AuditEntryInput, type Ledger } from "@/lib/server/ledger";
import { log } from "@/lib/server/log";

/** Records a failed state-changing action with the error the operator saw, then lets the caller rethrow. */
export async function auditFailure(
  ledger: Ledger,
  entry: Omit<AuditEntryInput, "outcome" | "errorCode" | "errorMessage" | "requestId">,
  error: unknown,
  outcome: "failure" | "pending" = "failure",
): Promise<void> {
  const seen = toBffError(error);
  const requestId = seen.extra.requestId ?? null;
  await appendAudit(ledger, { ...entry, outcome, requestId, errorCode: seen.code, errorMessage: seen.message }).catch(
    (auditError: unknown) => {
      log.error("bff.audit_failure_not_recorded", { requestId, action: entry.action, error: auditError });
    },
  );
}
