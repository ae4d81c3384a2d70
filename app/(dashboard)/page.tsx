import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { navItemsFor } from "@/components/shell/nav-items";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/roles";
import { getI18n } from "@/lib/i18n/server";
import { getPageSession } from "@/lib/session/page";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getI18n();
  return { title: t("overview.title") };
}

/** Placeholder overview (the real one is being built separately). */
export default async function OverviewPage() {
  const [session, { t }] = await Promise.all([getPageSession(), getI18n()]);
  if (!session) redirect("/login");
  if (!can(session.role, "activity.list")) redirect("/payouts");
  const business = session.business.name ?? session.business.id;
  const shortcuts = navItemsFor(session.role).filter((item) => item.href !== "/");

  return (
    <>
      <PageHeader title={t("overview.title")} description={t("overview.description", { business })} />
      <Card>
        <CardHeader>
          <CardTitle>{t("overview.shortcuts")}</CardTitle>
          <CardDescription>{t("overview.placeholder")}</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {shortcuts.map((item) => {
              const Icon = item.icon;
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    className="flex items-center gap-3 rounded-md border bg-card px-3 py-2.5 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
                    {t(item.labelKey)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </CardContent>
      </Card>
    </>
  );
}
