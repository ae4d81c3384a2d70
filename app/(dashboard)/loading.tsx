import { PageLoading } from "@/components/shell/page-loading";
import { getI18n } from "@/lib/server/i18n";

/** Shown at once on navigation while a page reads its first data on the server (app/(dashboard)/_prefetch). */
export default async function DashboardLoading() {
  const { t } = await getI18n();
  return <PageLoading label={t("common.loading")} />;
}
