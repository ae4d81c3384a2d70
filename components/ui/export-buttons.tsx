"use client";

import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { useI18n } from "@/lib/browser/i18n";
import { EXPORT_FORMATS, type ExportFormat } from "@/lib/shared/export/sheet";

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
