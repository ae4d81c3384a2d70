import type { Metadata } from "next";
import { NewPayoutFlow } from "@/components/payouts/new-payout-flow";
import { NotAllowed } from "@/components/shell/not-allowed";
import { getI18n } from "@/lib/server/i18n";
import { pageAccess } from "@/lib/server/session/page";
import { withMessages } from "@/app/_i18n/messages";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("payouts.new.title") };
}

/** Operators only: a viewer who opens the link sees a clear "not allowed" state (the BFF refuses anyway). */
export default withMessages(["payouts", "receipt.downloadPdf", "receipt.print"], async function NewPayoutPage() {
  const access = await pageAccess("payouts.create", "/payouts/new");
  if (!access.allowed)
    return (
      <NotAllowed
        page="payouts.new.title"
        title="payouts.notAllowed.title"
        description="payouts.notAllowed.description"
      />
    );
  return <NewPayoutFlow />;
});
