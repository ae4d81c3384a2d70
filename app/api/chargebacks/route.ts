import { withSession } from "@/lib/server/http/handler";
import { listChargebacks } from "@/lib/server/services/paged-lists";
import { READ_PERMISSIONS } from "@/lib/server/services/read-permissions";

// GET /api/chargebacks – every chargeback and MED dispute of the business, with every field the API sent (in pages when asked)
export const GET = withSession({ permission: READ_PERMISSIONS.chargebacks }, (ctx) => listChargebacks(ctx));
