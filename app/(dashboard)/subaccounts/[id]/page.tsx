import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SubaccountDetail } from "@/components/subaccounts/subaccount-detail";
import { NotAllowed } from "@/components/shell/not-allowed";
import { getI18n } from "@/lib/server/i18n";
import { resourceIdSchema } from "@/lib/shared/schemas/common";
import { pageAccess } from "@/lib/server/session/page";
import { withMessages } from "@/app/_i18n/messages";
import { WithPrefetched } from "../../_prefetch/prefetched";
import { knownSubaccount } from "../../_prefetch/queries";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [{ id }, { t }] = await Promise.all([params, getI18n()]);
  const parsed = resourceIdSchema.safeParse(id);
  return { title: parsed.success ? t("subaccounts.detail.titleUnknown", { id: parsed.data }) : t("nav.subaccounts") };
}

/** One subaccount: operators only; another role sees the shared NotAllowed panel. */
export default withMessages(["subaccounts", "activity.systemActor"], async function SubaccountPage({ params }: Props) {
  const { id } = await params;
  const access = await pageAccess("subaccounts.list", `/subaccounts/${id}`);
  if (!access.allowed) return <NotAllowed page="nav.subaccounts" />;
  const parsed = resourceIdSchema.safeParse(id);
  if (!parsed.success) notFound();
  // Its known state (or that there is none) read on the server: the first paint has it, and the browser asks nothing.
  const known = await knownSubaccount(parsed.data);
  return (
    <WithPrefetched entries={[known]}>
      <SubaccountDetail key={parsed.data} id={parsed.data} />
    </WithPrefetched>
  );
});
