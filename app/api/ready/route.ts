import { withProbe } from "@/lib/server/http/probe";
import { readiness } from "@/lib/server/services/operations/readiness";

// GET /api/ready – readiness for load balancers: the ledger and the payments API are reachable
export const GET = withProbe(() => readiness());
