import "server-only";
import { serverClock, serverNow } from "@/lib/server/clock";
import { appendAudit, hasRecordedSuccess } from "@/lib/server/ledger";
import {
  createPaymentLinkBodySchemaAt,
  type CreatePaymentLinkBody,
  type PaymentLink,
} from "@/lib/shared/schemas/payment-link";
import { auditFailure } from "@/lib/server/services/audit";
import type { Answer, ServiceDeps } from "@/lib/server/services/context";
import { observeLinkCounters, readLinks } from "@/lib/server/services/insights/link-counters";

/** The link's creation body: the shared schema, its expiry checked on the server's (injectable) clock. */
export const createPaymentLinkBody = createPaymentLinkBodySchemaAt(serverNow);

/**
 * Every payment link of the business, as the API lists them (only the list itself checked: its route checks the
 * items). The readable links' counters are kept as a snapshot for the link insights (never failing the list).
 */
export async function listPaymentLinks(
  deps: Pick<ServiceDeps, "api" | "ledger" | "businessId">,
): Promise<Answer<unknown[]>> {
  const now = serverClock().now();
  const result = await deps.api.listPaymentLinkItems();
  await observeLinkCounters(deps, readLinks(result.data).links, now);
  return { data: result.data, requestId: result.requestId };
}

/** Creates a payment link, once per idempotency key (a repeat gets the same link back and is recorded once). */
export async function createPaymentLink(
  { api, ledger, businessId, actor }: Pick<ServiceDeps, "api" | "ledger" | "businessId" | "actor">,
  input: { link: CreatePaymentLinkBody; idempotencyKey: string },
): Promise<Answer<PaymentLink>> {
  const { link: body, idempotencyKey } = input;
  try {
    const result = await api.createPaymentLink(body, { idempotencyKey });
    // A retry whose first reply was recorded gets the same link back: record it once.
    const recorded =
      result.replayed && (await hasRecordedSuccess(ledger, businessId, "payment_link.create", idempotencyKey));
    if (recorded) return { data: result.data, requestId: result.requestId, created: true };
    await appendAudit(ledger, {
      businessId,
      actor,
      action: "payment_link.create",
      outcome: "success",
      targetType: "payment_link",
      targetId: result.data.id,
      after: {
        name: result.data.name,
        slug: result.data.slug,
        amount_centavos: result.data.amount_centavos,
        min_amount_centavos: result.data.min_amount_centavos,
      },
      idempotencyKey,
      requestId: result.requestId,
    });
    return { data: result.data, requestId: result.requestId, created: true };
  } catch (error) {
    await auditFailure(
      ledger,
      {
        businessId,
        actor,
        action: "payment_link.create",
        targetType: "payment_link",
        targetId: body.slug,
        idempotencyKey,
      },
      error,
    );
    throw error;
  }
}
