// STUB until the service lands: replaced on merge (the insights UI branch builds against the contract only).
import type { Answer, ServiceDeps } from "@/lib/server/services/context";
import type { DisputeInsights } from "@/lib/shared/schemas/insights";

/** STUB: the real service comes from its own branch; this one only lets the pages typecheck. */
export async function disputeInsights(_deps: ServiceDeps): Promise<Answer<DisputeInsights>> {
  throw new Error("disputeInsights: stub, the service has not landed on this branch");
}
