import { withProbe } from "@/lib/server/http/probe";
import { liveness } from "@/lib/server/services/operations/readiness";

// GET /api/health – liveness for load balancers: the process answers (no session, database or upstream)
export const GET = withProbe(liveness);
