"use client";

import { Eye, EyeOff } from "lucide-react";
import { useState, type ComponentProps } from "react";
import { cn } from "@/components/ui/cn";
import { Input } from "@/components/ui/input";
import { useI18n } from "@/lib/browser/i18n";

export interface PasswordInputProps extends Omit<ComponentProps<"input">, "type"> {
  /** What the secret is, for the toggle's name ("Mostrar chave de API"). */
  secretLabel: string;
  /** Monospaced (keys and tokens, default); false for a password a person chose. */
  mono?: boolean;
}

/**
 * Secret input (API key, access token, password) with a show/hide toggle.
 * Spellcheck stays off; autofill too unless `autoComplete` says otherwise
 * (a password: "current-password"). Monospaced unless `mono={false}`.
 */
export function PasswordInput({
  secretLabel,
  className,
  autoComplete = "off",
  mono = true,
  ...props
}: PasswordInputProps) {
  const { t } = useI18n();
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input
        {...props}
        type={visible ? "text" : "password"}
        autoComplete={autoComplete}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        className={cn("pr-20", mono && "font-mono", className)}
      />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-pressed={visible}
        aria-label={
          visible
            ? t("login.hideSecretLabel", { label: secretLabel })
            : t("login.showSecretLabel", { label: secretLabel })
        }
        className="absolute top-1/2 right-1 inline-flex h-7 -translate-y-1/2 items-center gap-1 rounded px-2 text-xs font-medium text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        {visible ? <EyeOff className="size-3.5" aria-hidden="true" /> : <Eye className="size-3.5" aria-hidden="true" />}
        <span aria-hidden="true">{visible ? t("login.hideSecret") : t("login.showSecret")}</span>
      </button>
    </div>
  );
}
