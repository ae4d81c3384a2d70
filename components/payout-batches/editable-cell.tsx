"use client";

import { Check, Pencil, X } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Input } from "@/components/ui/input";
import { useI18n } from "@/lib/browser/i18n";

interface EditableCellProps {
  value: string;
  /** Message keys of this cell's errors (translated here). */
  errors: readonly string[];
  /** What the cell is, for assistive tech: "Valor, linha 7". */
  label: string;
  onSave: (text: string) => void;
}

/**
 * A spreadsheet cell shown as typed, with its errors under it and a pencil to
 * fix it in place: Enter (or ✓) saves and the row is validated again, Escape
 * (or ✕) puts the text back.
 */
export function EditableCell({ value, errors, label, onSave }: EditableCellProps) {
  const { t } = useI18n();
  const errorId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const invalid = errors.length > 0;

  if (draft !== null) {
    const save = () => {
      onSave(draft);
      setDraft(null);
    };
    return (
      <div className="flex items-center gap-1 whitespace-normal" data-row-ignore>
        <Input
          autoFocus
          value={draft}
          aria-label={label}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          className="h-8"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              save();
            } else if (event.key === "Escape") {
              event.preventDefault();
              setDraft(null);
            }
          }}
        />
        <Button
          type="button"
          size="icon-sm"
          variant="ghost"
          aria-label={t("batches.check.saveCell", { label })}
          onClick={save}
        >
          <Check aria-hidden="true" />
        </Button>
        <Button
          type="button"
          size="icon-sm"
          variant="ghost"
          aria-label={t("batches.check.cancelCell", { label })}
          onClick={() => setDraft(null)}
        >
          <X aria-hidden="true" />
        </Button>
        {invalid ? <CellErrors id={errorId} errors={errors} /> : null}
      </div>
    );
  }

  return (
    <div className="grid gap-0.5 whitespace-normal">
      <div className="flex items-center gap-1">
        <span
          className={cn(
            "min-w-0 truncate",
            invalid && "font-medium text-destructive-soft-foreground",
            value.trim() === "" && "text-muted-foreground",
          )}
        >
          {value.trim() === "" ? t("common.none") : value}
        </span>
        <Button
          type="button"
          size="icon-sm"
          variant="ghost"
          className="shrink-0"
          aria-label={t("batches.check.editCell", { label })}
          onClick={() => setDraft(value)}
        >
          <Pencil aria-hidden="true" />
        </Button>
      </div>
      {invalid ? <CellErrors id={errorId} errors={errors} /> : null}
    </div>
  );
}

function CellErrors({ id, errors }: { id: string; errors: readonly string[] }) {
  const { t } = useI18n();
  return (
    <ul id={id} className="basis-full text-xs text-destructive-soft-foreground">
      {errors.map((message) => (
        <li key={message}>{t(message)}</li>
      ))}
    </ul>
  );
}
