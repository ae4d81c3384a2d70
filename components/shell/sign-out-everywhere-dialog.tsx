"use client";

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
 * operator stays signed in and is told nothing changed.
 */
export function SignOutEverywhereDialog({ business, open, onOpenChange }: SignOutEverywhereDialogProps) {
  const { t } = useI18n();
  const revoke = useSignOutEverywhere();

  const confirm = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    revoke.mutate(undefined, {
      onSuccess: () => window.location.replace("/login"),
      onError: () => toast.error(t("shell.signOutEverywhereFailed")),
    });
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => (revoke.isPending ? undefined : onOpenChange(next))}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("shell.signOutEverywhereTitle")}</AlertDialogTitle>
          <AlertDialogDescription>{t("shell.signOutEverywhereBody", { business })}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={revoke.isPending}>{t("common.cancel")}</AlertDialogCancel>
          <AlertDialogAction destructive onClick={confirm} disabled={revoke.isPending} aria-busy={revoke.isPending || undefined}>
            {t("shell.signOutEverywhereConfirm")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
