import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { resolvePaymentLinkBaseUrl } from "@/components/payment-links/link-model";
import { appSettings } from "@/lib/server/config";
import { PaymentLinkForm } from "@/components/payment-links/payment-link-form";
import { can } from "@/lib/shared/auth/roles";
import { getI18n } from "@/lib/server/i18n";
import { getPageSession } from "@/lib/server/session/page";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("paymentLinks.form.title") };
}

export default async function NewPaymentLinkPage() {
  const session = await getPageSession();
  if (!session) redirect("/login?next=%2Fpayment-links%2Fnew");
  if (!can(session.role, "payment_links.create")) redirect(can(session.role, "payment_links.list") ? "/payment-links" : "/payouts");
  await connection();
  const baseUrl = resolvePaymentLinkBaseUrl(appSettings().paymentLinkBaseUrl);
  return <PaymentLinkForm baseUrl={baseUrl} />;
}
