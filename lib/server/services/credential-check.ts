import "server-only";
import { isPaymentsApiError, type Credential } from "@/lib/server/payments-api/client";
import { apiClientFor } from "@/lib/server/payments-api/for-credential";
import { BffError } from "@/lib/server/errors/bff-error";

/**
 * Checks a credential with a real, harmless call to the API: a payment-link list
 * for an API key, a chargeback list for an access token (the spec lets bearer
 * tokens call only two reads). A refusal (401/403) is `invalid_credentials`;
 * anything else (the API unreachable, failing) is thrown as it came.
 */
export async function verifyCredential(credential: Credential): Promise<string | null> {
  const api = apiClientFor(credential, { maxAttempts: 2 });
  try {
    const result = credential.kind === "api_key" ? await api.listPaymentLinks() : await api.listChargebacks();
    return result.requestId;
  } catch (error) {
    if (isPaymentsApiError(error) && error.kind === "http" && (error.status === 401 || error.status === 403)) {
      throw new BffError("invalid_credentials", "The payments API did not accept these credentials.", {
        requestId: error.requestId,
      });
    }
    throw error;
  }
}
