import type { Metadata } from "next";
import { ChargebacksView } from "@/components/chargebacks/chargebacks-view";
import { NotAllowed } from "@/components/shell/not-allowed";
import { getI18n } from "@/lib/server/i18n";
import { pageAccess } from "@/lib/server/session/page";
import { WithPrefetched } from "../_prefetch/prefetched";
import { chargebacksFirstPage } from "../_prefetch/queries";
import { withMessages } from "@/app/_i18n/messages";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("nav.chargebacks") };
}

/** Chargebacks and Pix MED disputes: finance, admins and owners; another role sees the shared NotAllowed panel. */
export default withMessages(["chargebacks"], async function ChargebacksPage() {
  const access = await pageAccess("chargebacks.list", "/chargebacks");
  if (!access.allowed) return <NotAllowed page="nav.chargebacks" />;
  const chargebacks = await chargebacksFirstPage();
  return (
    <WithPrefetched entries={[chargebacks]}>
      <ChargebacksView />
    </WithPrefetched>
  );
});
