import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { DateTimeInput } from "@/components/forms/date-time-input";
import { FormField } from "@/components/forms/form-field";
import { utcIsoToZonedLocal, zonedLocalToUtcIso } from "@/lib/shared/format/date";
import { I18nProvider } from "@/lib/browser/i18n";

function Harness({ initial }: { initial?: string }) {
  const [value, setValue] = useState<string | undefined>(initial);
  return (
    <>
      <FormField label="Expira em">
        <DateTimeInput value={value} onChange={setValue} />
      </FormField>
      <output data-testid="iso">{value ?? "undefined"}</output>
    </>
  );
}

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

describe("DateTimeInput", () => {
  it("reads the wall-clock time in the operator's zone and hands over ISO UTC, showing the zone", () => {
    render(
      <I18nProvider locale="pt-BR" timeZone="America/Sao_Paulo">
        <Harness />
      </I18nProvider>,
    );
    const input = screen.getByLabelText("Expira em");
    fireEvent.change(input, { target: { value: "2026-12-31T18:30" } });
    expect(screen.getByTestId("iso")).toHaveTextContent("2026-12-31T21:30:00Z");
    expect(screen.getByText(/Horário de Brasília \/ São Paulo \((BRT|GMT-3)\)/)).toBeInTheDocument();
    expect(input.getAttribute("aria-describedby")).toContain("dt-zone");
    fireEvent.change(input, { target: { value: "" } });
    expect(screen.getByTestId("iso")).toHaveTextContent("undefined");
  });

  it("shows an existing value in the operator's zone", () => {
    render(
      <I18nProvider locale="en" timeZone="America/Manaus">
        <Harness initial="2026-12-31T21:30:00Z" />
      </I18nProvider>,
    );
    expect(screen.getByLabelText("Expira em")).toHaveValue("2026-12-31T17:30");
    expect(screen.getByText(/Manaus time/)).toBeInTheDocument();
  });
});
