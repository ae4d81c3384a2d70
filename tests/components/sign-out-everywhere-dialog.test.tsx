import { screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { SignOutEverywhereDialog } from "@/components/shell/sign-out-everywhere-dialog";
import { fail, renderWithProviders, stubFetch, type FetchCall } from "../helpers/payouts-dom";

let calls: FetchCall[];

beforeEach(() => {
  calls = stubFetch([
    (call) =>
      call.method === "DELETE" && call.url.startsWith("/api/sessions")
        ? fail(503, { code: "upstream_unavailable", message: "store down" }, "req_so_1")
        : undefined,
  ]);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <SignOutEverywhereDialog business="Loja Centro" open={open} onOpenChange={setOpen} />
    </>
  );
}

it("a failed sign-out everywhere stays open with the error and its request id; reopened, it starts clean", async () => {
  const { user } = renderWithProviders(<Harness />, { role: "operator" });
  const dialog = screen.getByRole("alertdialog", { name: "Encerrar todas as sessões desta empresa?" });
  await user.click(within(dialog).getByRole("button", { name: "Encerrar todas" }));

  const panel = await within(dialog).findByRole("alert");
  expect(panel).toHaveTextContent("req_so_1");
  expect(calls.filter((call) => call.method === "DELETE")).toHaveLength(1);

  await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
  await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
  await user.click(screen.getByRole("button", { name: "Abrir" }));
  const reopened = await screen.findByRole("alertdialog", { name: "Encerrar todas as sessões desta empresa?" });
  expect(within(reopened).queryByRole("alert")).not.toBeInTheDocument();
});
