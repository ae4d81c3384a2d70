"use client";

import { Download } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { toast } from "@/components/ui/toast";
import { downloadSheet } from "@/lib/browser/export";
import { useI18n } from "@/lib/browser/i18n";
import { EXPORT_FORMATS, type ExportContext, type ExportFormat, type ExportSheet } from "@/lib/shared/export/sheet";

/**
 * Writing an export from the page: `run(format, sheet, rows)` saves the file in the operator's language and zone
 * and resolves true, or says it failed (a toast) and resolves false; `busy` is the format being written.
 * `ctx` is the same language and zone, for a caller that writes the file itself.
 */
export function useSheetExport() {
  const { locale, timeZone, t } = useI18n();
  const ctx = useMemo((): ExportContext => ({ locale, timeZone, t }), [locale, timeZone, t]);
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = useCallback(
    async <Row,>(format: ExportFormat, sheet: ExportSheet<Row>, rows: readonly Row[]): Promise<boolean> => {
      setBusy(format);
      try {
        await downloadSheet(format, sheet, rows, ctx);
        return true;
      } catch {
        // The .xlsx writer is a chunk loaded on click: a dropped connection is the likely cause.
        toast.error(ctx.t("export.failed"));
        return false;
      } finally {
        setBusy(null);
      }
    },
    [ctx],
  );
  return { busy, run, ctx };
}

/**
 * The two buttons of every list that exports: "CSV" and "Excel (.xlsx)" (named "Export CSV" / "Export Excel
 * (.xlsx)" for screen readers). `busy` is the format being written: that button spins and shows `busyLabel`
 * when given (a count of rows fetched so far), the other waits.
 */
export function ExportButtons({
  onExport,
  disabled = false,
  busy = null,
  busyLabel,
  className,
}: {
  onExport: (format: ExportFormat) => void;
  disabled?: boolean;
  busy?: ExportFormat | null;
  busyLabel?: string;
  className?: string;
}) {
  const { t } = useI18n();
  return (
    <div role="group" aria-label={t("export.group")} className={cn("inline-flex items-center gap-1.5", className)}>
      {EXPORT_FORMATS.map((format) => {
        const working = busy === format;
        const progress = working && busyLabel;
        return (
          <Button
            key={format}
            type="button"
            variant="outline"
            size="sm"
            onClick={() => onExport(format)}
            loading={working}
            disabled={disabled || (busy !== null && !working)}
            aria-label={progress ? undefined : t(format === "csv" ? "export.csvLabel" : "export.xlsxLabel")}
            data-export-format={format}
          >
            {working ? null : <Download aria-hidden="true" />}
            {progress ? busyLabel : t(format === "csv" ? "export.csv" : "export.xlsx")}
          </Button>
        );
      })}
    </div>
  );
}
