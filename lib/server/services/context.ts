import "server-only";
import type { Role } from "@/lib/shared/auth/roles";
import { getLedger, type Ledger } from "@/lib/server/ledger";
import type { PaymentsClient } from "@/lib/server/payments-api/client";
import { apiClientFor } from "@/lib/server/payments-api/for-credential";
import type { SessionData } from "@/lib/server/session/session";

/** Who is acting: the name the audit log records, and their role. */
export interface Actor {
  name: string;
  role: Role;
}

/**
 * What a service is given for a signed-in person: the ledger, the business it
 * acts for (every read and write is scoped to it), who acts, their session
 * (its credential and lifetime) and the payments API bound to that credential.
 * The clock is the process's injected one (lib/server/clock.ts).
 */
export interface ServiceDeps {
  ledger: Ledger;
  businessId: string;
  actor: Actor;
  session: SessionData;
  api: PaymentsClient;
}

/** The ledger and the business a service reads or writes, and nothing else. */
export type LedgerScope = Pick<ServiceDeps, "ledger" | "businessId">;

/** A service's answer: its data, and the payments API's request id of the call behind it when there was one. */
export interface Answer<T> {
  data: T;
  requestId?: string | null;
  /** Something new was made (not an earlier one given back for a repeated request). */
  created?: boolean;
}

/** A document to download: the results file of a batch. */
export interface Download {
  download: { body: string | Uint8Array<ArrayBuffer>; contentType: string; fileName: string };
}

/** A signed-in session's dependencies, for its route (lib/server/http/handler.ts) and its pages' first data. */
export async function sessionDeps(session: SessionData): Promise<ServiceDeps> {
  return {
    ledger: await getLedger(),
    session,
    businessId: session.business.id,
    actor: { name: session.operatorName, role: session.role },
    api: apiClientFor(session.credential),
  };
}
