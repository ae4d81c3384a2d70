"use client";

import { Download } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { useI18n } from "@/lib/browser/i18n";

/**
 * New recovery codes, shown this once: copy them, download them, then "I saved the codes" drops them from the
 * page (the server keeps only their hashes, so nothing can show them again).
 */
export function RecoveryCodesPanel({
  codes,
  email,
  onDone,
}: {
  codes: readonly string[];
  email: string;
  onDone: () => void;
}) {
  const { t } = useI18n();
  const text = codes.join("\n");
  const download = () => {
    const body = `${t("account.recovery.fileHeader", { email })}\n\n${text}\n`;
    const url = URL.createObjectURL(new Blob([body], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "pix-ops-recovery-codes.txt";
    link.rel = "noopener";
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  };
  return (
    <Alert tone="warning" title={t("account.recovery.title")} description={t("account.recovery.description")}>
      <ol
        className="my-3 grid grid-cols-1 gap-1 font-mono text-sm sm:grid-cols-2"
        aria-label={t("account.recovery.title")}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <CopyButton value={text} label={t("account.recovery.copyLabel")} showText variant="outline" size="sm" />
        <Button variant="outline" size="sm" onClick={download}>
          <Download aria-hidden="true" />
          {t("account.recovery.download")}
        </Button>
        <Button size="sm" onClick={onDone}>
          {t("account.recovery.done")}
        </Button>
      </div>
    </Alert>
  );
}
