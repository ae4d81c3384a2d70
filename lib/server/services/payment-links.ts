import "server-only";
import { serverNow } from "@/lib/server/clock";
import { appendAudit, hasRecordedSuccess } from "@/lib/server/ledger";
import { createPaymentLinkBodySchemaAt, type CreatePaymentLinkBody } from "@/lib/shared/schemas/payment-link";
import { auditFailure } from "./audit";
import type { HandlerResult, SessionContext } from "../http/handler";

/** POST /api/payment-links' body: the shared schema, its expiry checked on the server's (injectable) clock. */
export const createPaymentLinkBody = createPaymentLinkBodySchemaAt(serverNow);

export async function createPaymentLink(ctx: SessionContext<unknown, unknown, CreatePaymentLinkBody>): Promise<HandlerResult> {
  const { api, ledger, businessId, actor, body } = ctx;
  const idempotencyKey = ctx.idempotencyKey ?? "";
  try {
    const result = await api.createPaymentLink(body, { idempotencyKey });
    // A retry whose first reply was recorded gets the same link back: record it once.
    const recorded = result.replayed && (await hasRecordedSuccess(ledger, businessId, "payment_link.create", idempotencyKey));
    if (recorded) return { status: 201, data: result.data, requestId: result.requestId };
    await appendAudit(ledger, {
      businessId,
      actor,
      action: "payment_link.create",
      outcome: "success",
      targetType: "payment_link",
      targetId: result.data.id,
      after: { name: result.data.name, slug: result.data.slug, amount_centavos: result.data.amount_centavos, min_amount_centavos: result.data.min_amount_centavos },
      idempotencyKey,
      requestId: result.requestId,
    });
    return { status: 201, data: result.data, requestId: result.requestId };
  } catch (error) {
    await auditFailure(ledger, { businessId, actor, action: "payment_link.create", targetType: "payment_link", targetId: body.slug, idempotencyKey }, error);
    throw error;
  }
}
