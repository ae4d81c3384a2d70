import "server-only";
import { appendAudit, revokeSession, type Ledger } from "@/lib/ledger";
import { isSandboxMode } from "@/lib/payments/config-public";
import { isPaymentsApiError, type Credential } from "@/lib/payments/client";
import { apiClientFor } from "./api-client";
import type { SignInBody } from "@/lib/schemas/session";
import { serializeClearedSessionCookie } from "@/lib/session/cookie";
import { newSession, sessionExpiresAt, sessionSetCookie, toSessionInfo, type SessionData } from "@/lib/session/session";
import { businessForApiKey, businessForViewer, type BusinessRef } from "./business";
import { BffError } from "./errors";
import type { HandlerResult } from "./handler";

/**
 * Checks a credential with a real, harmless call to the API: a payment-link list
 * for an API key, a chargeback list for an access token (the spec lets bearer
 * tokens call only two reads).
 */
async function verifyCredential(credential: Credential): Promise<string | null> {
  const api = apiClientFor(credential, { maxAttempts: 2 });
  try {
    const result = credential.kind === "api_key" ? await api.listPaymentLinks() : await api.listChargebacks();
    return result.requestId;
  } catch (error) {
    if (isPaymentsApiError(error) && error.kind === "http" && (error.status === 401 || error.status === 403)) {
      throw new BffError(401, "invalid_credentials", "The payments API did not accept these credentials.", { requestId: error.requestId });
    }
    throw error;
  }
}

export async function signIn(ledger: Ledger, body: SignInBody, secure: boolean): Promise<HandlerResult> {
  const viewer = "accessToken" in body;
  const credential: Credential = viewer
    ? { kind: "bearer", accessToken: body.accessToken, businessId: body.businessId }
    : { kind: "api_key", apiKey: body.apiKey };
  const business: BusinessRef = viewer ? businessForViewer(body.businessId) : businessForApiKey(body.apiKey);
  const role = viewer ? "viewer" : "operator";
  const actor = { name: body.operatorName, role };

  let requestId: string | null;
  try {
    requestId = await verifyCredential(credential);
  } catch (error) {
    if (error instanceof BffError) {
      await appendAudit(ledger, { businessId: business.id, actor, action: "session.sign_in_failed", outcome: "failure", requestId: error.extra.requestId ?? null, errorCode: error.code, errorMessage: error.message });
    }
    throw error;
  }

  const session = newSession({ role, operatorName: body.operatorName, business, credential, sandbox: isSandboxMode() });
  await appendAudit(ledger, { businessId: business.id, actor, action: "session.sign_in", outcome: "success", requestId, targetType: "session", targetId: session.sid });
  return { data: toSessionInfo(session), requestId, cookies: [await sessionSetCookie(session, secure)] };
}

export async function signOut(ledger: Ledger, session: SessionData, secure: boolean): Promise<HandlerResult> {
  await revokeSession(ledger, { sessionId: session.sid, businessId: session.business.id, expiresAt: sessionExpiresAt(session) });
  await appendAudit(ledger, {
    businessId: session.business.id,
    actor: { name: session.operatorName, role: session.role },
    action: "session.sign_out",
    outcome: "success",
    targetType: "session",
    targetId: session.sid,
  });
  return { data: { signedOut: true }, cookies: [serializeClearedSessionCookie(secure)] };
}
