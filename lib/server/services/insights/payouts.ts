// STUB until the service lands: replaced on merge (the insights UI branch builds against the contract only).
import type { Answer, ServiceDeps } from "@/lib/server/services/context";
import type { PayoutInsights, InsightWindowQuery } from "@/lib/shared/schemas/insights";

/** STUB: the real service comes from its own branch; this one only lets the pages typecheck. */
export async function payoutInsights(_deps: ServiceDeps, _query: InsightWindowQuery): Promise<Answer<PayoutInsights>> {
  throw new Error("payoutInsights: stub, the service has not landed on this branch");
}
