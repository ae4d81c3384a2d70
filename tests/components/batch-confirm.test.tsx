/**
 * The confirmation panel: a batch above the threshold (typed_total_required)
 * shows the typed-total field before the first confirm and sends the typed
 * amount; one below it confirms with one click; a 422 from the server (the
 * threshold changed since the batch was read) still brings the field up.
 */
import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ConfirmPanel } from "@/components/payout-batches/confirm-panel";
import { fail, ok, renderWithProviders, stubFetch, type FetchCall } from "../helpers/payouts-dom";
import { batchFixture } from "./batch-fixtures";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn(), back: vi.fn() }),
  usePathname: () => "/payouts/batch/b_1",
  useSearchParams: () => new URLSearchParams(),
}));

const MISMATCH = {
  code: "validation_error",
  message: "Type the total",
  fields: { typed_total_centavos: "batch.confirm.totalMismatch" },
};
const BIG_TOTAL = 1_200_000;

let calls: FetchCall[];
let answers: Array<() => Response>;

beforeEach(() => {
  answers = [];
  calls = stubFetch([(call) => (call.url === "/api/payout-batches/b_1/confirm" ? answers.shift()?.() : undefined)]);
});

const confirms = () => calls.filter((call) => call.url === "/api/payout-batches/b_1/confirm");
const submitButton = () => screen.getByRole("button", { name: "Confirmar e enviar 3 repasses" });

describe("confirming a batch", () => {
  it("asks for the total up front when the batch says so, and sends nothing until it is typed", async () => {
    const onConfirmed = vi.fn();
    const batch = batchFixture({
      status: "awaiting_confirmation",
      total_centavos: BIG_TOTAL,
      typed_total_required: true,
    });
    const { user } = renderWithProviders(<ConfirmPanel batch={batch} onConfirmed={onConfirmed} />, {
      role: "operator",
    });

    const field = screen.getByRole("textbox", { name: "Digite o total do lote" });
    await user.click(submitButton());
    expect(await screen.findByText("Digite o total.")).toBeInTheDocument();
    expect(confirms()).toHaveLength(0);

    // A wrong amount: the server's 422 names the mismatch and the text is kept.
    answers.push(() => fail(422, MISMATCH));
    await user.type(field, "11.999,99");
    await user.click(submitButton());
    expect(await screen.findByText("O total digitado não confere com o total do lote.")).toBeInTheDocument();
    expect(field).toHaveValue("11.999,99");

    answers.push(() => ok(batchFixture({ status: "sending", total_centavos: BIG_TOTAL, typed_total_required: true })));
    await user.clear(field);
    await user.type(field, "12.000,00");
    await user.click(submitButton());
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(1));
    expect(confirms().map((call) => call.body)).toEqual([
      { typed_total_centavos: 1_199_999 },
      { typed_total_centavos: BIG_TOTAL },
    ]);
  });

  it("below the threshold confirms with one click and no field", async () => {
    const onConfirmed = vi.fn();
    answers.push(() => ok(batchFixture({ status: "sending" })));
    const { user } = renderWithProviders(
      <ConfirmPanel batch={batchFixture({ status: "awaiting_confirmation" })} onConfirmed={onConfirmed} />,
      { role: "operator" },
    );
    expect(screen.queryByRole("textbox", { name: "Digite o total do lote" })).not.toBeInTheDocument();
    await user.click(submitButton());
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(1));
    expect(confirms().map((call) => call.body)).toEqual([{}]);
  });

  it("still asks when the server refuses a batch it did not flag (the threshold changed)", async () => {
    answers.push(() => fail(422, MISMATCH));
    const { user } = renderWithProviders(<ConfirmPanel batch={batchFixture({ status: "awaiting_confirmation" })} />, {
      role: "operator",
    });
    await user.click(submitButton());
    expect(
      await screen.findByText("O total passa do limite de confirmação: digite o total para enviar."),
    ).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Digite o total do lote" })).toBeInTheDocument();
  });
});
