"use client";

import { Badge } from "@/components/ui/badge";
import { useI18n } from "@/lib/browser/i18n";

/** "Sandbox" beside the business name (signed-in header) and on the sign-in card; its own module so the sign-in page does not load the shell. */
export function SandboxBadge() {
  const { t } = useI18n();
  return (
    <Badge tone="sandbox" title={t("shell.sandboxHint")} data-testid="sandbox-badge">
      {t("shell.sandbox")}
      <span className="sr-only">: {t("shell.sandboxHint")}</span>
    </Badge>
  );
}
