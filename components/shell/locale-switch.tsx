"use client";

import { Languages } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Menu, MenuRadioItem } from "@/components/ui/menu";
import { useI18n } from "@/lib/browser/i18n";
import { isLocale, LOCALES } from "@/lib/shared/i18n/config";

/** pt-BR / English. Client text switches at once; Server Components re-render via router.refresh(). */
export function LocaleSwitch() {
  const { t, locale, setLocale } = useI18n();
  const router = useRouter();
  const [, startTransition] = useTransition();
  return (
    <Menu
      label={t("language.label")}
      heading={t("language.label")}
      trigger={(props) => (
        <Button
          {...props}
          variant="ghost"
          size="sm"
          className="gap-1.5 px-2"
          aria-label={`${t("language.label")}: ${t(`language.${locale}`)}`}
        >
          <Languages aria-hidden="true" />
          <span className="hidden text-xs font-semibold uppercase sm:inline" aria-hidden="true">
            {locale === "pt-BR" ? "PT" : "EN"}
          </span>
        </Button>
      )}
    >
      {LOCALES.map((option) => (
        <MenuRadioItem
          key={option}
          checked={option === locale}
          lang={option}
          onSelect={() => {
            if (!isLocale(option) || option === locale) return;
            setLocale(option);
            startTransition(() => router.refresh());
          }}
        >
          {t(`language.${option}`)}
        </MenuRadioItem>
      ))}
    </Menu>
  );
}
