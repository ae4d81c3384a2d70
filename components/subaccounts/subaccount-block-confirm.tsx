"use client";

import { LoaderCircle } from "lucide-react";
import { useState, type MouseEvent, type RefObject } from "react";
import { focusOnClose } from "@/components/ui/lazy-on-demand";
import { toast } from "@/components/ui/toast";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { ErrorPanel } from "@/components/ui/error-panel";
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
export function SubaccountBlockConfirm({ id, subaccount, block, open, onOpenChange: setOpen, opener }: SubaccountBlockConfirmProps) {
  const { t, formatMoney } = useI18n();
  const [error, setError] = useState<unknown>(null);
  const { key, renew } = useIdempotencyKey();
  const mutation = useSetSubaccountBlocked(id);
  const name = subaccount?.name || id;

  const confirm = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault(); // stay open while the request runs
    setError(null);
    mutation.mutate(
      { isBlocked: block, idempotencyKey: key },
      {
        onSuccess: (known) => {
          renew();
          setOpen(false);
          const shown = { name: known.name || id };
          if (known.replayed_older_change) {
            toast.warning(known.is_blocked ? t("subaccounts.replayedOlder.blockedNow", shown) : t("subaccounts.replayedOlder.unblockedNow", shown));
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
      ? t("subaccounts.unblock.limits", { daily: formatMoney(subaccount.daily_limit_centavos), monthly: formatMoney(subaccount.monthly_limit_centavos) })
      : null;

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (mutation.isPending) return;
        setOpen(next);
        if (!next) setError(null);
      }}
    >
      <AlertDialogContent onCloseAutoFocus={focusOnClose(opener)}>
        <AlertDialogHeader>
          <AlertDialogTitle>{block ? t("subaccounts.block.title", { name }) : t("subaccounts.unblock.title", { name })}</AlertDialogTitle>
          <AlertDialogDescription>{block ? t("subaccounts.block.consequence") : t("subaccounts.unblock.consequence")}</AlertDialogDescription>
        </AlertDialogHeader>
        <div className="space-y-2 text-sm">
          {!block && limits ? <p>{limits}</p> : null}
          {subaccount === null ? <p className="text-muted-foreground">{t("subaccounts.block.unknownNote")}</p> : null}
          <p className="text-muted-foreground">{t("subaccounts.block.audit")}</p>
          <p className="text-xs text-muted-foreground">
            {t("subaccounts.detail.id")}: <code className="font-mono text-foreground">{id}</code>
          </p>
        </div>
        {error ? <ErrorPanel error={error} headingLevel="h3" /> : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={mutation.isPending}>{t("common.cancel")}</AlertDialogCancel>
          <AlertDialogAction destructive={block} onClick={confirm} disabled={mutation.isPending} aria-busy={mutation.isPending || undefined}>
            {mutation.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            {mutation.isPending ? t("subaccounts.saving") : block ? t("subaccounts.block.confirm") : t("subaccounts.unblock.confirm")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
