"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useI18n } from "@/lib/browser/i18n";
import type { FieldChange } from "./subaccount-changes";
import { FieldValueChange, useFieldLabel } from "./subaccount-display";

export interface SubaccountEditReviewProps {
  open: boolean;
  /** Closing is refused while saving. */
  onClose: () => void;
  onConfirm: () => void;
  name: string;
  changes: FieldChange[];
  /** The dashboard has never seen this subaccount: only the filled fields are sent. */
  unknownSubaccount: boolean;
  pending: boolean;
  /** The last attempt's failure, shown in the dialog. */
  error: unknown;
  /** Its field messages that have no field on screen. */
  errorFields?: Record<string, string>;
  /** An attempt failed: the button says "try again". */
  failed: boolean;
}

/** "Current → new" for every changed field, confirmed before saving; a failure stays in the dialog. */
export function SubaccountEditReview({
  open,
  onClose,
  onConfirm,
  name,
  changes,
  unknownSubaccount,
  pending,
  error,
  errorFields,
  failed,
}: SubaccountEditReviewProps) {
  const { t } = useI18n();
  const fieldLabel = useFieldLabel();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      className="max-w-lg"
      title={t("subaccounts.confirm.title")}
      description={t("subaccounts.confirm.description", { name })}
      cancelLabel={t("subaccounts.confirm.back")}
      confirmLabel={failed ? t("subaccounts.confirm.retry") : t("subaccounts.confirm.save")}
      pendingLabel={t("subaccounts.saving")}
      onConfirm={onConfirm}
      pending={pending}
      error={error}
      errorFields={errorFields}
    >
      <div className="overflow-hidden rounded-md border">
        <table className="w-full text-sm" aria-label={t("subaccounts.confirm.tableLabel")}>
          <thead className="bg-muted text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="w-[38%] px-3 py-2 text-left font-medium">
                {t("subaccounts.confirm.field")}
              </th>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                {t("subaccounts.confirm.change")}
              </th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.field} className="border-t align-top" data-field={change.field}>
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  {fieldLabel(change.field)}
                </th>
                <td className="px-3 py-2">
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                    <FieldValueChange field={change.field} before={change.before} after={change.after} />
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {unknownSubaccount ? (
        <p className="text-xs text-muted-foreground">{t("subaccounts.confirm.unknownNote")}</p>
      ) : null}
    </ConfirmDialog>
  );
}
