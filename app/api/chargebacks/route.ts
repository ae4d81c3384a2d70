import { wantsPages, withSession } from "@/lib/server/http/handler";

// GET /api/chargebacks – every chargeback and MED dispute of the business, with every field the API sent (in pages when asked)
export const GET = withSession({ permission: "chargebacks.list" }, async ({ api, request }) => {
  const result = await api.listChargebacks();
  return { data: result.data, requestId: result.requestId, paged: wantsPages(request) };
});
