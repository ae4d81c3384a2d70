"use client";

import { useState, type RefObject } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/toast";
import { useIdempotencyKey } from "@/lib/browser/hooks/use-idempotency-key";
import { useI18n } from "@/lib/browser/i18n";
import { useSetSubaccountBlocked } from "@/lib/browser/query/subaccounts";
import type { KnownSubaccount } from "@/lib/shared/schemas/known-subaccount";

export interface SubaccountBlockConfirmProps {
  id: string;
  /** The known state, or null when the dashboard has never seen this subaccount. */
  subaccount: KnownSubaccount | null;
  /** What confirming does: true blocks, false unblocks. */
  block: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it: focus goes back there when it closes. */
  opener: RefObject<HTMLButtonElement | null>;
}

/**
 * Block or unblock behind a confirmation that says plainly what happens. One
 * idempotency key per operation: a retry after a failure reuses it; it is
 * renewed after success.
 */
export function SubaccountBlockConfirm({
  id,
  subaccount,
  block,
  open,
  onOpenChange: setOpen,
  opener,
}: SubaccountBlockConfirmProps) {
  const { t, formatMoney } = useI18n();
  const [error, setError] = useState<unknown>(null);
  const { key, renew } = useIdempotencyKey();
  const mutation = useSetSubaccountBlocked(id);
  const name = subaccount?.name || id;

  const confirm = () => {
    setError(null);
    mutation.mutate(
      { isBlocked: block, idempotencyKey: key },
      {
        onSuccess: (known) => {
          renew();
          setOpen(false);
          const shown = { name: known.name || id };
          if (known.replayed_older_change) {
            toast.warning(
              known.is_blocked
                ? t("subaccounts.replayedOlder.blockedNow", shown)
                : t("subaccounts.replayedOlder.unblockedNow", shown),
            );
          } else {
            toast.success(known.is_blocked ? t("subaccounts.block.done", shown) : t("subaccounts.unblock.done", shown));
          }
        },
        onError: (failure) => {
          setError(failure);
          toast.error(block ? t("subaccounts.block.failed") : t("subaccounts.unblock.failed"));
        },
      },
    );
  };

  const limits =
    subaccount && subaccount.daily_limit_centavos !== null && subaccount.monthly_limit_centavos !== null
      ? t("subaccounts.unblock.limits", {
          daily: formatMoney(subaccount.daily_limit_centavos),
          monthly: formatMoney(subaccount.monthly_limit_centavos),
        })
      : null;

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      opener={opener}
      title={block ? t("subaccounts.block.title", { name }) : t("subaccounts.unblock.title", { name })}
      description={block ? t("subaccounts.block.consequence") : t("subaccounts.unblock.consequence")}
      cancelLabel={t("common.cancel")}
      confirmLabel={block ? t("subaccounts.block.confirm") : t("subaccounts.unblock.confirm")}
      pendingLabel={t("subaccounts.saving")}
      destructive={block}
      onConfirm={confirm}
      pending={mutation.isPending}
      error={error}
      onReset={() => setError(null)}
    >
      <div className="space-y-2 text-sm">
        {!block && limits ? <p>{limits}</p> : null}
        {subaccount === null ? <p className="text-muted-foreground">{t("subaccounts.block.unknownNote")}</p> : null}
        <p className="text-muted-foreground">{t("subaccounts.block.audit")}</p>
        <p className="text-xs text-muted-foreground">
          {t("subaccounts.detail.id")}: <code className="font-mono text-foreground">{id}</code>
        </p>
      </div>
    </ConfirmDialog>
  );
}
