/**
 * The payout look-up box (support pastes an id while a customer waits): nothing is opened until the id is one the
 * BFF would accept; the reason is said next to the field, the field is focused, and the message follows what is
 * typed from then on; pasted spaces and line breaks are dropped.
 */
import { screen } from "@testing-library/react";
import { beforeEach, expect, it, vi } from "vitest";
import { PayoutLookup } from "@/components/payouts/payout-lookup";
import { resetRouter, router } from "../helpers/next-navigation";
import { renderWithProviders } from "../helpers/render";

vi.mock("next/navigation", async () => (await import("../helpers/next-navigation")).mockedNavigation);

beforeEach(() => resetRouter("/payouts"));

it("refuses an empty or malformed id next to the field and opens nothing", async () => {
  const { user } = renderWithProviders(<PayoutLookup />);
  const box = screen.getByLabelText("ID do repasse");
  await user.click(screen.getByRole("button", { name: "Buscar" }));
  expect(await screen.findByText("Campo obrigatório.")).toBeInTheDocument();
  expect(box).toHaveAttribute("aria-invalid", "true");
  expect(box).toHaveFocus();

  await user.type(box, "po$1");
  expect(screen.getByText("ID inválido: use só letras, números, _ e -.")).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "Buscar" }));
  expect(router.push).not.toHaveBeenCalled();

  // Fixed as it is typed: the message goes at once.
  await user.clear(box);
  await user.type(box, "po_1");
  expect(screen.queryByText(/ID inválido|Campo obrigatório/)).not.toBeInTheDocument();
});

it("drops pasted whitespace and opens the payout", async () => {
  const { user } = renderWithProviders(<PayoutLookup />);
  await user.click(screen.getByLabelText("ID do repasse"));
  await user.paste(" po_demo\u00a0paid \n");
  await user.keyboard("{Enter}");
  expect(router.push).toHaveBeenCalledWith("/payouts/po_demopaid");
});
