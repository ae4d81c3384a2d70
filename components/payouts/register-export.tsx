"use client";

import { useState } from "react";
import { ExportButtons } from "@/components/ui/export-buttons";
import { toast } from "@/components/ui/toast";
import { BffRequestError } from "@/lib/browser/bff-client/errors";
import { downloadBlob } from "@/lib/browser/export";
import { useI18n } from "@/lib/browser/i18n";
import { fetchRegisterExport, type PayoutRegisterFilters } from "@/lib/browser/query/payouts";
import { exportFileName } from "@/lib/shared/export/file-name";
import type { ExportFormat } from "@/lib/shared/export/sheet";
import { REGISTER_EXPORT_MAX_ROWS } from "@/lib/shared/schemas/register";
import { useErrorText } from "./payout-status";

/**
 * CSV and Excel of exactly the register's filtered rows, written by the server (GET /api/payouts/export) in the
 * operator's language with dates in the business's zone (the same cookies this page reads them from). Above the row cap the buttons are off and say why.
 */
export function RegisterExport({ filters, count }: { filters: PayoutRegisterFilters; count: number | undefined }) {
  const { t, timeZone } = useI18n();
  const errorText = useErrorText();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const tooMany = count !== undefined && count > REGISTER_EXPORT_MAX_ROWS;

  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      const blob = await fetchRegisterExport(filters, format);
      downloadBlob(exportFileName("payouts", format, { t, timeZone }), blob);
      if (count !== undefined) toast.success(t("payouts.export.done", { count }));
    } catch (error) {
      toast.error(error instanceof BffRequestError ? errorText(error) : t("payouts.export.failed"));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <ExportButtons onExport={(format) => void run(format)} busy={busy} disabled={tooMany || count === 0} />
      {tooMany ? (
        <p className="text-xs text-muted-foreground" data-testid="register-export-too-many">
          {t("payouts.export.tooMany", { max: REGISTER_EXPORT_MAX_ROWS })}
        </p>
      ) : null}
    </div>
  );
}
