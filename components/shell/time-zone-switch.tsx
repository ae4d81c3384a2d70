"use client";

import { Clock } from "lucide-react";
import { useRouter } from "next/navigation";
import { useSyncExternalStore, useTransition } from "react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Menu, MenuRadioItem, MenuSeparator } from "@/components/ui/menu";
import { isValidTimeZone, timeZoneShortName } from "@/lib/shared/format/date";
import { useI18n } from "@/lib/browser/i18n";
import { TIME_ZONE_OPTIONS } from "@/lib/shared/i18n/config";
import { zoneLabel, zoneLabelWithShortName } from "@/lib/shared/i18n/zone-label";

const noop = () => () => undefined;
function browserZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return isValidTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
}

/** Shows the zone every time is displayed in ("BRT") and lets the operator pick another. */
export function TimeZoneSwitch() {
  const { t, timeZone, setTimeZone, intlLocale, timeZoneName } = useI18n();
  const router = useRouter();
  const [, startTransition] = useTransition();
  const deviceZone = useSyncExternalStore(noop, browserZone, () => null);
  const current = zoneLabel(timeZone, t);
  const abbr = timeZoneName();
  const listed = TIME_ZONE_OPTIONS.some((option) => option.zone === timeZone);

  const change = (zone: string) => {
    if (zone === timeZone || !isValidTimeZone(zone)) return;
    setTimeZone(zone);
    startTransition(() => router.refresh());
    toast.success(
      t("timeZone.changed", { zone: zoneLabelWithShortName(zone, t, timeZoneShortName(zone, intlLocale)) }),
    );
  };

  return (
    <Menu
      label={t("timeZone.label")}
      heading={t("timeZone.label")}
      className="w-64"
      trigger={(props) => (
        <Button
          {...props}
          variant="ghost"
          size="sm"
          className="gap-1.5 px-2"
          aria-label={`${t("timeZone.label")}: ${zoneLabelWithShortName(timeZone, t, abbr)}`}
          title={t("timeZone.current", { zone: current })}
        >
          <Clock aria-hidden="true" />
          <span
            className="hidden text-xs font-semibold tabular-nums sm:inline"
            aria-hidden="true"
            suppressHydrationWarning
          >
            {abbr}
          </span>
        </Button>
      )}
    >
      {TIME_ZONE_OPTIONS.map((option) => (
        <MenuRadioItem key={option.zone} checked={option.zone === timeZone} onSelect={() => change(option.zone)}>
          <span className="flex-1">{t(option.labelKey)}</span>
          <span className="text-xs text-muted-foreground tabular-nums">
            {timeZoneShortName(option.zone, intlLocale)}
          </span>
        </MenuRadioItem>
      ))}
      {!listed ? (
        <MenuRadioItem checked onSelect={() => change(timeZone)}>
          <span className="flex-1">{current}</span>
          <span className="text-xs text-muted-foreground">{abbr}</span>
        </MenuRadioItem>
      ) : null}
      {deviceZone && deviceZone !== timeZone && !TIME_ZONE_OPTIONS.some((o) => o.zone === deviceZone) ? (
        <>
          <MenuSeparator />
          <MenuRadioItem checked={false} onSelect={() => change(deviceZone)}>
            <span className="flex-1">{t("timeZone.browser", { zone: zoneLabel(deviceZone, t) })}</span>
          </MenuRadioItem>
        </>
      ) : null}
    </Menu>
  );
}
