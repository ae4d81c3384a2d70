import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  isoToMs,
  utcIsoToZonedLocal,
  utcMs,
  wallClockText,
  wallDateText,
  wallTimeIn,
  zonedLocalToUtcIso,
} from "@/lib/shared/format/date";
import { nextDay } from "@/lib/shared/format/date-window";

describe("isoToMs (one reading of API timestamps)", () => {
  it("reads ISO instants as epoch milliseconds", () => {
    expect(isoToMs("2026-11-22T12:00:00Z")).toBe(Date.UTC(2026, 10, 22, 12));
    expect(isoToMs("2026-11-22T09:00:00-03:00")).toBe(Date.UTC(2026, 10, 22, 12));
    expect(isoToMs("1970-01-01T00:00:00Z")).toBe(0);
  });

  it("gives null for missing, non-string or unreadable values", () => {
    for (const value of [null, undefined, "", "amanhã", 1_700_000_000_000, {}]) expect(isoToMs(value)).toBeNull();
  });
});

describe("wall-clock time in a zone (one formatter for the CSV and the date inputs)", () => {
  const ms = Date.parse("2026-11-23T01:05:09Z");

  it("reads what a clock in the zone shows", () => {
    expect(wallTimeIn("America/Sao_Paulo", ms)).toEqual({
      year: 2026,
      month: 11,
      day: 22,
      hour: 22,
      minute: 5,
      second: 9,
    });
    expect(wallTimeIn("UTC", Date.parse("2026-11-22T00:30:00Z")).hour).toBe(0);
  });

  it("writes the day and the time zero-padded", () => {
    const w = wallTimeIn("America/Manaus", ms);
    expect(wallDateText(w)).toBe("2026-11-22");
    expect(wallClockText(w)).toBe("21:05");
    expect(wallClockText(w, true)).toBe("21:05:09");
    expect(wallDateText({ year: 999, month: 1, day: 2, hour: 0, minute: 0, second: 0 })).toBe("0999-01-02");
  });

  it("is what the datetime-local inputs show", () => {
    expect(utcIsoToZonedLocal("2026-11-23T01:05:09Z", "America/Sao_Paulo")).toBe("2026-11-22T22:05");
  });
});

describe("wall times in the years 0–99 (Date.UTC would read them as 1900–1999)", () => {
  it("utcMs counts them as written", () => {
    expect(new Date(utcMs(50, 6, 15, 12)).toISOString()).toBe("0050-06-15T12:00:00.000Z");
    expect(new Date(utcMs(0, 1, 1)).toISOString()).toBe("0000-01-01T00:00:00.000Z");
    expect(utcMs(2026, 11, 22, 12)).toBe(Date.UTC(2026, 10, 22, 12));
  });

  it("a typed day or date-time in such a year stays in it, in any zone", () => {
    expect(zonedLocalToUtcIso("0050-06-15T12:00", "UTC")).toBe("0050-06-15T12:00:00Z");
    expect(zonedLocalToUtcIso("0001-01-01T00:00", "UTC")).toBe("0001-01-01T00:00:00Z");
    expect(zonedLocalToUtcIso("0000-06-15T12:00", "UTC")).toBe("0000-06-15T12:00:00Z");
    expect(zonedLocalToUtcIso("0099-12-31T21:00", "Etc/GMT+3")).toBe("0100-01-01T00:00:00Z");
    expect(wallTimeIn("UTC", Date.parse("0000-06-15T12:00:00Z")).year).toBe(0);
  });

  it("the filters' next day does not jump a century", () => {
    expect(nextDay("0099-12-31")).toBe("0100-01-01");
    expect(nextDay("0050-02-28")).toBe("0050-03-01");
    expect(nextDay("2026-12-31")).toBe("2027-01-01");
  });
});

describe("dates as the dashboard writes them, the same way in both languages", () => {
  const at = "2026-11-22T17:05:00Z";
  const zone = "America/Sao_Paulo";
  // ICU puts a narrow no-break space before AM/PM; compared as a plain space.
  const plain = (text: string) => text.replace(/\s/g, " ");

  it("a date-time: four-digit years and two-digit hours", () => {
    expect(plain(formatDateTime(at, "pt-BR", zone))).toBe("22/11/2026, 14:05");
    expect(plain(formatDateTime(at, "en-US", zone))).toBe("11/22/2026, 02:05 PM");
  });

  it("a short date and a lone time", () => {
    expect(formatDate(at, "en-US", zone, { dateStyle: "short" })).toBe("11/22/2026");
    expect(formatDate(at, "pt-BR", zone, { dateStyle: "short" })).toBe("22/11/2026");
    expect(plain(formatDateTime(at, "en-US", zone, { timeStyle: "short" }))).toBe("02:05 PM");
  });

  it("keeps a long time's zone, and a medium date in the locale's own style", () => {
    expect(plain(formatDateTime(at, "en-US", zone, { timeStyle: "long" }))).toBe("02:05:00 PM GMT-3");
    expect(plain(formatDateTime(at, "pt-BR", zone, { dateStyle: "medium", timeStyle: "short" }))).toBe(
      "22 de nov. de 2026, 14:05",
    );
  });
});
