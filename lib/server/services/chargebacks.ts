import "server-only";
import type { Answer, ServiceDeps } from "@/lib/server/services/context";

/** Every chargeback and MED dispute of the business, as the API lists them (only the list itself checked: its route checks the items). */
export async function listChargebacks({ api }: Pick<ServiceDeps, "api">): Promise<Answer<unknown[]>> {
  const result = await api.listChargebackItems();
  return { data: result.data, requestId: result.requestId };
}
