import type { Metadata } from "next";
import { PayoutsView } from "@/components/payouts/payouts-view";
import { getI18n } from "@/lib/server/i18n";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("nav.payouts") };
}

export default function PayoutsPage() {
  return <PayoutsView />;
}
