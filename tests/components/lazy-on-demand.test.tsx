import { act, render, screen } from "@testing-library/react";
import { Suspense, useState } from "react";
import { describe, expect, it } from "vitest";
import { focusOnClose, LoadingLine, lazyOnDemand, useOpenedOnce } from "@/components/ui/lazy-on-demand";
import { I18nProvider } from "@/lib/browser/i18n";

function makeDialog() {
  const loads: string[] = [];
  const dialog = lazyOnDemand(async () => {
    loads.push("loaded");
    return function Dialog({ open }: { open: boolean }) {
      return open ? <div role="dialog">Confirm</div> : <p>closed dialog kept</p>;
    };
  });
  return { dialog, loads };
}

function Host({ dialog }: { dialog: ReturnType<typeof makeDialog>["dialog"] }) {
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
  return (
    <>
      <button onClick={() => setOpen((o) => !o)}>toggle</button>
      {mounted ? (
        <Suspense fallback={<p>loading</p>}>
          <dialog.Component open={open} />
        </Suspense>
      ) : null}
    </>
  );
}

describe("lazyOnDemand + useOpenedOnce", () => {
  it("loads the code only on the first open, then keeps the component mounted when closed", async () => {
    const { dialog, loads } = makeDialog();
    render(<Host dialog={dialog} />);
    expect(loads).toEqual([]);
    expect(screen.queryByText("loading")).toBeNull();
    act(() => screen.getByRole("button", { name: "toggle" }).click());
    expect(await screen.findByRole("dialog")).toHaveTextContent("Confirm");
    act(() => screen.getByRole("button", { name: "toggle" }).click());
    expect(screen.getByText("closed dialog kept")).toBeInTheDocument();
    expect(loads).toEqual(["loaded"]);
  });

  it("preload starts the download once, however often it is called", async () => {
    const { dialog, loads } = makeDialog();
    dialog.preload();
    dialog.preload();
    render(<Host dialog={dialog} />);
    act(() => screen.getByRole("button", { name: "toggle" }).click());
    await screen.findByRole("dialog");
    expect(loads).toEqual(["loaded"]);
  });
});

describe("lazyOnDemand with a pending view", () => {
  it("says it is loading where the component will be until its code has arrived", async () => {
    let arrive: (component: () => React.JSX.Element) => void = () => undefined;
    const step = lazyOnDemand(() => new Promise<() => React.JSX.Element>((resolve) => (arrive = resolve)), {
      pending: LoadingLine,
    });
    render(
      <I18nProvider locale="en" timeZone="America/Sao_Paulo">
        <step.Component />
      </I18nProvider>,
    );
    expect(screen.getByRole("status")).toHaveTextContent("Loading…");

    await act(async () => arrive(() => <p>Map the columns</p>));
    expect(screen.getByText("Map the columns")).toBeInTheDocument();
    expect(screen.queryByRole("status")).toBeNull();
  });
});

describe("lazyOnDemand when the download fails", () => {
  it("says so with a retry where the dialog would be, and the retry downloads again", async () => {
    let calls = 0;
    const dialog = lazyOnDemand(async () => {
      calls += 1;
      if (calls === 1) throw new Error("ChunkLoadError");
      return function Dialog() {
        return <div role="dialog">Loaded on the second try</div>;
      };
    });
    render(
      <I18nProvider locale="en" timeZone="America/Sao_Paulo">
        <dialog.Component />
      </I18nProvider>,
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("could not be loaded");
    act(() => screen.getByRole("button", { name: "Try again" }).click());
    expect(await screen.findByRole("dialog")).toHaveTextContent("Loaded on the second try");
    expect(calls).toBe(2);
  });
});

describe("a dialog whose download fails", () => {
  function FailingHost({ failures }: { failures: number }) {
    const [dialog] = useState(() => {
      let calls = 0;
      return lazyOnDemand(async () => {
        calls += 1;
        if (calls <= failures) throw new Error("ChunkLoadError");
        return function Dialog({ open }: { open: boolean; onOpenChange: (open: boolean) => void }) {
          return open ? <div role="dialog">Refund form</div> : null;
        };
      });
    });
    const [open, setOpen] = useState(false);
    const mounted = useOpenedOnce(open);
    return (
      <I18nProvider locale="en" timeZone="America/Sao_Paulo">
        <button onClick={() => setOpen(true)}>Refund</button>
        {mounted ? <dialog.Component open={open} onOpenChange={setOpen} /> : null}
      </I18nProvider>
    );
  }

  it("says so over the page with the focus on Try again; Close and Escape close it; opening again tries again", async () => {
    render(<FailingHost failures={2} />);
    const opener = screen.getByRole("button", { name: "Refund" });
    act(() => {
      opener.focus();
      opener.click();
    });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("could not be loaded");
    // Floating where the dialog would be, not in the page's flow at its foot.
    expect(alert).toHaveClass("fixed");
    expect(screen.getByRole("button", { name: "Try again" })).toHaveFocus();

    act(() => screen.getByRole("button", { name: "Close" }).click());
    expect(screen.queryByRole("alert")).toBeNull();
    // Focus is back on what opened it, as a dialog gives it back.
    expect(opener).toHaveFocus();

    // Opened again: a new download (the second fails too), then Escape closes the message.
    act(() => screen.getByRole("button", { name: "Refund" }).click());
    const again = await screen.findByRole("alert");
    act(() => {
      again.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    });
    expect(screen.queryByRole("alert")).toBeNull();

    // The third download succeeds on the next open.
    act(() => screen.getByRole("button", { name: "Refund" }).click());
    expect(await screen.findByRole("dialog")).toHaveTextContent("Refund form");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("a drawer whose download fails", () => {
  it("reads open and close from the drawer's own props (`controls`)", async () => {
    const drawer = lazyOnDemand<{ id: string | undefined; onClose: () => void }>(
      async () => {
        throw new Error("ChunkLoadError");
      },
      { controls: ({ id, onClose }) => ({ open: id !== undefined, close: onClose }) },
    );
    function Host() {
      const [id, setId] = useState<string | undefined>("cb_1");
      return (
        <I18nProvider locale="en" timeZone="America/Sao_Paulo">
          <drawer.Component id={id} onClose={() => setId(undefined)} />
        </I18nProvider>
      );
    }
    render(<Host />);
    expect(await screen.findByRole("alert")).toHaveClass("fixed");
    act(() => screen.getByRole("button", { name: "Close" }).click());
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("focusOnClose", () => {
  it("stops the dialog's own focus move and puts focus back on the button that opened it", () => {
    render(<button>Opener</button>);
    const opener = { current: screen.getByRole("button", { name: "Opener" }) };
    const event = new Event("focusOutside", { cancelable: true });
    focusOnClose(opener)(event);
    expect(event.defaultPrevented).toBe(true);
    expect(opener.current).toHaveFocus();
  });
});
