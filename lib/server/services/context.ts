import "server-only";
import type { Role } from "@/lib/shared/auth/roles";
import { getLedger, type Ledger } from "@/lib/server/ledger";
import { BffError } from "@/lib/server/errors/bff-error";
import { configuredMailer, type Mailer } from "@/lib/server/mail/mailer";
import type { Credential, PaymentsClient } from "@/lib/server/payments-api/client";
import { apiClientFor } from "@/lib/server/payments-api/for-credential";
import type { SessionData } from "@/lib/server/session/session";

/**
 * Who is acting: the person (their member id and e-mail, which the audit log
 * records with their name) and their role. `memberId` is null only for the
 * server's own background work (the batch worker, the reconciler).
 */
export interface Actor {
  name: string;
  role: Role;
  memberId: string | null;
  email: string | null;
}

/**
 * What a service is given for a signed-in person: the ledger, the business it
 * acts for (every read and write is scoped to it), who acts, their session
 * the payments API bound to the workspace's credential for their role, and
 * the mailer (null when no SMTP server is configured).
 * The clock is the process's injected one (lib/server/clock.ts).
 */
export interface ServiceDeps {
  ledger: Ledger;
  businessId: string;
  actor: Actor;
  session: SessionData;
  api: PaymentsClient;
  mailer: Mailer | null;
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

/** The acting person of a session. */
export function actorOf(session: SessionData): Actor {
  return { name: session.person.name, role: session.role, memberId: session.person.id, email: session.person.email };
}

function missingCredential(): Promise<never> {
  return Promise.reject(
    new BffError("workspace_credential_missing", "This workspace has no API key yet: its owner enters it in Settings."),
  );
}

/** The client of a workspace without a credential: every call is refused before anything is sent. */
const NO_CREDENTIAL_CLIENT: PaymentsClient = {
  getPayout: missingCredential,
  createPayout: missingCredential,
  listChargebacks: missingCredential,
  listPaymentLinks: missingCredential,
  listPaymentLinkItems: missingCredential,
  listChargebackItems: missingCredential,
  createPaymentLink: missingCredential,
  updateSubaccount: missingCredential,
  setSubaccountBlocked: missingCredential,
};

/** The session's credential, for work that needs it outright (a refusal before anything is sent when there is none). */
export function requireCredential(session: SessionData): Credential {
  if (!session.credential)
    throw new BffError(
      "workspace_credential_missing",
      "This workspace has no API key yet: its owner enters it in Settings.",
    );
  return session.credential;
}

/** A signed-in session's dependencies, for its route (lib/server/http/handler.ts) and its pages' first data. */
export async function sessionDeps(session: SessionData): Promise<ServiceDeps> {
  return {
    ledger: await getLedger(),
    session,
    businessId: session.business.id,
    actor: actorOf(session),
    api: session.credential ? apiClientFor(session.credential) : NO_CREDENTIAL_CLIENT,
    mailer: configuredMailer(),
  };
}
