"use client";

import { RefreshCw, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { isBffRequestError } from "@/lib/browser/bff-client/errors";
import { useI18n } from "@/lib/browser/i18n";
import { Button } from "./button";
import { cn } from "./cn";
import { CopyButton } from "./copy-button";

export interface ErrorPanelProps {
  /** Usually a BffRequestError; anything else shows a generic message. */
  error: unknown;
  /** Shows a "Tentar novamente" button. */
  onRetry?: () => void;
  retrying?: boolean;
  /** Overrides the heading (defaults to the error code's translation). */
  title?: ReactNode;
  /** Extra actions next to retry (e.g. "Verificar repasse" for payout_outcome_unknown). */
  actions?: ReactNode;
  /** Per-field messages that did not land on a form field. */
  unmatchedFields?: Record<string, string>;
  className?: string;
  /** "alert" for errors that appear after an action (default); "none" for errors present on load. */
  live?: "alert" | "none";
  /** Heading level to keep the outline in order (default h2). */
  headingLevel?: "h2" | "h3";
}

/**
 * The standard way to show a failed request: what happened (translated by
 * error code; the server's own English text is never shown), the payments
 * API's own words when the failure was its answer (labelled as the provider's),
 * the `request_id` with a copy button (what support asks for), and a retry action.
 */
export function ErrorPanel({
  error,
  onRetry,
  retrying = false,
  title,
  actions,
  unmatchedFields,
  className,
  live = "alert",
  headingLevel: Heading = "h2",
}: ErrorPanelProps) {
  const { has, t } = useI18n();
  const bff = isBffRequestError(error) ? error : null;

  const codeKey = bff ? `errors.${bff.code}` : null;
  const codeText = codeKey && has(codeKey) ? t(codeKey) : null;
  const heading = title ?? codeText ?? t("errors.generic");
  // Under a custom title, the code's own explanation becomes the description.
  const description = title && codeText ? codeText : null;
  // A translation key the browser itself set (network_error, …) reads as ours; the server's English text does not
  // reach a person; the provider's own words do, as theirs.
  const ownText = bff?.message && has(bff.message) ? t(bff.message) : null;
  const message = bff?.providerMessage
    ? t("errors.providerSaid", { message: bff.providerMessage })
    : codeText === null && bff?.message && !ownText
      ? t("errors.providerSaid", { message: bff.message })
      : ownText;
  const showMessage = message !== null && message !== "" && message !== heading && message !== description;
  const fields = { ...(unmatchedFields ?? {}) };
  if (bff && !unmatchedFields) Object.assign(fields, bff.fields);
  const fieldEntries = Object.entries(fields);
  const digest =
    !bff && typeof error === "object" && error !== null && "digest" in error && typeof error.digest === "string"
      ? error.digest
      : null;

  return (
    <div
      data-slot="error-panel"
      role={live === "alert" ? "alert" : undefined}
      className={cn("rounded-lg border border-destructive/30 bg-destructive-soft/60 p-4 text-sm", className)}
    >
      <div className="flex gap-3">
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-destructive-soft-foreground" aria-hidden="true" />
        <div className="min-w-0 flex-1 space-y-2">
          <Heading className="font-semibold text-foreground">{heading}</Heading>
          {description ? <p className="break-words text-foreground/90">{description}</p> : null}
          {showMessage ? (
            <p
              className={cn(
                "break-words",
                description || codeText ? "text-xs text-muted-foreground" : "text-foreground/90",
              )}
            >
              {message}
            </p>
          ) : null}
          {fieldEntries.length > 0 ? (
            <ul className="list-disc space-y-0.5 pl-5 text-foreground/90">
              {fieldEntries.map(([field, fieldMessage]) => (
                <li key={field}>
                  <code className="font-mono text-xs">{field}</code>: {t(fieldMessage)}
                </li>
              ))}
            </ul>
          ) : null}
          {bff?.requestId ? (
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
              <span>{t("errors.requestId")}:</span>
              <span className="inline-flex min-w-0 items-center gap-0.5">
                <code className="rounded bg-card px-1.5 py-0.5 font-mono text-[0.75rem] break-all text-foreground">
                  {bff.requestId}
                </code>
                <CopyButton value={bff.requestId} label={t("errors.requestId")} className="-my-1 shrink-0" />
              </span>
            </div>
          ) : null}
          {digest ? (
            <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <span>{t("errors.reference")}:</span>
              <span className="inline-flex min-w-0 items-center gap-0.5">
                <code className="rounded bg-card px-1.5 py-0.5 font-mono break-all text-foreground">{digest}</code>
                <CopyButton value={digest} label={t("errors.reference")} className="-my-1 shrink-0" />
              </span>
            </div>
          ) : null}
          {onRetry || actions ? (
            <div className="flex flex-wrap gap-2 pt-1">
              {onRetry ? (
                <Button type="button" variant="outline" size="sm" onClick={onRetry} loading={retrying}>
                  {retrying ? null : <RefreshCw aria-hidden="true" />}
                  {t("common.retry")}
                </Button>
              ) : null}
              {actions}
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}
