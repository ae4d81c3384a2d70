"use client";

import { Check, Copy } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/lib/browser/i18n";
import { Button, type ButtonProps } from "./button";
import { cn } from "./cn";

async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (
      typeof navigator !== "undefined" &&
      navigator.clipboard &&
      typeof navigator.clipboard.writeText === "function"
    ) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the legacy path (e.g. permissions denied, http origin).
  }
  if (typeof document === "undefined") return false;
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand("copy");
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

export interface CopyButtonProps extends Omit<ButtonProps, "onClick" | "children" | "value"> {
  /** The text put on the clipboard. */
  value: string;
  /** What is being copied, for the button's name and the confirmation ("ID da requisição"). */
  label?: string;
  /** Show the word "Copiar" next to the icon. */
  showText?: boolean;
  /** Also confirm with a toast (default true). The aria-live announcement always happens. */
  withToast?: boolean;
}

/** Copies `value`, swaps the icon to a check, announces "Copiado" to screen readers and shows a toast. */
export function CopyButton({
  value,
  label,
  showText = false,
  withToast = true,
  variant = "ghost",
  size,
  className,
  ...props
}: CopyButtonProps) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const name = label ? t("common.copyValue", { label }) : t("common.copy");

  async function handleCopy() {
    const ok = await writeClipboard(value);
    if (!ok) {
      setAnnouncement(t("common.copyFailed"));
      if (withToast) toast.error(t("common.copyFailed"));
      return;
    }
    const message = label ? t("common.copiedValue", { label }) : t("common.copied");
    setCopied(true);
    // Re-announce even when copying twice in a row.
    setAnnouncement("");
    requestAnimationFrame(() => setAnnouncement(message));
    if (withToast) toast.success(message, { duration: 2000 });
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), 1600);
  }

  return (
    <>
      <Button
        type="button"
        variant={variant}
        size={size ?? (showText ? "sm" : "icon-sm")}
        className={cn(!showText && "text-muted-foreground hover:text-foreground", className)}
        onClick={handleCopy}
        aria-label={showText ? undefined : name}
        title={showText ? undefined : name}
        data-copied={copied || undefined}
        {...props}
      >
        {copied ? <Check className="text-success" aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {showText ? <span>{copied ? t("common.copied") : t("common.copy")}</span> : null}
      </Button>
      <span className="sr-only" role="status" aria-live="polite">
        {announcement}
      </span>
    </>
  );
}
