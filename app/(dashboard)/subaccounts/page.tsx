import type { Metadata } from "next";
import { SubaccountsView } from "@/components/subaccounts/subaccounts-view";
import { NotAllowed } from "@/components/shell/not-allowed";
import { getI18n } from "@/lib/server/i18n";
import { pageAccess } from "@/lib/server/session/page";
import { withMessages } from "@/app/_i18n/messages";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("nav.subaccounts") };
}

/** Subaccounts: operators only; another role sees the shared NotAllowed panel. */
export default withMessages(["subaccounts"], async function SubaccountsPage() {
  const access = await pageAccess("subaccounts.list", "/subaccounts");
  if (!access.allowed) return <NotAllowed page="nav.subaccounts" />;
  return <SubaccountsView />;
});
