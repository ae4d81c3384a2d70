import "server-only";
import {
  getPayoutByUpstreamId,
  listPayouts,
  sumPayouts,
  updatePayoutStatus,
  type Ledger,
  type PayoutFilter,
} from "@/lib/server/ledger";
import type { PayoutRecord } from "@/lib/server/ledger/payouts";
import type { PaymentsClient } from "@/lib/server/payments-api/client";
import { serverClock } from "@/lib/server/clock";
import { after } from "@/lib/shared/clock";
import type { Payout } from "@/lib/shared/schemas/payout";
import { can } from "@/lib/shared/auth/roles";
import type { z } from "zod";
import type { RegisterFilter, registerQuerySchema, RegisterPage, RegisterTotals } from "@/lib/shared/schemas/register";
import type { Answer, ServiceDeps } from "@/lib/server/services/context";
import { registerView } from "@/lib/server/services/payouts/issue";
import { readDetailsOf } from "@/lib/server/services/payouts/sender";

/** Copies what the API says of a payout into the register row, when it changed. */
async function syncStatus(
  ledger: Ledger,
  businessId: string,
  row: PayoutRecord,
  payout: Payout,
): Promise<PayoutRecord> {
  const updated = await updatePayoutStatus(ledger, businessId, payout.id, {
    status: payout.status,
    failureReason: payout.failure_reason ?? null,
    endToEndId: payout.end_to_end_id ?? row.endToEndId,
    fee: payout.fee_centavos ?? row.feeCentavos,
    net: payout.net_centavos ?? row.netCentavos,
    ...readDetailsOf(payout),
  });
  return updated ?? row;
}

/** A payout looked up by its id with the API, refreshing the register's copy (for the roles that may read the register). */
export async function lookUpPayout(deps: Pick<ServiceDeps, "api" | "ledger" | "businessId" | "session">, id: string) {
  const { api, ledger, businessId, session } = deps;
  const result = await api.getPayout(id);
  let register = null;
  if (can(session.role, "payouts.register")) {
    const row = await getPayoutByUpstreamId(ledger, businessId, result.data.id);
    if (row) register = registerView(await syncStatus(ledger, businessId, row, result.data));
  }
  return { data: { ...result.data, register }, requestId: result.requestId };
}

const LIVE_REFRESH_LIMIT = 10;
const LIVE_REFRESH_BUDGET_MS = 1500;
const LIVE_REFRESH_MIN_AGE_MS = 3000;

/**
 * Refreshes the status of the newest still-pending payouts on the page, within a
 * small time budget, so the register shows settlement without the browser
 * polling each payout. Failures leave the stored status as it was.
 */
async function refreshPending(
  ledger: Ledger,
  api: PaymentsClient,
  businessId: string,
  rows: PayoutRecord[],
): Promise<PayoutRecord[]> {
  const clock = serverClock();
  const now = clock.now();
  const stale = rows
    .filter(
      (r) =>
        r.payoutId && r.status === "pending" && now - (r.statusCheckedAt?.getTime() ?? 0) > LIVE_REFRESH_MIN_AGE_MS,
    )
    .slice(0, LIVE_REFRESH_LIMIT);
  if (stale.length === 0) return rows;
  const budget = new AbortController();
  const done = new AbortController();
  after(clock, LIVE_REFRESH_BUDGET_MS, done.signal, () =>
    budget.abort(new DOMException("The refresh budget ran out.", "TimeoutError")),
  );
  const signal = budget.signal;
  const refreshed = await Promise.all(
    stale.map(async (row) => {
      try {
        const result = await api.getPayout(row.payoutId ?? "", { signal });
        return await syncStatus(ledger, businessId, row, result.data);
      } catch {
        return row;
      }
    }),
  ).finally(() => done.abort());
  const byId = new Map(refreshed.map((r) => [r.id, r]));
  return rows.map((r) => byId.get(r.id) ?? r);
}

/** A page of the register of payouts issued from the dashboard, the newest pending ones refreshed within a small budget. */
export async function listRegister(
  deps: Pick<ServiceDeps, "api" | "ledger" | "businessId">,
  query: z.output<typeof registerQuerySchema>,
): Promise<Answer<RegisterPage>> {
  const { ledger, api, businessId } = deps;
  const page = await listPayouts(ledger, businessId, {
    ...ledgerFilter(query),
    limit: query.limit,
    cursor: query.cursor,
  });
  const items = await refreshPending(ledger, api, businessId, page.items);
  return { data: { items: items.map(registerView), next_cursor: page.nextCursor } };
}

/** The register's filter as the ledger reads it (the same for the pages, the totals and the export). */
export function ledgerFilter(filter: RegisterFilter): PayoutFilter {
  return {
    status: filter.status,
    state: filter.state,
    search: filter.search,
    from: filter.from,
    to: filter.to,
    outcome: filter.outcome,
  };
}

/** The totals of every register row under the filter (count, amount, fees, net), summed by the ledger. */
export async function registerTotals(
  deps: Pick<ServiceDeps, "ledger" | "businessId">,
  filter: RegisterFilter,
): Promise<Answer<RegisterTotals>> {
  const totals = await sumPayouts(deps.ledger, deps.businessId, ledgerFilter(filter));
  return {
    data: {
      count: totals.count,
      amount_centavos: totals.amountCentavos,
      fee_centavos: totals.feeCentavos,
      net_centavos: totals.netCentavos,
      fee_count: totals.feeCount,
    },
  };
}
