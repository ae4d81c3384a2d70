import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  caretAfterMask,
  dateOrderOf,
  dayToEntry,
  isoToEntry,
  maskEntry,
  readDateEntry,
  readDateTimeEntry,
} from "@/lib/shared/format/date-entry";
import { utcIsoToZonedLocal, zonedLocalToUtcIso } from "@/lib/shared/format/date";
import { dictionaries } from "@/lib/shared/i18n/dictionaries";

describe("zoned date-time conversion", () => {
  it.each([
    ["2026-11-22T14:05", "America/Sao_Paulo", "2026-11-22T17:05:00Z"],
    ["2026-11-22T14:05", "America/Manaus", "2026-11-22T18:05:00Z"],
    ["2026-11-22T14:05", "America/Noronha", "2026-11-22T16:05:00Z"],
    ["2026-11-22T14:05", "UTC", "2026-11-22T14:05:00Z"],
    ["2026-07-01T09:00", "Europe/Lisbon", "2026-07-01T08:00:00Z"],
    ["2026-10-25T12:00", "Europe/Lisbon", "2026-10-25T12:00:00Z"],
  ])("%s in %s is %s", (local, zone, iso) => {
    expect(zonedLocalToUtcIso(local, zone)).toBe(iso);
    expect(utcIsoToZonedLocal(iso, zone)).toBe(local);
  });

  it("moves a time that does not exist (DST gap) forward", () => {
    // Lisbon skips 01:00–02:00 on 2026-03-29; 01:30 is read as 02:30 summer time.
    expect(zonedLocalToUtcIso("2026-03-29T01:30", "Europe/Lisbon")).toBe("2026-03-29T01:30:00Z");
    expect(utcIsoToZonedLocal("2026-03-29T01:30:00Z", "Europe/Lisbon")).toBe("2026-03-29T02:30");
  });

  it("rejects malformed or impossible times", () => {
    expect(zonedLocalToUtcIso("2026-02-30T10:00", "UTC")).toBeNull();
    expect(zonedLocalToUtcIso("22/11/2026 14:05", "UTC")).toBeNull();
    expect(zonedLocalToUtcIso("2026-11-22T24:00", "UTC")).toBeNull();
  });
});

describe("typed dates in the app's language", () => {
  it("takes the order of day and month from the dictionaries' patterns", () => {
    expect(dateOrderOf(dictionaries["pt-BR"]["form.datePattern"] ?? "")).toBe("dmy");
    expect(dateOrderOf(dictionaries.en["form.datePattern"] ?? "")).toBe("mdy");
  });

  it.each([
    ["15122026", false, "15/12/2026"],
    ["151", false, "15/1"],
    ["15", false, "15"],
    ["15/", false, "15/"],
    ["1/2/2026", false, "01/02/2026"],
    ["15//12", false, "15/12"],
    ["151220261830", true, "15/12/2026 18:30"],
    ["15/12/2026 18:30", true, "15/12/2026 18:30"],
    ["1/2/2026 9:05", true, "01/02/2026 09:05"],
    // A two-digit year stays short (and reads as incomplete) instead of taking the hour's digits.
    ["15/12/26 18:30", true, "15/12/26 18:30"],
    ["15/12/2026 18:30:45", true, "15/12/2026 18:30"],
  ])("masks %j (with time: %s) as %j", (raw, withTime, masked) => {
    expect(maskEntry(raw, withTime)).toBe(masked);
  });

  it("keeps the caret after the same digits when editing in the middle", () => {
    expect(caretAfterMask("15/122026", 5, "15/12/2026")).toBe(5);
    expect(caretAfterMask("15/12/2026", 10, "15/12/2026")).toBe(10);
    expect(caretAfterMask("x15", 1, "15")).toBe(0);
  });

  it("reads dd/mm in pt-BR and mm/dd in English, in the business's zone, and never swaps them", () => {
    expect(readDateTimeEntry("15/12/2026 18:30", "dmy", "America/Sao_Paulo")).toEqual({
      status: "ok",
      iso: "2026-12-15T21:30:00Z",
    });
    expect(readDateTimeEntry("12/15/2026 18:30", "mdy", "America/Sao_Paulo")).toEqual({
      status: "ok",
      iso: "2026-12-15T21:30:00Z",
    });
    expect(readDateTimeEntry("15/12/2026 18:30", "mdy", "America/Sao_Paulo").status).toBe("invalid");
    expect(readDateTimeEntry("12/12/2026 18:30", "dmy", "America/Manaus")).toEqual({
      status: "ok",
      iso: "2026-12-12T22:30:00Z",
    });
    expect(readDateEntry("12/15/2026", "mdy")).toEqual({ status: "ok", day: "2026-12-15" });
  });

  it("tells incomplete, impossible and skipped (DST gap) entries apart", () => {
    expect(readDateTimeEntry("", "dmy", "UTC").status).toBe("empty");
    expect(readDateTimeEntry("15/12/2026", "dmy", "UTC").status).toBe("incomplete");
    expect(readDateTimeEntry("15/12/26 18:30", "dmy", "UTC").status).toBe("incomplete");
    expect(readDateTimeEntry("31/02/2026 10:00", "dmy", "UTC").status).toBe("invalid");
    expect(readDateTimeEntry("29/02/2026 10:00", "dmy", "UTC").status).toBe("invalid");
    expect(readDateTimeEntry("29/02/2028 10:00", "dmy", "UTC").status).toBe("ok");
    expect(readDateTimeEntry("15/12/2026 25:00", "dmy", "UTC").status).toBe("invalid");
    expect(readDateTimeEntry("15/12/2026 18:60", "dmy", "UTC").status).toBe("invalid");
    expect(readDateTimeEntry("29/03/2026 01:30", "dmy", "Europe/Lisbon").status).toBe("skipped");
    expect(readDateEntry("31/04/2026", "dmy").status).toBe("invalid");
    expect(readDateEntry("31/12", "dmy").status).toBe("incomplete");
  });

  it("writes values back in the same format", () => {
    expect(isoToEntry("2026-12-15T21:30:00Z", "dmy", "America/Sao_Paulo")).toBe("15/12/2026 18:30");
    expect(isoToEntry("2026-12-15T21:30:00Z", "mdy", "America/Sao_Paulo")).toBe("12/15/2026 18:30");
    expect(isoToEntry("not a date", "dmy", "UTC")).toBe("");
    expect(dayToEntry("2026-12-15", "dmy")).toBe("15/12/2026");
    expect(dayToEntry("2026-02-31", "dmy")).toBe("");
  });
});

/** Local modules a file imports statically (`import … from`, `export … from`), not through `import()`. */
function staticImports(file: string): string[] {
  const source = readFileSync(file, "utf8");
  return [...source.matchAll(/^(?:import|export)\s[^;]*?from\s+"([^"]+)"/gms)].map((m) => m[1] ?? "");
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

function resolveLocal(from: string, spec: string): string | null {
  const base = spec.startsWith("@/")
    ? resolve(ROOT, spec.slice(2))
    : spec.startsWith(".")
      ? resolve(dirname(from), spec)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  return null;
}

describe("the date inputs' first load", () => {
  it("typing needs none of the calendar's code: no static path to react-day-picker, date-fns or the calendar module", () => {
    const seen = new Set<string>();
    const packages = new Set<string>();
    const queue = [
      "components/forms/date-input.tsx",
      "components/forms/date-time-input.tsx",
      "components/ui/date-range-filter.tsx",
    ].map((f) => resolve(ROOT, f));
    while (queue.length > 0) {
      const file = queue.pop() ?? "";
      if (seen.has(file)) continue;
      seen.add(file);
      for (const spec of staticImports(file)) {
        const local = resolveLocal(file, spec);
        if (local) queue.push(local);
        else packages.add(spec);
      }
    }
    expect(seen.has(resolve(ROOT, "components/forms/date-entry-field.tsx"))).toBe(true);
    expect(seen.has(resolve(ROOT, "components/forms/date-calendar.tsx"))).toBe(false);
    expect([...packages].filter((p) => /react-day-picker|date-fns/.test(p))).toEqual([]);
    // …and the calendar module itself is what brings them.
    expect(staticImports(resolve(ROOT, "components/forms/date-calendar.tsx"))).toContain("react-day-picker");
  });
});
