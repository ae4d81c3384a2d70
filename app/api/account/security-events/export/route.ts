import { withSession } from "@/lib/server/http/handler";
import { exportOwnSecurityEvents } from "@/lib/server/services/account/security-history";

// GET /api/account/security-events/export – the person's own security history as CSV (newest first)
export const GET = withSession({ permission: "any" }, (ctx) => exportOwnSecurityEvents(ctx));
