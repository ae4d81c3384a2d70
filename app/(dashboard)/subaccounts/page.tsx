import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SubaccountsView } from "@/components/subaccounts/subaccounts-view";
import { can } from "@/lib/shared/auth/roles";
import { getI18n } from "@/lib/server/i18n";
import { getPageSession } from "@/lib/server/session/page";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("nav.subaccounts") };
}

export default async function SubaccountsPage() {
  const session = await getPageSession();
  if (!session) redirect("/login?next=%2Fsubaccounts");
  if (!can(session.role, "subaccounts.list")) redirect("/payouts");
  return <SubaccountsView />;
}
