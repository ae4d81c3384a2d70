import "server-only";
import { z } from "zod";
import type { BffErrorBody } from "@/lib/shared/schemas/envelope";
import { ChargebackSchema } from "@/lib/shared/schemas/chargeback";
import { PAGED_LIST_TYPE, splitPages } from "@/lib/shared/schemas/paged-list";
import { PaymentLinkSchema } from "@/lib/shared/schemas/payment-link";
import type { HandlerResult, SessionContext } from "../http/handler";

/**
 * The whole-list routes. Asked for pages (`Accept: application/x-ndjson`), they
 * take the API's items with only the container checked and check each page with
 * the item schema as the reply is pulled, so the first page leaves before the
 * other 10,000 items are validated; the checks are the ones the whole-list reply
 * makes, one pass each. Otherwise the usual envelope, checked whole.
 */

/** One line of a paged reply, as the service hands it to `respondPages`. */
export type PageLine = { page: unknown[] } | { error: BffErrorBody };

/** Pages of `items`, each checked with `itemSchema`; an invalid page ends the list with the same error the whole-list reply gives. */
export function* checkedPages(items: readonly unknown[], itemSchema: z.core.$ZodType): Generator<PageLine> {
  const pageSchema = z.array(itemSchema);
  let offset = 0;
  for (const page of splitPages(items)) {
    const parsed = pageSchema.safeParse(page);
    if (!parsed.success) {
      // Paths and issue codes only (the values may be personal data), indexed in the whole list.
      const issues = parsed.error.issues.slice(0, 20).map((issue) => {
        const [index, ...rest] = issue.path;
        return { path: [typeof index === "number" ? index + offset : index, ...rest].map(String).join("."), code: issue.code };
      });
      yield { error: { code: "upstream_invalid_response", message: "The payments API answered with data that does not match the expected shape.", details: { issues } } };
      return;
    }
    offset += page.length;
    yield { page: parsed.data };
  }
}

type ListContext = Pick<SessionContext<unknown, unknown, unknown>, "api" | "request">;

/** The browser asked for a list in pages. */
export function wantsPages(request: Request): boolean {
  return (request.headers.get("accept") ?? "").includes(PAGED_LIST_TYPE);
}

export async function listPaymentLinks({ api, request }: ListContext): Promise<HandlerResult> {
  if (!wantsPages(request)) {
    const result = await api.listPaymentLinks();
    return { data: result.data, requestId: result.requestId };
  }
  const result = await api.listPaymentLinkItems();
  return { data: null, requestId: result.requestId, pages: checkedPages(result.data, PaymentLinkSchema) };
}

export async function listChargebacks({ api, request }: ListContext): Promise<HandlerResult> {
  if (!wantsPages(request)) {
    const result = await api.listChargebacks();
    return { data: result.data, requestId: result.requestId };
  }
  const result = await api.listChargebackItems();
  return { data: null, requestId: result.requestId, pages: checkedPages(result.data, ChargebackSchema) };
}
