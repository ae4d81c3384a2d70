"use client";

import { PageHeader } from "@/components/ui/page-header";
import { useI18n } from "@/lib/browser/i18n";
import { AccountNav } from "./account-nav";
import { SecurityHistory } from "./security-history";
import { TwoFactorCard } from "./two-factor-card";

/** /account/security: two-step verification (setup, recovery codes, turning it off) and the security history. */
export function SecurityView() {
  const { t } = useI18n();
  return (
    <>
      <PageHeader title={t("account.security.title")} description={t("account.security.description")} />
      <AccountNav />
      {/* One column that may be narrower than a table's content (the table scrolls inside its card). */}
      <div className="grid grid-cols-1 gap-6">
        <TwoFactorCard />
        <SecurityHistory />
      </div>
    </>
  );
}
