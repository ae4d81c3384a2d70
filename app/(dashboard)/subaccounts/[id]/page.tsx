import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { SubaccountDetail } from "@/components/subaccounts/subaccount-detail";
import { can } from "@/lib/shared/auth/roles";
import { getI18n } from "@/lib/server/i18n";
import { resourceIdSchema } from "@/lib/shared/schemas/common";
import { getPageSession } from "@/lib/server/session/page";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [{ id }, { t }] = await Promise.all([params, getI18n()]);
  const parsed = resourceIdSchema.safeParse(id);
  return { title: parsed.success ? t("subaccounts.detail.titleUnknown", { id: parsed.data }) : t("nav.subaccounts") };
}

export default async function SubaccountPage({ params }: Props) {
  const [{ id }, session] = await Promise.all([params, getPageSession()]);
  if (!session) redirect(`/login?next=${encodeURIComponent(`/subaccounts/${id}`)}`);
  if (!can(session.role, "subaccounts.list")) redirect("/payouts");
  const parsed = resourceIdSchema.safeParse(id);
  if (!parsed.success) notFound();
  return <SubaccountDetail key={parsed.data} id={parsed.data} />;
}
