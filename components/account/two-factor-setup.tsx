"use client";

import { CopyButton } from "@/components/ui/copy-button";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { useI18n } from "@/lib/browser/i18n";
import { useConfirmTwoFactor, useStartTwoFactorSetup } from "@/lib/browser/query/account";
import type { RecoveryCodes } from "@/lib/shared/schemas/account";
import { CodeForm } from "./code-form";

/**
 * Turning 2FA on: the server makes the secret and keeps it (encrypted) until a code from it is confirmed; this
 * shows its QR code (an image the server drew) and the key to type, then takes the first code.
 */
export function TwoFactorSetup({ onEnabled }: { onEnabled: (codes: RecoveryCodes) => void }) {
  const { t, formatDateTime } = useI18n();
  const start = useStartTwoFactorSetup();
  const confirm = useConfirmTwoFactor();
  const setup = start.data;

  if (!setup)
    return (
      <div className="grid gap-3">
        {start.error ? <ErrorPanel error={start.error} headingLevel="h3" /> : null}
        <div>
          <Button onClick={() => start.mutate()} loading={start.isPending}>
            {t("account.twoFactor.start")}
          </Button>
        </div>
      </div>
    );

  return (
    <CodeForm
      submitLabel={t("account.twoFactor.confirm")}
      pending={confirm.isPending}
      error={confirm.error}
      onSubmit={({ code }) => confirm.mutate({ code }, { onSuccess: onEnabled })}
    >
      <p className="text-sm">{t("account.twoFactor.scan")}</p>
      {/* A data: URL the server made: next/image adds nothing for it. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        src={setup.qr_code}
        alt={t("account.twoFactor.qrAlt")}
        width={200}
        height={200}
        className="rounded bg-white p-2"
      />
      <div className="grid gap-1 text-sm">
        <span>{t("account.twoFactor.manualKey")}</span>
        <span className="flex items-center gap-2">
          <code className="font-mono break-all">{setup.secret.replace(/(.{4})/g, "$1 ").trim()}</code>
          <CopyButton value={setup.secret} label={t("account.twoFactor.manualKey")} />
        </span>
        <span className="text-muted-foreground">
          {t("account.twoFactor.setupExpires", { time: formatDateTime(new Date(setup.expires_at)) })}
        </span>
      </div>
    </CodeForm>
  );
}
