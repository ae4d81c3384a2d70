import { withSession } from "@/lib/server/http/handler";
import { listActivity } from "@/lib/server/services/activity";
import { activityQuerySchema } from "@/lib/shared/schemas/activity";

// GET /api/activity – the audit log, newest first, filtered by person, action, target and dates
export const GET = withSession({ permission: "activity.list", query: activityQuerySchema }, (ctx) =>
  listActivity(ctx, ctx.query),
);
