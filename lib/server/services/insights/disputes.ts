import "server-only";
import { safeParse } from "zod/v4/core";
import { serverClock } from "@/lib/server/clock";
import { listChargebacks } from "@/lib/server/services/chargebacks";
import type { Answer, ServiceDeps } from "@/lib/server/services/context";
import { dueBucketOf, isDueWithin72h } from "@/lib/shared/chargebacks/deadline";
import { ChargebackSchema, isOpenChargeback, type Chargeback } from "@/lib/shared/schemas/chargeback";
import { DUE_BUCKETS, type CountAmount, type DisputeGroup, type DisputeInsights } from "@/lib/shared/schemas/insights";

/*
 * The disputes insights (docs/insights.md, "Disputes"): open chargebacks and MED cases now, from one read of the
 * API's list. Open is `isOpenChargeback`, the deadline rule the chargebacks page's (lib/shared/chargebacks/deadline.ts):
 * `by_due` and `due_72h` count only the cases that need action, each bucket exactly the page's `?deadline=<bucket>`.
 */

type Tally = Map<string | null, CountAmount>;

function add(tally: Tally, key: string | null, amount: number): void {
  const entry = tally.get(key) ?? { count: 0, amount_centavos: 0 };
  entry.count += 1;
  entry.amount_centavos += amount;
  tally.set(key, entry);
}

/** Most cases first, then most money, then by name (no name last). */
function ranked(tally: Tally): DisputeGroup[] {
  return [...tally.entries()]
    .map(([key, figures]) => ({ key, ...figures }))
    .sort(
      (a, b) =>
        b.count - a.count ||
        b.amount_centavos - a.amount_centavos ||
        (a.key === null ? 1 : b.key === null ? -1 : a.key.localeCompare(b.key)),
    );
}

/**
 * The figures of the API's chargeback list at `now` in `zone`. Items the schema cannot read are skipped and
 * counted in `skipped`; a case without an amount counts with 0.
 */
export function aggregateDisputes(items: readonly unknown[], now: number, zone: string): DisputeInsights {
  const open: CountAmount = { count: 0, amount_centavos: 0 };
  const due72h: CountAmount = { count: 0, amount_centavos: 0 };
  const byDue: Tally = new Map(DUE_BUCKETS.map((bucket) => [bucket, { count: 0, amount_centavos: 0 }]));
  const byKind: Tally = new Map();
  const byStatus: Tally = new Map();
  let skipped = 0;
  for (const item of items) {
    const parsed = safeParse(ChargebackSchema, item);
    if (!parsed.success) {
      skipped += 1;
      continue;
    }
    const cb: Chargeback = parsed.data;
    if (!isOpenChargeback(cb)) continue;
    const amount = cb.amount_centavos ?? 0;
    open.count += 1;
    open.amount_centavos += amount;
    // Only the cases that await the business's answer have a due bucket (null otherwise): the page's deadline filter.
    const bucket = dueBucketOf(cb, now, zone);
    if (bucket !== null) add(byDue, bucket, amount);
    add(byKind, cb.kind || null, amount);
    add(byStatus, cb.status || null, amount);
    if (isDueWithin72h(cb, now)) {
      due72h.count += 1;
      due72h.amount_centavos += amount;
    }
  }
  return {
    as_of: new Date(now).toISOString(),
    zone,
    open,
    by_due: DUE_BUCKETS.map((bucket) => ({ key: bucket, ...(byDue.get(bucket) ?? { count: 0, amount_centavos: 0 }) })),
    by_kind: ranked(byKind),
    by_status: ranked(byStatus),
    due_72h: due72h,
    skipped,
  };
}

/** GET /api/insights/disputes: the open disputes now, in `zone` (the person's). */
export async function disputeInsights(
  deps: Pick<ServiceDeps, "api">,
  input: { zone: string },
): Promise<Answer<DisputeInsights>> {
  const list = await listChargebacks(deps);
  return { data: aggregateDisputes(list.data, serverClock().now(), input.zone), requestId: list.requestId };
}
