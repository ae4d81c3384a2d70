import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { FormField } from "@/components/forms/form-field";
import { formatPixKeyInput, PixKeyInput } from "@/components/forms/pix-key-input";
import { payoutInputSchema } from "@/lib/shared/schemas/payout";
import type { PixKeyType } from "@/lib/shared/validation/pix";

function Harness({ initialType = "cpf" }: { initialType?: PixKeyType }) {
  const [type, setType] = useState<PixKeyType>(initialType);
  const [key, setKey] = useState("");
  return (
    <>
      <FormField label="Chave Pix do destinatário">
        <PixKeyInput type={type} onTypeChange={setType} value={key} onChange={setKey} />
      </FormField>
      <output data-testid="state">{JSON.stringify({ type, key })}</output>
    </>
  );
}

function setup(initialType?: PixKeyType) {
  const user = userEvent.setup();
  render(<Harness initialType={initialType} />);
  const input = screen.getByLabelText("Chave Pix do destinatário");
  const select = screen.getByRole("combobox", { name: "Tipo de chave" });
  const state = () => JSON.parse(screen.getByTestId("state").textContent ?? "{}") as { type: PixKeyType; key: string };
  return { user, input, select, state };
}

describe("PixKeyInput", () => {
  it("changes placeholder and mobile keyboard with the type", async () => {
    const { user, input, select } = setup("cpf");
    expect(input).toHaveAttribute("placeholder", "000.000.000-00");
    expect(input).toHaveAttribute("inputmode", "numeric");
    await user.selectOptions(select, "email");
    expect(input).toHaveAttribute("inputmode", "email");
    await user.selectOptions(select, "phone");
    expect(input).toHaveAttribute("inputmode", "tel");
    expect(input).toHaveAttribute("placeholder", "+55 (11) 91234-5678");
  });

  it.each<[PixKeyType, string, string]>([
    ["cpf", "12345678909", "123.456.789-09"],
    ["cnpj", "11222333000181", "11.222.333/0001-81"],
    ["phone", "11987654321", "+55 (11) 98765-4321"],
    ["email", "maria@empresa.com.br", "maria@empresa.com.br"],
    ["evp", "123E4567-E89B-42D3-A456-426614174000", "123e4567-e89b-42d3-a456-426614174000"],
  ])("%s: masks %s as %s and accepts it", async (type, typed, shown) => {
    const { user, input, select } = setup("cpf");
    await user.selectOptions(select, type);
    await user.type(input, typed);
    expect(input).toHaveValue(shown);
    await user.tab();
    expect(input).not.toHaveAttribute("aria-invalid");
    // The schema the BFF uses agrees.
    expect(payoutInputSchema.safeParse({ amount_centavos: 100, pix_key_type: type, pix_key: shown }).success).toBe(
      true,
    );
  });

  it.each<[PixKeyType, string, string]>([
    ["cpf", "12345678900", "CPF inválido: confira os dígitos verificadores."],
    ["cnpj", "11222333000180", "CNPJ inválido: confira os dígitos verificadores."],
    ["phone", "1198765", "Celular inválido: use DDD + número, ex.: (11) 91234-5678."],
    ["email", "maria@", "E-mail inválido para chave Pix."],
    ["evp", "not-a-uuid", "Chave aleatória inválida: são 32 caracteres hexadecimais com hífens."],
  ])("%s: rejects %s on blur", async (type, typed, message) => {
    const { user, input, select } = setup("cpf");
    await user.selectOptions(select, type);
    await user.type(input, typed);
    await user.tab();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(input).toHaveAttribute("aria-invalid", "true");
  });

  it.each<[string, PixKeyType, string]>([
    ["maria@empresa.com.br", "email", "maria@empresa.com.br"],
    ["123.456.789-09", "cpf", "123.456.789-09"],
    ["11222333000181", "cnpj", "11.222.333/0001-81"],
    ["+5511987654321", "phone", "+55 (11) 98765-4321"],
    ["123e4567-e89b-42d3-a456-426614174000", "evp", "123e4567-e89b-42d3-a456-426614174000"],
  ])("detects the type of a pasted %s", async (pasted, type, shown) => {
    const { user, input, select, state } = setup(type === "email" ? "cpf" : "email");
    await user.click(input);
    await user.paste(pasted);
    expect(select).toHaveValue(type);
    expect(input).toHaveValue(shown);
    expect(state()).toEqual({ type, key: shown });
    expect(screen.getByText(/^Tipo de chave detectado: /)).toHaveAttribute("aria-live", "polite");
  });

  it("re-masks the key when the type changes", async () => {
    const { user, input, select } = setup("email");
    await user.type(input, "11987654321");
    await user.selectOptions(select, "phone");
    expect(input).toHaveValue("+55 (11) 98765-4321");
  });

  it("formatPixKeyInput masks progressively", () => {
    expect(formatPixKeyInput("cpf", "1234")).toBe("123.4");
    expect(formatPixKeyInput("cnpj", "1122")).toBe("11.22");
    expect(formatPixKeyInput("phone", "11")).toBe("+55 (11");
    expect(formatPixKeyInput("phone", "119")).toBe("+55 (11) 9");
    expect(formatPixKeyInput("phone", "")).toBe("");
  });
});
