import type { Metadata } from "next";
import { connection } from "next/server";
import { resolvePaymentLinkBaseUrl } from "@/components/payment-links/link-model";
import { appSettings } from "@/lib/server/config";
import { PaymentLinkForm } from "@/components/payment-links/payment-link-form";
import { NotAllowed } from "@/components/shell/not-allowed";
import { getI18n } from "@/lib/server/i18n";
import { pageAccess } from "@/lib/server/session/page";
import { withMessages } from "@/app/_i18n/messages";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("paymentLinks.form.title") };
}

/** Creating a payment link: operators only; another role sees the shared NotAllowed panel. */
export default withMessages(["paymentLinks"], async function NewPaymentLinkPage() {
  const access = await pageAccess("payment_links.create", "/payment-links/new");
  if (!access.allowed) return <NotAllowed page="paymentLinks.form.title" />;
  await connection();
  const baseUrl = resolvePaymentLinkBaseUrl(appSettings().paymentLinkBaseUrl);
  return <PaymentLinkForm baseUrl={baseUrl} />;
});
