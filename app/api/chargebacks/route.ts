import { withSession } from "@/lib/server/http/handler";
import { listChargebacks } from "@/lib/server/services/chargebacks";
import { READ_PERMISSIONS } from "@/lib/server/services/read-permissions";
import { ChargebackSchema } from "@/lib/shared/schemas/chargeback";

// GET /api/chargebacks – every chargeback and MED dispute of the business, with every field the API sent (in pages when asked)
export const GET = withSession({ permission: READ_PERMISSIONS.chargebacks, list: ChargebackSchema }, listChargebacks);
