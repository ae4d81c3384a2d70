import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { DateInput } from "@/components/forms/date-input";
import { DateTimeInput } from "@/components/forms/date-time-input";
import { FormField } from "@/components/forms/form-field";
import { I18nProvider } from "@/lib/browser/i18n";
import type { Locale } from "@/lib/shared/i18n/config";

interface HarnessProps {
  kind?: "date" | "dateTime";
  initial?: string;
  min?: string;
  max?: string;
  inField?: boolean;
}

/** The input with its value printed beside it, as a form or a filter would hold it. */
function Harness({ kind = "dateTime", initial, min, max, inField = true }: HarnessProps) {
  const [value, setValue] = useState<string | undefined>(initial);
  const Input = kind === "date" ? DateInput : DateTimeInput;
  const input = (
    <Input value={value} onChange={setValue} min={min} max={max} aria-label={inField ? undefined : "Dia"} />
  );
  return (
    <>
      {inField ? <FormField label="Expira em">{input}</FormField> : input}
      <output data-testid="value">{value ?? "undefined"}</output>
    </>
  );
}

function renderIn(locale: Locale, props: HarnessProps = {}, timeZone = "America/Sao_Paulo") {
  return render(
    <I18nProvider locale={locale} timeZone={timeZone}>
      <Harness {...props} />
    </I18nProvider>,
  );
}

const field = () => screen.getByRole("textbox", { name: /Expira em|Dia/ });
const value = () => screen.getByTestId("value");
const type = (text: string) => fireEvent.change(field(), { target: { value: text } });

describe("DateTimeInput, in the app's language whatever the browser's", () => {
  it("pt-BR: 15/12/2026 18:30 is 15 December 18:30 in São Paulo, handed over as UTC", () => {
    renderIn("pt-BR");
    expect(field()).toHaveAttribute("placeholder", "dd/mm/aaaa hh:mm");
    expect(field()).toHaveAttribute("type", "text");
    type("15/12/2026 18:30");
    expect(value()).toHaveTextContent("2026-12-15T21:30:00Z");
    expect(new Date(value().textContent ?? "").toISOString()).toBe("2026-12-15T21:30:00.000Z");
    expect(field()).toHaveValue("15/12/2026 18:30");
    expect(field()).not.toHaveAttribute("aria-invalid");
    expect(field()).toHaveAccessibleDescription(
      /Formato dd\/mm\/aaaa hh:mm, 24 horas.*Horário de Brasília \/ São Paulo/,
    );
    type("");
    expect(value()).toHaveTextContent("undefined");
  });

  it("pt-BR: digits alone are masked as they are typed, one by one", async () => {
    const user = userEvent.setup();
    renderIn("pt-BR");
    await user.type(field(), "151220261830");
    expect(field()).toHaveValue("15/12/2026 18:30");
    expect(value()).toHaveTextContent("2026-12-15T21:30:00Z");
  });

  it("pt-BR: a one-digit day or month closed by a slash is padded, never shifted into the next field", () => {
    renderIn("pt-BR");
    type("1/2/2027 9:05");
    expect(field()).toHaveValue("01/02/2027 09:05");
    expect(value()).toHaveTextContent("2027-02-01T12:05:00Z");
  });

  it("en: month first (12/15/2026 18:30), the same instant; the Brazilian order is refused, not reread", () => {
    renderIn("en");
    expect(field()).toHaveAttribute("placeholder", "mm/dd/yyyy hh:mm");
    type("12/15/2026 18:30");
    expect(value()).toHaveTextContent("2026-12-15T21:30:00Z");
    type("15/12/2026 18:30");
    expect(value()).toHaveTextContent("undefined");
    expect(field()).toHaveAttribute("aria-invalid", "true");
    expect(field()).toHaveAccessibleDescription(/That date or time does not exist/);
  });

  it("31/02 and 25:00 show an error next to the field and give no value", () => {
    renderIn("pt-BR");
    type("15/12/2026 18:30");
    type("31/02/2026 10:00");
    expect(value()).toHaveTextContent("undefined");
    expect(field()).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText(/Essa data ou hora não existe/)).toBeInTheDocument();
    expect(field()).toHaveAccessibleDescription(/Essa data ou hora não existe/);
    type("15/12/2026 25:00");
    expect(value()).toHaveTextContent("undefined");
    expect(screen.getByText(/Essa data ou hora não existe/)).toBeInTheDocument();
    type("15/12/2026 23:59");
    expect(value()).toHaveTextContent("2026-12-16T02:59:00Z");
    expect(screen.queryByText(/Essa data ou hora não existe/)).toBeNull();
    expect(field()).not.toHaveAttribute("aria-invalid");
  });

  it("says an incomplete entry is incomplete once the operator leaves it, not while typing", () => {
    renderIn("pt-BR");
    type("15/12/2026");
    expect(screen.queryByText(/incompletas/)).toBeNull();
    fireEvent.blur(field());
    expect(screen.getByText("Data e hora incompletas: use dd/mm/aaaa hh:mm.")).toBeInTheDocument();
    expect(value()).toHaveTextContent("undefined");
  });

  it("refuses a wall time the zone skips (a DST gap) instead of moving it an hour", () => {
    renderIn("pt-BR", {}, "Europe/Lisbon");
    type("29/03/2026 01:30");
    expect(value()).toHaveTextContent("undefined");
    expect(screen.getByText(/Esse horário não existe em Lisbon/)).toBeInTheDocument();
    type("29/03/2026 02:30");
    expect(value()).toHaveTextContent("2026-03-29T01:30:00Z");
  });

  it("min and max: a time outside them is said next to the field, in the app's format", () => {
    renderIn("pt-BR", { min: "2026-12-01T03:00:00Z", max: "2026-12-31T02:59:00Z" });
    type("30/11/2026 23:59");
    // The value still reaches the form (whose own rule refuses it too); the field says why it is wrong.
    expect(value()).toHaveTextContent("2026-12-01T02:59:00Z");
    expect(field()).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("Use um horário a partir de 01/12/2026 00:00.")).toBeInTheDocument();
    type("31/12/2026 00:00");
    expect(screen.getByText("Use um horário até 30/12/2026 23:59.")).toBeInTheDocument();
    type("01/12/2026 00:00");
    expect(value()).toHaveTextContent("2026-12-01T03:00:00Z");
    expect(field()).not.toHaveAttribute("aria-invalid");
  });

  it("shows an existing value in the operator's zone and the app's format", () => {
    renderIn("en", { initial: "2026-12-31T21:30:00Z" }, "America/Manaus");
    expect(field()).toHaveValue("12/31/2026 17:30");
    expect(screen.getByText(/Manaus time/)).toBeInTheDocument();
  });

  it("keyboard: the calendar button opens the calendar (loaded then), a day is picked, and the typed time is kept", async () => {
    const user = userEvent.setup();
    renderIn("pt-BR", { initial: "2026-12-15T21:30:00Z" });
    const button = screen.getByRole("button", { name: "Abrir calendário" });
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.click(field());
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Escolher data" });
    expect(button).toHaveAttribute("aria-expanded", "true");
    // The selected day has focus; the arrow keys move by day.
    await waitFor(() =>
      expect(document.activeElement?.getAttribute("aria-label") ?? "").toMatch(/15 de dezembro de 2026/),
    );
    await user.keyboard("{ArrowRight}{ArrowRight}{Enter}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(dialog).not.toBeInTheDocument();
    expect(field()).toHaveValue("17/12/2026 18:30");
    expect(value()).toHaveTextContent("2026-12-17T21:30:00Z");
    expect(field()).toHaveFocus();
  });

  it("keyboard: Escape closes the calendar and gives focus back to its button", async () => {
    const user = userEvent.setup();
    renderIn("en");
    const button = screen.getByRole("button", { name: "Open calendar" });
    act(() => button.focus());
    await user.keyboard(" ");
    await screen.findByRole("dialog", { name: "Choose a date" });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(button).toHaveFocus();
    expect(value()).toHaveTextContent("undefined");
  });
});

describe("DateInput", () => {
  it("pt-BR: a day typed dd/mm/aaaa is handed over as YYYY-MM-DD; 31/02 is refused beside the field", () => {
    renderIn("pt-BR", { kind: "date", inField: false });
    expect(field()).toHaveAttribute("placeholder", "dd/mm/aaaa");
    type("15/12/2026");
    expect(value()).toHaveTextContent("2026-12-15");
    type("31/02/2026");
    expect(value()).toHaveTextContent("undefined");
    const message = screen.getByText("Essa data não existe: confira o dia e o mês.");
    expect(field()).toHaveAttribute("aria-invalid", "true");
    expect(field().getAttribute("aria-describedby")).toContain(message.id);
  });

  it("en: mm/dd/yyyy", () => {
    renderIn("en", { kind: "date", inField: false });
    type("12/15/2026");
    expect(value()).toHaveTextContent("2026-12-15");
    expect(field()).toHaveAccessibleDescription("Format mm/dd/yyyy");
  });

  it("min and max, both included", () => {
    renderIn("pt-BR", { kind: "date", inField: false, min: "2026-01-01", max: "2026-12-31" });
    type("31/12/2025");
    expect(screen.getByText("Use 01/01/2026 ou uma data posterior.")).toBeInTheDocument();
    type("01/01/2027");
    expect(screen.getByText("Use 31/12/2026 ou uma data anterior.")).toBeInTheDocument();
    type("31/12/2026");
    expect(value()).toHaveTextContent("2026-12-31");
    expect(field()).not.toHaveAttribute("aria-invalid");
  });

  it("the calendar opens on the typed day's month and picking a day fills the field", async () => {
    const user = userEvent.setup();
    renderIn("pt-BR", { kind: "date", inField: false, min: "2026-11-10" });
    type("20/11/2026");
    await user.click(screen.getByRole("button", { name: "Abrir calendário" }));
    const dialog = await screen.findByRole("dialog", { name: "Escolher data" });
    expect(dialog).toHaveTextContent(/novembro 2026/i);
    // Days before min cannot be picked.
    expect(screen.getByRole("button", { name: /, 9 de novembro de 2026/ })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: /, 25 de novembro de 2026/ }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(field()).toHaveValue("25/11/2026");
    expect(value()).toHaveTextContent("2026-11-25");
  });
});
