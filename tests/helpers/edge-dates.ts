/**
 * Date-times at the edges, for the property tests of every input that takes a
 * date: years 0000, 0001, 1969/1970, 1999/2000, 2099/2100, 9999 and the next few
 * years, offsets ±14:00/±12:00 (and ±23:59, which no zone uses), fractional
 * seconds, leap seconds (:60), a missing offset, lower-case t/z. Each comes with
 * what it means, worked out apart from the code under test: the instant with
 * Date.parse (which reads the canonical form exactly, years 0000–9999 and
 * milliseconds, offsets applied), or null when it is not an ISO instant with an
 * offset at all.
 */
import fc from "fast-check";

export interface EdgeDate {
  text: string;
  /** Epoch ms of the instant; null when the text is not a well-formed instant with an offset. */
  ms: number | null;
}

const THIS_YEAR = new Date().getUTCFullYear();
const EDGE_YEARS = [0, 1, 1969, 1970, 1999, 2000, 2099, 2100, 9998, 9999];
const pad = (n: number, len: number) => String(n).padStart(len, "0");

export const edgeDate: fc.Arbitrary<EdgeDate> = fc
  .record({
    year: fc.oneof(
      fc.constantFrom(...EDGE_YEARS),
      fc.integer({ min: THIS_YEAR - 1, max: THIS_YEAR + 6 }),
      fc.integer({ min: 0, max: 9999 }),
    ),
    // Days every year has (calendar validity is the unit test's: tests/shared/date-bounds.test.ts).
    monthDay: fc.constantFrom("01-01", "02-28", "06-15", "12-31"),
    time: fc.constantFrom("00:00:00", "10:00:00", "12:00:00", "13:59:59", "23:59:59", "23:59:60"),
    fraction: fc.constantFrom("", "", ".0", ".5", ".999", ".123456789"),
    offset: fc.constantFrom(
      "Z",
      "Z",
      "+00:00",
      "-00:00",
      "+14:00",
      "-12:00",
      "+12:00",
      "-14:00",
      "-03:00",
      "+05:45",
      "+23:59",
      "-23:59",
      "z",
      "",
    ),
    t: fc.constantFrom("T", "T", "T", "t"),
  })
  .map(({ year, monthDay, time, fraction, offset, t }): EdgeDate => {
    const day = `${pad(year, 4)}-${monthDay}`;
    const text = `${day}${t}${time}${fraction}${offset}`;
    const wellFormed = t === "T" && offset !== "" && offset !== "z" && !time.endsWith(":60");
    if (!wellFormed) return { text, ms: null };
    const millis = fraction === "" ? "" : `.${fraction.slice(1).padEnd(3, "0").slice(0, 3)}`;
    return { text, ms: Date.parse(`${day}T${time}${millis}${offset}`) };
  });
