"use client";

import { Brand } from "@/components/shell/brand";
import { LocaleSwitch } from "@/components/shell/locale-switch";
import { SkipLink } from "@/components/shell/skip-link";
import { ThemeSwitch } from "@/components/shell/theme-switch";
import { useI18n } from "@/lib/browser/i18n";

export function AuthHeader() {
  const { t } = useI18n();
  return (
    <>
      <SkipLink />
      <header className="mx-auto flex h-14 w-full max-w-md items-center justify-between px-4">
        <Brand name={t("app.name")} />
        <div className="flex items-center gap-1">
          <LocaleSwitch />
          <ThemeSwitch />
        </div>
      </header>
    </>
  );
}
