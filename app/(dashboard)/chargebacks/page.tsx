import type { Metadata } from "next";
import { ChargebacksView } from "@/components/chargebacks/chargebacks-view";
import { getI18n } from "@/lib/server/i18n";
import { WithPrefetched } from "../_prefetch/prefetched";
import { chargebacksFirstPage } from "../_prefetch/queries";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("nav.chargebacks") };
}

/** Chargebacks and Pix MED disputes: operators and viewers (finance, support). */
export default async function ChargebacksPage() {
  const chargebacks = await chargebacksFirstPage();
  return (
    <WithPrefetched entries={[chargebacks]}>
      <ChargebacksView />
    </WithPrefetched>
  );
}
