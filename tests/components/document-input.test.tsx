import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { DocumentInput, documentError } from "@/components/forms/document-input";
import { FormField } from "@/components/forms/form-field";

const INVALID = "CPF ou CNPJ inválido: confira os dígitos verificadores.";
const INCOMPLETE = "CPF ou CNPJ incompleto.";

function Harness() {
  const [value, setValue] = useState("");
  return (
    <FormField label="Documento">
      <DocumentInput value={value} onChange={setValue} />
    </FormField>
  );
}

function setup() {
  const user = userEvent.setup();
  render(<Harness />);
  return { user, input: screen.getByLabelText("Documento") };
}

describe("DocumentInput", () => {
  it("masks a CPF while typing", async () => {
    const { user, input } = setup();
    await user.type(input, "123");
    expect(input).toHaveValue("123");
    await user.type(input, "4567");
    expect(input).toHaveValue("123.456.7");
    await user.type(input, "8909");
    expect(input).toHaveValue("123.456.789-09");
    await user.tab();
    expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute("aria-invalid");
  });

  it("switches to the CNPJ mask beyond 11 digits", async () => {
    const { user, input } = setup();
    await user.type(input, "11222333000181");
    expect(input).toHaveValue("11.222.333/0001-81");
    await user.tab();
    expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
  });

  it("accepts an alphanumeric CNPJ", async () => {
    const { user, input } = setup();
    await user.type(input, "12abc34501de35");
    expect(input).toHaveValue("12.ABC.345/01DE-35");
    await user.tab();
    expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
  });

  it.each(["12345678900", "11111111111", "11222333000180", "12ABC34501DE36"])(
    "flags wrong check digits in %s",
    async (typed) => {
      const { user, input } = setup();
      await user.type(input, typed);
      await user.tab();
      expect(screen.getByText(INVALID)).toBeInTheDocument();
      expect(input).toHaveAttribute("aria-invalid", "true");
    },
  );

  it("flags an incomplete document on blur", async () => {
    const { user, input } = setup();
    await user.type(input, "123456");
    await user.tab();
    expect(screen.getByText(INCOMPLETE)).toBeInTheDocument();
  });

  it("documentError is null for valid or empty input", () => {
    expect(documentError("")).toBeNull();
    expect(documentError("123.456.789-09")).toBeNull();
    expect(documentError("529.982.247-25")).toBeNull();
    expect(documentError("529.982.247-26")).toBe("validation.document");
    expect(documentError("5299")).toBe("validation.documentIncomplete");
  });
});
