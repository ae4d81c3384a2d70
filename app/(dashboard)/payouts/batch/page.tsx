import type { Metadata } from "next";
import { BatchesView } from "@/components/payout-batches/batches-view";
import { NotAllowed } from "@/components/shell/not-allowed";
import { getI18n } from "@/lib/server/i18n";
import { pageAccess } from "@/lib/server/session/page";
import { withMessages } from "@/app/_i18n/messages";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("nav.batchPayouts") };
}

/** Operators only (the BFF refuses a viewer anyway). */
export default withMessages(["batches"], async function BatchPayoutsPage() {
  const access = await pageAccess("payouts.create", "/payouts/batch");
  if (!access.allowed) return <NotAllowed page="nav.batchPayouts" />;
  return <BatchesView />;
});
