"use client";

import { Ban, LockOpen } from "lucide-react";
import { Button } from "@/components/ui/button";
import { lazyOnDemand, useDialogOpener } from "@/components/ui/lazy-on-demand";
import { useI18n } from "@/lib/browser/i18n";
import type { KnownSubaccount } from "@/lib/shared/schemas/known-subaccount";

/** The confirmation (and the dialog code under it) loads on first use, not with the subaccount page. */
const blockConfirm = lazyOnDemand(() => import("./subaccount-block-confirm").then((m) => m.SubaccountBlockConfirm));

export interface SubaccountBlockDialogProps {
  id: string;
  /** The known state, or null when the dashboard has never seen this subaccount. */
  subaccount: KnownSubaccount | null;
  /** What the button does: true blocks, false unblocks, null asks which (the state is not known). */
  block: boolean | null;
}

/**
 * The block or unblock button (one "Block or unblock…" that asks which, while the state is unknown), and behind it a confirmation that says plainly what happens
 * (`SubaccountBlockConfirm`). Once opened the confirmation stays mounted, so its idempotency key
 * survives a cancel and a retry after a failure reuses it.
 */
export function SubaccountBlockDialog({ id, subaccount, block }: SubaccountBlockDialogProps) {
  const { t } = useI18n();
  const { open, setOpen, mounted, opener, triggerProps } = useDialogOpener(blockConfirm);
  return (
    <>
      <Button {...triggerProps} variant={block ? "destructive" : "outline"} size="sm">
        {block === false ? <LockOpen aria-hidden="true" /> : <Ban aria-hidden="true" />}
        {block === null
          ? t("subaccounts.blockOrUnblock.action")
          : block
            ? t("subaccounts.block.action")
            : t("subaccounts.unblock.action")}
      </Button>
      {mounted ? (
        <blockConfirm.Component
          id={id}
          subaccount={subaccount}
          block={block}
          open={open}
          onOpenChange={setOpen}
          opener={opener}
        />
      ) : null}
    </>
  );
}
