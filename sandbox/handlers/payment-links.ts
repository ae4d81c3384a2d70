/** GET and POST /v1/payment-links. */
import { fail, ok, validationFailed } from "../http";
import { fingerprint, runIdempotent } from "../idempotency";
import { newId } from "../random";
import type { PaymentLinkRecord } from "../types";
import { Fields, MAX_LINK_CENTAVOS, MAX_LINK_SALES, SLUG_RE } from "../validation";
import { headerIdempotencyScope, type Handler } from "./context";

const str = (v: number | null): string | null => (v === null ? null : String(v));

/** Response shape: money and max_sales as numeric strings, counters as integers. */
export function linkView(l: PaymentLinkRecord): Record<string, unknown> {
  return {
    id: l.id,
    name: l.name,
    description: l.description,
    slug: l.slug,
    amount_centavos: str(l.amount_centavos),
    min_amount_centavos: str(l.min_amount_centavos),
    collect_customer_data: l.collect_customer_data,
    max_sales: str(l.max_sales),
    expires_at: l.expires_at,
    starts_at: l.starts_at,
    status: l.status,
    checkouts_started: l.checkouts_started,
    sales_count: l.sales_count,
    visits: l.visits,
    revenue_centavos: String(l.revenue_centavos),
    created_at: l.created_at,
  };
}

export const listPaymentLinks: Handler = (ctx) => ({
  status: 200,
  rawData: ctx.store.linkListJson(ctx.business.id, (links) => ({ links: links.map(linkView) }), ctx.now),
});

export const createPaymentLink: Handler = (ctx) => {
  const idem = headerIdempotencyScope(ctx);
  if ("result" in idem) return idem.result;

  return runIdempotent(ctx.store, idem.scope, fingerprint(ctx.body), () => {
    const f = new Fields(ctx.body);
    const name = f.string("name", { required: true, min: 1, max: 120 });
    const slug = f.string("slug", { required: true, min: 1, max: 64, trim: false });
    if (slug !== undefined && (slug.length < 3 || !SLUG_RE.test(slug))) {
      f.error("slug", "must be 3 to 64 lowercase letters, digits or single hyphens (e.g. camiseta-azul)");
    }
    const description = ctx.body.description === null ? "" : f.string("description", { required: false, max: 500 });
    const amount = f.positiveInt("amount_centavos", { required: false, max: MAX_LINK_CENTAVOS });
    const min = f.positiveInt("min_amount_centavos", { required: false, max: MAX_LINK_CENTAVOS });
    if (!f.has("amount_centavos") && !f.has("min_amount_centavos")) {
      f.error("amount_centavos", "either amount_centavos or min_amount_centavos is required");
    }
    if (amount !== undefined && min !== undefined && min > amount) {
      f.error("min_amount_centavos", "must not be greater than amount_centavos");
    }
    const maxSales = f.positiveInt("max_sales", { required: false, max: MAX_LINK_SALES });
    const expiresAt = f.isoTimestamp("expires_at", { required: false });
    if (expiresAt !== undefined && Date.parse(expiresAt) <= ctx.now) f.error("expires_at", "must be in the future");
    const collect = f.boolean("collect_customer_data", { required: false });

    if (!f.ok || name === undefined || slug === undefined) return validationFailed(f.errors);
    if (ctx.store.slugTaken(ctx.business.id, slug)) {
      return fail(409, "slug_taken", "A payment link with this slug already exists.", {
        fields: { slug: "is already taken" },
      });
    }

    const nowIso = new Date(ctx.now).toISOString();
    const link: PaymentLinkRecord = {
      id: newId("pl"),
      business_id: ctx.business.id,
      name,
      description: description ?? "",
      slug,
      amount_centavos: amount ?? null,
      min_amount_centavos: min ?? null,
      collect_customer_data: collect ?? false,
      max_sales: maxSales ?? null,
      expires_at: expiresAt ?? null,
      starts_at: nowIso,
      status: "pending",
      checkouts_started: 0,
      sales_count: 0,
      visits: 0,
      revenue_centavos: 0,
      created_at: nowIso,
    };
    ctx.store.addLink(link);
    return ok(linkView(link));
  });
};
