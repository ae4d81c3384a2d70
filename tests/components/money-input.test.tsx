import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { FormField } from "@/components/forms/form-field";
import { MoneyInput } from "@/components/forms/money-input";

const INVALID = "Valor inválido. Use, por exemplo, 1.234,56.";

function Harness({ initial }: { initial?: number }) {
  const [value, setValue] = useState<number | undefined>(initial);
  return (
    <>
      <label htmlFor="amount">Valor</label>
      <MoneyInput id="amount" value={value} onChange={setValue} />
      <output data-testid="value">{value === undefined ? "undefined" : String(value)}</output>
      <button type="button" onClick={() => setValue(undefined)}>
        reset
      </button>
    </>
  );
}

function setup(initial?: number) {
  const user = userEvent.setup();
  render(<Harness initial={initial} />);
  const input = screen.getByLabelText("Valor");
  const value = () => screen.getByTestId("value").textContent;
  return { user, input, value };
}

describe("MoneyInput", () => {
  it.each([
    ["1.234,56", 123456],
    ["1234,56", 123456],
    ["1234.56", 123456],
    ["R$ 10", 1000],
    ["R$1.234,56", 123456],
    ["10", 1000],
    ["0,5", 50],
    ["0,07", 7],
    ["1.234", 123400],
    ["1.234.567,89", 123456789],
    ["99.999.999,99", 9999999999],
  ])("turns %j into exactly %i centavos", async (typed, centavos) => {
    const { user, input, value } = setup();
    await user.type(input, typed);
    expect(value()).toBe(String(centavos));
    await user.tab();
    expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
  });

  it.each(["12abc", "1,2,3", "1.23.45", "10,999", "-5", "1.2345,6"])(
    "rejects %j: inline error, no value",
    async (typed) => {
      const { user, input, value } = setup();
      await user.type(input, typed);
      expect(value()).toBe("undefined");
      await user.tab();
      expect(screen.getByText(INVALID)).toBeInTheDocument();
      expect(input).toHaveAttribute("aria-invalid", "true");
      expect(input.getAttribute("aria-describedby")).toBeTruthy();
      expect(document.getElementById(input.getAttribute("aria-describedby") ?? "")).toHaveTextContent(INVALID);
    },
  );

  it("formats on blur as 1.234,56", async () => {
    const { user, input } = setup();
    await user.type(input, "1234.5");
    await user.tab();
    expect(input).toHaveValue("1.234,50");
    await user.clear(input);
    await user.type(input, "R$ 10");
    await user.tab();
    expect(input).toHaveValue("10,00");
  });

  it("clears the error as soon as the text becomes valid again", async () => {
    const { user, input, value } = setup();
    await user.type(input, "12x");
    await user.tab();
    expect(screen.getByText(INVALID)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, "12");
    expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
    expect(value()).toBe("1200");
  });

  it("empty text is undefined, not zero", async () => {
    const { user, input, value } = setup(500);
    expect(input).toHaveValue("5,00");
    await user.clear(input);
    expect(value()).toBe("undefined");
    await user.tab();
    expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
  });

  it("follows outside resets", async () => {
    const { user, input } = setup(123456);
    expect(input).toHaveValue("1.234,56");
    await user.click(screen.getByRole("button", { name: "reset" }));
    expect(input).toHaveValue("");
  });

  it("works with a react-hook-form Controller inside a FormField", async () => {
    const onValid = vi.fn();
    function Form() {
      const form = useForm<{ amount: number | undefined }>({ defaultValues: { amount: undefined } });
      return (
        <form onSubmit={form.handleSubmit((values) => onValid(values))}>
          <Controller
            control={form.control}
            name="amount"
            rules={{ validate: (v) => (v === undefined ? "validation.required" : true) }}
            render={({ field, fieldState }) => (
              <FormField label="Valor do repasse" error={fieldState.error?.message}>
                <MoneyInput
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  ref={field.ref}
                />
              </FormField>
            )}
          />
          <button type="submit">Enviar</button>
        </form>
      );
    }
    const user = userEvent.setup();
    render(<Form />);
    const input = screen.getByLabelText("Valor do repasse");
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    expect(await screen.findByText("Campo obrigatório.")).toBeInTheDocument();
    expect(onValid).not.toHaveBeenCalled();

    // The control's own message replaces the form's while the text is unparseable.
    await user.type(input, "abc");
    await user.tab();
    expect(screen.getByText(INVALID)).toBeInTheDocument();
    expect(screen.queryByText("Campo obrigatório.")).not.toBeInTheDocument();

    await user.clear(input);
    await user.type(input, "1.234,56");
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    expect(onValid).toHaveBeenCalledWith({ amount: 123456 });
  });
});
