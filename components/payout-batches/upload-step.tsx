"use client";

import { Download, FileSpreadsheet, Upload } from "lucide-react";
import { useId, useRef, useState, type DragEvent } from "react";
import { cn } from "@/components/ui/cn";
import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/browser/i18n";
import { batchTemplateCsv } from "@/lib/shared/batch/export";
import { BATCH_LIMITS } from "@/lib/shared/batch/limits";
import type { ParsedTable } from "@/lib/shared/batch/table";
import { downloadBlob } from "@/lib/browser/export";

export interface UploadedFile {
  fileName: string;
  table: ParsedTable;
}

/** The parser (papaparse, read-excel-file) is loaded only when a file is chosen, so other pages never carry it. */
async function readFile(file: File) {
  const { parseBatchFile } = await import("@/lib/shared/batch/parse");
  return parseBatchFile(await file.arrayBuffer(), file.name);
}

/**
 * Step 1: a file input and a drop zone (CSV or .xlsx), read in the browser;
 * a refused file says why (and nothing of it is kept); the template to fill in.
 */
export function UploadStep({ onLoaded }: { onLoaded: (file: UploadedFile) => void }) {
  const { t, locale } = useI18n();
  const inputId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const accept = async (file: File | undefined) => {
    if (!file || reading) return;
    setReading(true);
    setError(null);
    try {
      const result = await readFile(file);
      if (result.ok) onLoaded({ fileName: file.name, table: result.table });
      else setError(t(result.error.message, result.error.params));
    } catch {
      setError(t("batches.upload.readFailed"));
    } finally {
      setReading(false);
      if (inputRef.current) inputRef.current.value = "";
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void accept(event.dataTransfer.files[0]);
  };

  return (
    <div className="grid gap-4">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="batch-drop-zone"
        className={cn(
          "flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors",
          dragging ? "border-ring bg-accent" : "border-input bg-muted/30",
        )}
      >
        <FileSpreadsheet className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="text-sm font-medium">{t("batches.upload.drop")}</p>
        <p className="text-xs text-muted-foreground">
          {t("batches.upload.limits", { rows: BATCH_LIMITS.maxRows, mb: BATCH_LIMITS.maxFileBytes / (1024 * 1024) })}
        </p>
        <label htmlFor={inputId} className="sr-only">
          {t("batches.upload.label")}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="sr-only"
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(event) => void accept(event.target.files?.[0])}
        />
        <Button type="button" onClick={() => inputRef.current?.click()} loading={reading}>
          {reading ? null : <Upload aria-hidden="true" />}
          {reading ? t("batches.upload.reading") : t("batches.upload.choose")}
        </Button>
      </div>
      {error ? (
        <p
          id={errorId}
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive-soft px-3 py-2 text-sm text-destructive-soft-foreground"
        >
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
        <span>{t("batches.upload.templateHint")}</span>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() =>
            downloadBlob(
              t("batches.upload.templateFile"),
              new Blob([batchTemplateCsv(locale)], { type: "text/csv;charset=utf-8" }),
            )
          }
        >
          <Download aria-hidden="true" />
          {t("batches.upload.template")}
        </Button>
      </div>
    </div>
  );
}
