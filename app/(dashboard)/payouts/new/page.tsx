import type { Metadata } from "next";
import { NewPayoutFlow } from "@/components/payouts/new-payout-flow";
import { PayoutNotAllowed } from "@/components/payouts/payout-not-allowed";
import { can } from "@/lib/shared/auth/roles";
import { getI18n } from "@/lib/server/i18n";
import { getPageSession } from "@/lib/server/session/page";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("payouts.new.title") };
}

/** Operators only: a viewer who opens the link sees a clear "not allowed" state (the BFF refuses anyway). */
export default async function NewPayoutPage() {
  const session = await getPageSession();
  if (!session || !can(session.role, "payouts.create")) return <PayoutNotAllowed />;
  return <NewPayoutFlow />;
}
