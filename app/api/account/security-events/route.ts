import { withSession } from "@/lib/server/http/handler";
import { listOwnSecurityEvents } from "@/lib/server/services/account/security-history";
import { securityEventsQuerySchema } from "@/lib/shared/schemas/account";

// GET /api/account/security-events – the person's own security history, newest first, a page at a time (next_cursor)
export const GET = withSession({ permission: "any", query: securityEventsQuerySchema }, (ctx) =>
  listOwnSecurityEvents(ctx, ctx.query),
);
