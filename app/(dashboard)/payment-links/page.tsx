import type { Metadata } from "next";
import { connection } from "next/server";
import { resolvePaymentLinkBaseUrl } from "@/components/payment-links/link-model";
import { appSettings } from "@/lib/server/config";
import { PaymentLinksView } from "@/components/payment-links/payment-links-view";
import { NotAllowed } from "@/components/shell/not-allowed";
import { getI18n } from "@/lib/server/i18n";
import { pageAccess } from "@/lib/server/session/page";
import { WithPrefetched } from "../_prefetch/prefetched";
import { paymentLinksFirstPage } from "../_prefetch/queries";
import { withMessages } from "@/app/_i18n/messages";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("nav.paymentLinks") };
}

/** Payment links: operators only; another role sees the shared NotAllowed panel. */
export default withMessages(
  ["paymentLinks", "insights.links.funnel", "insights.links.rate", "insights.links.step"],
  async function PaymentLinksPage() {
    const access = await pageAccess("payment_links.list", "/payment-links");
    if (!access.allowed) return <NotAllowed page="nav.paymentLinks" />;
    // Read at request time, so one build serves every environment.
    await connection();
    const baseUrl = resolvePaymentLinkBaseUrl(appSettings().paymentLinkBaseUrl);
    const links = await paymentLinksFirstPage();
    return (
      <WithPrefetched entries={[links]}>
        <PaymentLinksView baseUrl={baseUrl} />
      </WithPrefetched>
    );
  },
);
