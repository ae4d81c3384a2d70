import { PayoutDetail } from "@/components/payouts/payout-detail";
import { decodeIdParam, idTitleMetadata, type IdParams } from "@/lib/server/pages/id-param";
import { WithPrefetched } from "../../_prefetch/prefetched";
import { payoutDetail } from "../../_prefetch/queries";
import { withMessages } from "@/app/_i18n/messages";

export const generateMetadata = idTitleMetadata("payouts.detail.title");

/** Deep-linkable payout (operators and viewers); the id is validated by the BFF. */
export default withMessages(
  ["payouts", "receipt.downloadPdf", "receipt.print", "batches.link"],
  async function PayoutDetailPage({ params }: { params: IdParams }) {
    const id = decodeIdParam((await params).id);
    const payout = await payoutDetail(id);
    return (
      <WithPrefetched entries={[payout]}>
        <PayoutDetail id={id} />
      </WithPrefetched>
    );
  },
);
