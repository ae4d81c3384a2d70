/**
 * The security log: sign-ins (failed, throttled, successful) and a person's own
 * 2FA and password changes, kept apart from every business's audit log (a failed
 * caller has proven nothing, and a person's account spans workspaces) and purged
 * after SECURITY_LOG_RETENTION_DAYS by housekeeping. Rows that name an account
 * (`memberId`) are that person's security history.
 */
import { and, desc, eq, isNull, lt, or } from "drizzle-orm";
import { isUuid } from "./query";
import { securityEvents, type SecurityEventKind, type SecurityEventRow } from "./schema";
import type { Ledger } from "./types";

export interface SecurityEventInput {
  kind: SecurityEventKind;
  reason: string;
  clientAddress: string | null;
  addressSource: "proxy" | "unverified";
  credentialFingerprint: string | null;
  credentialKind: "api_key" | "bearer" | "password" | "totp" | "recovery_code" | null;
  requestId: string | null;
  /** The account the event is about, when one is known. */
  memberId?: string | null;
  /** The browser's User-Agent as sent (cut to SECURITY_EVENT_USER_AGENT_MAX characters). */
  userAgent?: string | null;
  /** The workspace a sign-in opened; none for an event about the account itself. */
  businessId?: string | null;
  at?: Date;
}

/** The longest User-Agent kept (the column's CHECK): enough to tell browsers and systems apart. */
export const SECURITY_EVENT_USER_AGENT_MAX = 300;

export async function recordSecurityEvent(ledger: Ledger, event: SecurityEventInput): Promise<void> {
  await ledger.db.insert(securityEvents).values({
    ...event,
    clientAddress: event.clientAddress?.slice(0, 100) ?? null,
    memberId: event.memberId && isUuid(event.memberId) ? event.memberId : null,
    userAgent: event.userAgent ? Array.from(event.userAgent).slice(0, SECURITY_EVENT_USER_AGENT_MAX).join("") : null,
  });
}

export interface SecurityEventsPage {
  items: SecurityEventRow[];
  /** The id to pass as `before` for the next (older) page, or null when this was the last. */
  nextCursor: string | null;
}

/**
 * One person's events, newest first, `limit` at a time; `before` is the previous page's cursor. With `workspace`,
 * only what that workspace may see: the account's own events and the sign-ins into that workspace, not those into
 * the person's other workspaces.
 */
export async function listMemberSecurityEvents(
  ledger: Ledger,
  memberId: string,
  options: { limit: number; before?: number; workspace?: string },
): Promise<SecurityEventsPage> {
  if (!isUuid(memberId)) return { items: [], nextCursor: null };
  const rows = await ledger.db
    .select()
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.memberId, memberId),
        options.workspace === undefined
          ? undefined
          : or(isNull(securityEvents.businessId), eq(securityEvents.businessId, options.workspace)),
        options.before === undefined ? undefined : lt(securityEvents.id, options.before),
      ),
    )
    .orderBy(desc(securityEvents.id))
    .limit(options.limit + 1);
  const items = rows.slice(0, options.limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > options.limit && last ? String(last.id) : null };
}

/** Newest first; for the administrator's `npm run security-log` and tests. */
export async function listSecurityEvents(ledger: Ledger, limit = 100): Promise<SecurityEventRow[]> {
  return ledger.db.select().from(securityEvents).orderBy(desc(securityEvents.id)).limit(limit);
}

export async function purgeSecurityEvents(ledger: Ledger, olderThan: Date): Promise<number> {
  const deleted = await ledger.db
    .delete(securityEvents)
    .where(lt(securityEvents.at, olderThan))
    .returning({ id: securityEvents.id });
  return deleted.length;
}
