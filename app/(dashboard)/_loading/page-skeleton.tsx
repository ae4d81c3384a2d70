import { PageLoading } from "@/components/shell/page-loading";
import { getI18n } from "@/lib/server/i18n";

/**
 * The skeleton a signed-in page shows at once on navigation while its server part reads the first data
 * (app/(dashboard)/_prefetch). Each section's `loading.tsx` is this one: every page but the payouts insights, whose
 * figures come in the first paint instead (docs/performance.md, "Insights", "The figures in the first paint").
 */
export default async function PageSkeleton() {
  const { t } = await getI18n();
  return <PageLoading label={t("common.loading")} />;
}
