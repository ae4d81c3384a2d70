import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import {
  boundedIsoInstant,
  EXPIRY_HORIZON_MS,
  expiryDateSchema,
  FILTER_DATE_MAX_MS,
  FILTER_DATE_MIN_MS,
  filterDateSchema,
  isFilterDay,
  isoInstantMs,
} from "@/lib/shared/schemas/dates";

/** Epoch ms of a UTC wall time, any year (Date.UTC would read 0–99 as 1900–1999). */
function utc(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, ms);
  return date.getTime();
}

const messageOf = (schema: z.ZodMiniType, value: unknown): string | null => {
  const result = z.safeParse(schema, value);
  return result.success ? null : (result.error.issues[0]?.message ?? "");
};

describe("isoInstantMs (the instant an ISO date-time names, offset applied)", () => {
  it.each([
    ["1970-01-01T00:00:00Z", 0],
    ["1969-12-31T23:59:59Z", -1000],
    ["1970-01-01T00:00:00+00:00", 0],
    ["1970-01-01T00:00:00-00:01", 60_000],
    ["2026-11-22T09:00:00-03:00", utc(2026, 11, 22, 12)],
    ["0000-01-01T00:00:00Z", utc(0, 1, 1)],
    ["0001-01-01T00:00:00Z", utc(1, 1, 1)],
    ["0050-06-15T12:00:00Z", utc(50, 6, 15, 12)],
    // Year 1 at +14:00 is still year 0 in UTC; 9999-12-31 at −12:00 is already year 10000.
    ["0001-01-01T00:00:00+14:00", utc(0, 12, 31, 10)],
    ["9999-12-31T23:59:59-12:00", utc(10000, 1, 1, 11, 59, 59)],
    ["9999-12-31T23:59:59Z", utc(9999, 12, 31, 23, 59, 59)],
    ["2024-02-29T00:00:00Z", utc(2024, 2, 29)],
    ["2000-02-29T00:00:00Z", utc(2000, 2, 29)],
    // Fractions: milliseconds kept, anything finer dropped (not rounded up into the next millisecond).
    ["2026-01-01T00:00:00.5Z", utc(2026, 1, 1, 0, 0, 0, 500)],
    ["2026-01-01T00:00:00.123456789Z", utc(2026, 1, 1, 0, 0, 0, 123)],
    ["2026-01-01T00:00:00.9999+01:00", utc(2025, 12, 31, 23, 0, 0, 999)],
  ])("%s", (text, expected) => {
    expect(isoInstantMs(text)).toBe(expected);
  });

  it("agrees with Date.parse wherever Date.parse is defined (years 0000–9999, milliseconds)", () => {
    for (const text of [
      "0001-01-01T00:00:00+14:00",
      "9999-12-31T23:59:59.999-12:00",
      "2000-01-01T00:00:00.000Z",
      "1969-07-20T20:17:40-05:30",
    ]) {
      expect(isoInstantMs(text), text).toBe(Date.parse(text));
    }
  });

  it.each([
    "2026-11-22",
    "2026-11-22T10:00:00",
    "2026-11-22T10:00Z",
    "2026-11-22t10:00:00z",
    "2026-11-22T10:00:00z",
    "2026-12-31T23:59:60Z",
    "2026-02-29T00:00:00Z",
    "1900-02-29T00:00:00Z",
    "2026-04-31T00:00:00Z",
    "2026-13-01T00:00:00Z",
    "2026-11-22T24:00:00Z",
    "2026-11-22T10:00:00+24:00",
    "2026-11-22T10:00:00+05:60",
    "+010000-01-01T00:00:00Z",
    "-000001-01-01T00:00:00Z",
    " 2026-11-22T10:00:00Z",
    "",
  ])("%j is not an instant", (text) => {
    expect(isoInstantMs(text)).toBeNull();
  });
});

describe("filterDateSchema (list filters: 2000-01-01 to 2100-01-01 UTC)", () => {
  it("takes the edges and what lies between, whatever the offset", () => {
    for (const value of [
      "2000-01-01T00:00:00Z",
      "2000-01-01T14:00:00+14:00",
      "1999-12-31T12:00:00-12:00",
      "2100-01-01T00:00:00Z",
      "2099-12-31T12:00:00-12:00",
      "2026-11-22T09:00:00.123-03:00",
    ]) {
      expect(messageOf(filterDateSchema, value), value).toBeNull();
    }
    expect(isoInstantMs("2000-01-01T14:00:00+14:00")).toBe(FILTER_DATE_MIN_MS);
    expect(isoInstantMs("2099-12-31T12:00:00-12:00")).toBe(FILTER_DATE_MAX_MS);
  });

  it.each([
    "0000-01-01T00:00:00Z",
    "0001-01-01T00:00:00+14:00",
    "1969-12-31T23:59:59Z",
    "1970-01-01T00:00:00Z",
    "1999-12-31T23:59:59.999Z",
    "2000-01-01T13:59:59+14:00",
    "2100-01-01T00:00:00.001Z",
    "2099-12-31T12:00:01-12:00",
    "9999-12-31T23:59:59-12:00",
    "9999-12-31T23:59:59Z",
  ])("%s is out of range", (value) => {
    expect(messageOf(filterDateSchema, value)).toBe("validation.dateOutOfRange");
  });

  it("a value that is not an instant says so (once), not that it is out of range", () => {
    for (const value of ["2026-11-22", "2026-11-22t10:00:00z", "2026-12-31T23:59:60Z", "yesterday"]) {
      const result = z.safeParse(filterDateSchema, value);
      expect(result.success ? [] : result.error.issues.map((i) => i.message), value).toEqual(["validation.isoDate"]);
    }
    expect(messageOf(filterDateSchema, 20260101)).toBe("validation.isoDate");
  });

  it("keeps the value as sent", () => {
    expect(z.parse(filterDateSchema, "2026-11-22T09:00:00-03:00")).toBe("2026-11-22T09:00:00-03:00");
  });
});

describe("expiryDateSchema (after now, at most EXPIRY_HORIZON_MS later, on the given clock)", () => {
  const now = utc(2026, 11, 22, 12);
  const clock = { now: () => now };
  const schema = expiryDateSchema(clock);
  const at = (ms: number) => new Date(ms).toISOString();

  it("is refused at now or before, taken just after, refused past the horizon", () => {
    expect(messageOf(schema, at(now))).toBe("validation.expiresInPast");
    expect(messageOf(schema, at(now - 1))).toBe("validation.expiresInPast");
    expect(messageOf(schema, at(now + 1))).toBeNull();
    expect(messageOf(schema, at(now + EXPIRY_HORIZON_MS))).toBeNull();
    expect(messageOf(schema, at(now + EXPIRY_HORIZON_MS + 1))).toBe("validation.expiresTooFar");
    expect(messageOf(schema, "9999-12-31T23:59:59-12:00")).toBe("validation.expiresTooFar");
    expect(messageOf(schema, "0001-01-01T00:00:00+14:00")).toBe("validation.expiresInPast");
  });

  it("reads the clock at each check, not when built", () => {
    let t = now;
    const moving = expiryDateSchema({ now: () => t });
    const inAWeek = at(now + 7 * 86_400_000);
    expect(messageOf(moving, inAWeek)).toBeNull();
    t = now + 30 * 86_400_000;
    expect(messageOf(moving, inAWeek)).toBe("validation.expiresInPast");
  });

  it("is about five years", () => {
    expect(EXPIRY_HORIZON_MS / 86_400_000 / 365.25).toBeCloseTo(5, 2);
  });
});

describe("boundedIsoInstant", () => {
  it("names the side the value fell off", () => {
    const schema = boundedIsoInstant({ min: () => 0, max: () => 1000, tooEarly: "early", tooLate: "late" });
    expect(messageOf(schema, "1969-12-31T23:59:59Z")).toBe("early");
    expect(messageOf(schema, "1970-01-01T00:00:00Z")).toBeNull();
    expect(messageOf(schema, "1970-01-01T00:00:01Z")).toBeNull();
    expect(messageOf(schema, "1970-01-01T00:00:01.001Z")).toBe("late");
  });
});

describe("isFilterDay (calendar days for the date-filter inputs)", () => {
  it.each([
    ["2000-01-02", true],
    ["2099-12-30", true],
    ["2024-02-29", true],
    ["2000-01-01", false],
    ["2099-12-31", false],
    ["0000-01-01", false],
    ["0001-01-01", false],
    ["9999-12-31", false],
    ["2026-02-29", false],
    ["2026-13-01", false],
    ["2026-1-1", false],
  ])("%s → %s", (day, expected) => {
    expect(isFilterDay(day)).toBe(expected);
  });
});
