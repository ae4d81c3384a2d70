"use client";

import { Monitor, Moon, Sun } from "lucide-react";
import { useTheme } from "next-themes";
import { Button } from "@/components/ui/button";
import { Menu, MenuRadioItem } from "@/components/ui/menu";
import { useI18n } from "@/lib/browser/i18n";

/** Light / dark / system. The icon follows the applied theme via CSS, so it never mismatches on hydration. */
export function ThemeSwitch() {
  const { t } = useI18n();
  const { theme, setTheme } = useTheme();
  const current = theme ?? "system";
  const options = [
    { value: "light", icon: Sun, label: t("theme.light") },
    { value: "dark", icon: Moon, label: t("theme.dark") },
    { value: "system", icon: Monitor, label: t("theme.system") },
  ];
  return (
    <Menu
      label={t("theme.label")}
      heading={t("theme.label")}
      trigger={(props) => (
        <Button {...props} variant="ghost" size="icon-sm" aria-label={t("theme.label")} title={t("theme.label")}>
          <Sun className="dark:hidden" aria-hidden="true" />
          <Moon className="hidden dark:block" aria-hidden="true" />
        </Button>
      )}
    >
      {options.map(({ value, icon: Icon, label }) => (
        <MenuRadioItem key={value} checked={current === value} onSelect={() => setTheme(value)}>
          <Icon aria-hidden="true" />
          {label}
        </MenuRadioItem>
      ))}
    </Menu>
  );
}
