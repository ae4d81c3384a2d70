import "server-only";
import { serverNow } from "@/lib/server/clock";
import { appendAudit, hasRecordedSuccess } from "@/lib/server/ledger";
import {
  createPaymentLinkBodySchemaAt,
  type CreatePaymentLinkBody,
  type PaymentLink,
} from "@/lib/shared/schemas/payment-link";
import { auditFailure } from "@/lib/server/services/audit";
import type { Answer, ServiceDeps } from "@/lib/server/services/context";

/** The link's creation body: the shared schema, its expiry checked on the server's (injectable) clock. */
export const createPaymentLinkBody = createPaymentLinkBodySchemaAt(serverNow);

/**
 * Every payment link of the business, as the API lists them (only the list itself checked: its route checks the
 * items). A read and nothing else: the insights' snapshots of the counters are the link watcher's and the insights'
 * own (lib/server/services/insights/link-watcher.ts), so a list of 10,000 links is not parsed twice and written.
 */
export async function listPaymentLinks(deps: Pick<ServiceDeps, "api">): Promise<Answer<unknown[]>> {
  const result = await deps.api.listPaymentLinkItems();
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
