import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { resolvePaymentLinkBaseUrl } from "@/components/payment-links/link-model";
import { appSettings } from "@/lib/server/config";
import { PaymentLinksView } from "@/components/payment-links/payment-links-view";
import { can } from "@/lib/shared/auth/roles";
import { getI18n } from "@/lib/server/i18n";
import { getPageSession } from "@/lib/server/session/page";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("nav.paymentLinks") };
}

export default async function PaymentLinksPage() {
  const session = await getPageSession();
  if (!session) redirect("/login?next=%2Fpayment-links");
  if (!can(session.role, "payment_links.list")) redirect("/payouts");
  // Read at request time, so one build serves every environment.
  await connection();
  const baseUrl = resolvePaymentLinkBaseUrl(appSettings().paymentLinkBaseUrl);
  return <PaymentLinksView baseUrl={baseUrl} />;
}
