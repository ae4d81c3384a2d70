"use client";

import { Languages } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { useI18n } from "@/lib/browser/i18n";
import { isLocale, LOCALES } from "@/lib/shared/i18n/config";

/** pt-BR / English. Client text switches at once; Server Components re-render via router.refresh(). */
export function LocaleSwitch() {
  const { t, locale, setLocale } = useI18n();
  const router = useRouter();
  const [, startTransition] = useTransition();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" className="gap-1.5 px-2" aria-label={`${t("language.label")}: ${t(`language.${locale}`)}`}>
          <Languages aria-hidden="true" />
          <span className="hidden text-xs font-semibold uppercase sm:inline" aria-hidden="true">
            {locale === "pt-BR" ? "PT" : "EN"}
          </span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t("language.label")}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={locale}
          onValueChange={(value) => {
            if (!isLocale(value) || value === locale) return;
            setLocale(value);
            startTransition(() => router.refresh());
          }}
        >
          {LOCALES.map((option) => (
            <DropdownMenuRadioItem key={option} value={option} lang={option}>
              {t(`language.${option}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
