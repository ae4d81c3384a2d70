import "server-only";
import { BffError } from "@/lib/server/errors/bff-error";
import { getMemberAccess, listMemberSecurityEvents, type Ledger } from "@/lib/server/ledger";
import type { SecurityEventRow } from "@/lib/server/ledger/schema";
import { serverNow } from "@/lib/server/clock";
import { exportDownload, type ExportRequest } from "@/lib/server/export";
import type { Answer, Download, LedgerScope } from "@/lib/server/services/context";
import type { SessionData } from "@/lib/server/session/session";
import type { ExportSheet } from "@/lib/shared/export";
import type { SecurityEvent, SecurityEventsPage, SecurityEventsQuery } from "@/lib/shared/schemas/account";

/**
 * A person's security history: the security log's rows that name their account (sign-ins, failed ones included,
 * and their 2FA and password changes), newest first. The person sees their own, whole; an owner or admin sees a
 * member of their workspace's, without the sign-ins into the person's other workspaces (and nothing about anyone
 * else: another workspace's person is a 404).
 */

/** The most rows one export holds (newest first). */
export const SECURITY_EVENTS_EXPORT_LIMIT = 5_000;

export function toSecurityEvent(row: SecurityEventRow): SecurityEvent {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    kind: row.kind,
    reason: row.reason,
    factor: row.credentialKind,
    client_address: row.clientAddress,
    address_verified: row.addressSource === "proxy",
    user_agent: row.userAgent,
  };
}

/** Whose history, and as seen from which workspace (none: the person's own view, every workspace). */
interface HistoryOf {
  memberId: string;
  workspace?: string;
}

async function page(ledger: Ledger, of: HistoryOf, query: SecurityEventsQuery): Promise<SecurityEventsPage> {
  const before = query.cursor === undefined ? undefined : Number(query.cursor);
  const found = await listMemberSecurityEvents(ledger, of.memberId, {
    limit: query.limit,
    before,
    workspace: of.workspace,
  });
  return { items: found.items.map(toSecurityEvent), next_cursor: found.nextCursor };
}

/**
 * The history's export (CSV or .xlsx in the person's language, lib/shared/export): when, in their zone; what, in
 * words; the factor; the reason code as recorded; the address and whether the proxy vouched for it; the browser's
 * own user-agent text.
 */
const SECURITY_HISTORY_SHEET: ExportSheet<SecurityEvent> = {
  file: "securityHistory",
  title: "account.history.title",
  columns: [
    { kind: "dateTime", header: "account.history.when", value: (e) => e.at },
    { kind: "enum", header: "account.history.what", labels: "account.event.", value: (e) => e.kind },
    { kind: "enum", header: "account.history.factor", labels: "account.factor.", value: (e) => e.factor },
    { kind: "text", header: "account.history.reason", value: (e) => e.reason },
    { kind: "text", header: "account.history.address", value: (e) => e.client_address },
    {
      kind: "enum",
      header: "account.history.addressVerified",
      labels: "common.",
      value: (e) => (e.address_verified ? "yes" : "no"),
    },
    { kind: "text", header: "account.history.userAgent", value: (e) => e.user_agent },
  ],
};

async function exported(ledger: Ledger, of: HistoryOf, request: ExportRequest, detail?: string): Promise<Download> {
  const found = await listMemberSecurityEvents(ledger, of.memberId, {
    limit: SECURITY_EVENTS_EXPORT_LIMIT,
    workspace: of.workspace,
  });
  return exportDownload(request, SECURITY_HISTORY_SHEET, found.items.map(toSecurityEvent), {
    now: serverNow.now(),
    detail,
  });
}

/** A member of the scope's workspace (active or not), or a 404 as for anything of another workspace. */
async function memberOfWorkspace({ ledger, businessId }: LedgerScope, memberId: string): Promise<string> {
  const access = await getMemberAccess(ledger, { businessId, memberId });
  if (!access) throw new BffError("not_found", "No such member in this workspace.");
  return access.memberId;
}

export async function listOwnSecurityEvents(
  { ledger, session }: { ledger: Ledger; session: SessionData },
  query: SecurityEventsQuery,
): Promise<Answer<SecurityEventsPage>> {
  return { data: await page(ledger, { memberId: session.memberId }, query) };
}

export async function exportOwnSecurityEvents(
  { ledger, session }: { ledger: Ledger; session: SessionData },
  request: ExportRequest,
): Promise<Download> {
  return exported(ledger, { memberId: session.memberId }, request);
}

export async function listMemberSecurityHistory(
  scope: LedgerScope,
  memberId: string,
  query: SecurityEventsQuery,
): Promise<Answer<SecurityEventsPage>> {
  const of = { memberId: await memberOfWorkspace(scope, memberId), workspace: scope.businessId };
  return { data: await page(scope.ledger, of, query) };
}

export async function exportMemberSecurityHistory(
  scope: LedgerScope,
  memberId: string,
  request: ExportRequest,
): Promise<Download> {
  const id = await memberOfWorkspace(scope, memberId);
  return exported(scope.ledger, { memberId: id, workspace: scope.businessId }, request, id);
}
