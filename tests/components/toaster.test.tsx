import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { toast, TOAST_DURATION_MS } from "@/components/ui/toast";
import { Toaster } from "@/components/ui/toaster";
import { I18nProvider } from "@/lib/browser/i18n";
import { ManualClock } from "../helpers/clock";

function renderToaster(clock: ManualClock) {
  return render(
    <I18nProvider locale="en" timeZone="America/Sao_Paulo">
      <Toaster clock={clock} />
    </I18nProvider>,
  );
}

const region = () => screen.getByRole("region", { name: "Notifications" });

afterEach(() => {
  act(() => {
    for (const el of document.querySelectorAll("[data-toast]")) el.querySelector("button")?.click();
  });
});

describe("Toaster", () => {
  it("shows a success as a status and an error as an alert, inside a labelled live region", () => {
    renderToaster(new ManualClock());
    act(() => {
      toast.success("Payout sent");
      toast.error("The API refused it (request_id req_1)");
    });
    expect(region()).toHaveAttribute("aria-live", "polite");
    expect(within(region()).getByRole("status")).toHaveTextContent("Payout sent");
    expect(within(region()).getByRole("alert")).toHaveTextContent("req_1");
  });

  it("removes a toast after its duration on the clock, errors staying longer than successes", async () => {
    const clock = new ManualClock();
    renderToaster(clock);
    act(() => {
      toast.success("Saved");
      toast.error("Failed");
    });
    await act(() => clock.advance(TOAST_DURATION_MS.success - 1));
    expect(screen.getByText("Saved")).toBeInTheDocument();
    await act(() => clock.advance(1));
    expect(screen.queryByText("Saved")).toBeNull();
    expect(screen.getByText("Failed")).toBeInTheDocument();
    await act(() => clock.advance(TOAST_DURATION_MS.error - TOAST_DURATION_MS.success));
    expect(screen.queryByText("Failed")).toBeNull();
  });

  it("honours a toast's own duration", async () => {
    const clock = new ManualClock();
    renderToaster(clock);
    act(() => void toast.success("Copied", { duration: 2_000 }));
    await act(() => clock.advance(2_000));
    expect(screen.queryByText("Copied")).toBeNull();
  });

  it("waits while the pointer is over it, then counts only the time left", async () => {
    const clock = new ManualClock();
    renderToaster(clock);
    act(() => void toast.success("Hold me"));
    await act(() => clock.advance(3_000));
    const card = screen.getByText("Hold me").closest("[data-toast]");
    if (!card) throw new Error("no toast card");
    fireEvent.pointerEnter(card);
    await act(() => clock.advance(60_000));
    expect(screen.getByText("Hold me")).toBeInTheDocument();
    fireEvent.pointerLeave(card);
    await act(() => clock.advance(999));
    expect(screen.getByText("Hold me")).toBeInTheDocument();
    await act(() => clock.advance(1));
    expect(screen.queryByText("Hold me")).toBeNull();
  });

  it("closes with its button, and keeps only the newest three (an older one does not come back)", async () => {
    renderToaster(new ManualClock());
    act(() => {
      for (const n of [1, 2, 3, 4]) toast.warning(`Warning ${n}`);
    });
    expect(screen.queryByText("Warning 1")).toBeNull();
    expect(screen.getAllByRole("alert").map((el) => el.textContent)).toEqual(["Warning 2", "Warning 3", "Warning 4"]);
    await userEvent.setup().click(
      within(screen.getByText("Warning 4").closest("[data-toast]") as HTMLElement).getByRole("button", {
        name: "Close",
      }),
    );
    expect(screen.queryByText("Warning 4")).toBeNull();
    expect(screen.queryByText("Warning 1")).toBeNull();
    expect(screen.getAllByRole("alert").map((el) => el.textContent)).toEqual(["Warning 2", "Warning 3"]);
  });
});
