"use client";

import { useId, useState, type RefObject } from "react";
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
  /**
   * What confirming does: true blocks, false unblocks. null (the state is not known) asks which
   * first, with nothing chosen: confirming stays off until the person picks one.
   */
  block: boolean | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it: focus goes back there when it closes. */
  opener: RefObject<HTMLButtonElement | null>;
}

/**
 * Block or unblock behind a confirmation that says plainly what happens (or, the state not being
 * known, that first asks which, with nothing chosen). One
 * idempotency key per operation: a retry after a failure reuses it; it is
 * renewed after success.
 */
export function SubaccountBlockConfirm({
  id,
  subaccount,
  block: fixed,
  open,
  onOpenChange: setOpen,
  opener,
}: SubaccountBlockConfirmProps) {
  const { t, formatMoney } = useI18n();
  const [error, setError] = useState<unknown>(null);
  const [choice, setChoice] = useState<boolean | null>(null);
  const { key, renew } = useIdempotencyKey();
  const mutation = useSetSubaccountBlocked(id);
  const name = subaccount?.name || id;
  const asks = fixed === null;
  const block = fixed ?? choice;

  // Another choice is another request: it gets its own key (the API would refuse a key reused for a
  // different body). The choice stays while the dialog is closed and reopened, like the key.
  const choose = (next: boolean) => {
    if (next === choice) return;
    setChoice(next);
    setError(null);
    renew();
  };

  const confirm = () => {
    if (block === null) return;
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
      title={
        asks
          ? t("subaccounts.blockOrUnblock.title", { name })
          : block
            ? t("subaccounts.block.title", { name })
            : t("subaccounts.unblock.title", { name })
      }
      description={
        asks
          ? t("subaccounts.blockOrUnblock.description")
          : block
            ? t("subaccounts.block.consequence")
            : t("subaccounts.unblock.consequence")
      }
      cancelLabel={t("common.cancel")}
      confirmLabel={
        block === null
          ? t("subaccounts.blockOrUnblock.choose")
          : block
            ? t("subaccounts.block.confirm")
            : t("subaccounts.unblock.confirm")
      }
      pendingLabel={t("subaccounts.saving")}
      destructive={block === true}
      onConfirm={confirm}
      pending={mutation.isPending}
      confirmDisabled={block === null}
      error={error}
      onReset={() => setError(null)}
    >
      <div className="space-y-2 text-sm">
        {asks ? <BlockChoice value={choice} onChange={choose} disabled={mutation.isPending} /> : null}
        {block === false && limits ? <p>{limits}</p> : null}
        {subaccount === null && !asks ? (
          <p className="text-muted-foreground">{t("subaccounts.block.unknownNote")}</p>
        ) : null}
        <p className="text-muted-foreground">{t("subaccounts.block.audit")}</p>
        <p className="text-xs text-muted-foreground">
          {t("subaccounts.detail.id")}: <code className="font-mono text-foreground">{id}</code>
        </p>
      </div>
    </ConfirmDialog>
  );
}

/** Block or unblock, each with what it does; nothing is chosen at first. */
function BlockChoice({
  value,
  onChange,
  disabled,
}: {
  value: boolean | null;
  onChange: (block: boolean) => void;
  disabled: boolean;
}) {
  const { t } = useI18n();
  const groupId = useId();
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-1 font-medium">{t("subaccounts.blockOrUnblock.choice")}</legend>
      {([true, false] as const).map((block) => {
        const id = `${groupId}-${block ? "block" : "unblock"}`;
        return (
          <label
            key={id}
            htmlFor={id}
            className="flex cursor-pointer gap-3 rounded-md border bg-card p-3 has-[:checked]:border-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
          >
            <input
              id={id}
              type="radio"
              name={`${groupId}-choice`}
              checked={value === block}
              onChange={() => onChange(block)}
              className="mt-0.5 size-4 accent-primary"
              aria-labelledby={`${id}-label`}
              aria-describedby={`${id}-hint`}
            />
            <span className="grid gap-0.5">
              <span id={`${id}-label`} className="font-medium">
                {block ? t("subaccounts.block.confirm") : t("subaccounts.unblock.confirm")}
              </span>
              <span id={`${id}-hint`} className="text-muted-foreground">
                {block ? t("subaccounts.block.consequence") : t("subaccounts.unblock.consequence")}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
