"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/lib/browser/i18n";
import { useSignOutEverywhere } from "@/lib/browser/query/session";

export interface SignOutEverywhereDialogProps {
  business: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * "Sign out everywhere" (operators): every session of the business, on any
 * device, is refused from its next request. Confirmed first; on failure the
 * operator stays signed in, is told nothing changed, and the dialog stays open
 * with the error and its request id (forgotten when it closes).
 */
export function SignOutEverywhereDialog({ business, open, onOpenChange }: SignOutEverywhereDialogProps) {
  const { t } = useI18n();
  const revoke = useSignOutEverywhere();

  const confirm = () =>
    revoke.mutate(undefined, {
      onSuccess: () => window.location.replace("/login"),
      onError: () => toast.error(t("shell.signOutEverywhereFailed")),
    });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("shell.signOutEverywhereTitle")}
      description={t("shell.signOutEverywhereBody", { business })}
      cancelLabel={t("common.cancel")}
      confirmLabel={t("shell.signOutEverywhereConfirm")}
      destructive
      onConfirm={confirm}
      pending={revoke.isPending}
      error={revoke.error}
      onReset={revoke.reset}
    />
  );
}
