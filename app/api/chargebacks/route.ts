import { withSession } from "@/lib/server/http/handler";

// GET /api/chargebacks – every chargeback and MED dispute of the business, with every field the API sent
export const GET = withSession({ permission: "chargebacks.list" }, async ({ api }) => {
  const result = await api.listChargebacks();
  return { data: result.data, requestId: result.requestId };
});
