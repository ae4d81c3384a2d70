import type { Metadata } from "next";
import { NewBatchFlow } from "@/components/payout-batches/new-batch-flow";
import { NotAllowed } from "@/components/shell/not-allowed";
import { getI18n } from "@/lib/server/i18n";
import { pageAccess } from "@/lib/server/session/page";
import { withMessages } from "@/app/_i18n/messages";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("batches.new.title") };
}

/** Operators only: upload, check, review, create and confirm a batch. */
export default withMessages(["batches", "payouts.new.stepDone"], async function NewBatchPage() {
  const access = await pageAccess("payouts.create", "/payouts/batch/new");
  if (!access.allowed) return <NotAllowed page="batches.new.title" />;
  return <NewBatchFlow />;
});
