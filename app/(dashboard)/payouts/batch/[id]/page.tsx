import type { Metadata } from "next";
import { BatchDetail } from "@/components/payout-batches/batch-detail";
import { NotAllowed } from "@/components/shell/not-allowed";
import { getI18n } from "@/lib/server/i18n";
import { pageAccess } from "@/lib/server/session/page";
import { withMessages } from "@/app/_i18n/messages";

type Params = Promise<{ id: string }>;

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("batches.detail.title") };
}

/** Operators only: a batch's live progress and results; the id is validated by the BFF. */
export default withMessages(
  ["batches", "payouts.reviewReason", "payouts.state"],
  async function BatchDetailPage({ params }: { params: Params }) {
    const { id } = await params;
    const access = await pageAccess("payouts.create", `/payouts/batch/${encodeURIComponent(id)}`);
    if (!access.allowed) return <NotAllowed page="batches.detail.title" />;
    return <BatchDetail id={id} />;
  },
);
