import type { Metadata } from "next";
import { PayoutDetail } from "@/components/payouts/payout-detail";
import { getI18n } from "@/lib/server/i18n";
import { WithPrefetched } from "../../_prefetch/prefetched";
import { payoutDetail } from "../../_prefetch/queries";

type Params = Promise<{ id: string }>;

function decodeId(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const [{ id }, { t }] = await Promise.all([params, getI18n()]);
  return { title: `${t("payouts.detail.title")} ${decodeId(id)}` };
}

/** Deep-linkable payout (operators and viewers); the id is validated by the BFF. */
export default async function PayoutDetailPage({ params }: { params: Params }) {
  const id = decodeId((await params).id);
  const payout = await payoutDetail(id);
  return (
    <WithPrefetched entries={[payout]}>
      <PayoutDetail id={id} />
    </WithPrefetched>
  );
}
