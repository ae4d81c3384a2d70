import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Sheet, SheetContent, SheetTitle } from "@/components/ui/sheet";
import { toast, TOAST_DURATION_MS } from "@/components/ui/toast";
import { Toaster, toastPlacement } from "@/components/ui/toaster";
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

describe("Toaster beside an open sheet or dialog", () => {
  const width = window.innerWidth;
  const rectOf = (left: number, right: number) => () =>
    DOMRect.fromRect({ x: left, y: 0, width: right - left, height: 800 });

  afterEach(() => {
    window.innerWidth = width;
    vi.restoreAllMocks();
  });

  it("moves the toasts to the left of a sheet open on the right, and back when it closes", async () => {
    window.innerWidth = 1280;
    // jsdom has no layout: the sheet takes the right 512 px, as sm:max-w-lg does in a browser.
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
      return this.dataset.slot === "sheet-content" ? rectOf(768, 1280)() : rectOf(0, 0)();
    });
    const { rerender } = render(
      <I18nProvider locale="en" timeZone="America/Sao_Paulo">
        <Toaster clock={new ManualClock()} />
        <Sheet open>
          <SheetContent aria-describedby={undefined}>
            <SheetTitle>Link</SheetTitle>
          </SheetContent>
        </Sheet>
      </I18nProvider>,
    );
    act(() => {
      toast.success("Public link copied");
    });
    await waitFor(() => expect(region().style.right).toBe("528px"));
    // Its whole width fits left of the sheet's edge (768 px): it ends 16 px before it.
    expect(region().style.width).toBe("384px");
    expect(1280 - Number.parseFloat(region().style.right)).toBeLessThanOrEqual(768);

    rerender(
      <I18nProvider locale="en" timeZone="America/Sao_Paulo">
        <Toaster clock={new ManualClock()} />
        <Sheet open={false}>
          <SheetContent aria-describedby={undefined}>
            <SheetTitle>Link</SheetTitle>
          </SheetContent>
        </Sheet>
      </I18nProvider>,
    );
    await waitFor(() => expect(region().style.right).toBe(""));
  });

  it("places the column in the free band beside a centred dialog, and keeps its place when nothing fits", () => {
    // A 512 px dialog centred in 1280 px leaves 384 px on each side: 352 px once the edges are kept.
    expect(toastPlacement(1280, 384, 896)).toEqual({ width: 352 });
    // A sheet on the left (the phone menu): the right side is free, the usual place and width.
    expect(toastPlacement(1280, 0, 320)).toEqual({ width: 384 });
    // A phone where the sheet is the whole width: no free band, the usual place.
    expect(toastPlacement(390, 0, 390)).toBeUndefined();
  });
});
