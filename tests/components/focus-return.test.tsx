/**
 * Dialogs, alert dialogs and drawers opened without a Trigger (by a table row, a row's button, a dialog loaded on
 * demand) give focus back on close to what had it when they opened, as Radix does for a Trigger; not when the
 * caller's handler decides, nor when something else has taken focus meanwhile.
 */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect, useState, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogTitle } from "@/components/ui/alert-dialog";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { Sheet, SheetContent, SheetTitle } from "@/components/ui/sheet";

type Kind = "dialog" | "alert" | "sheet";

function Content({ kind, onCloseAutoFocus }: { kind: Kind; onCloseAutoFocus?: (event: Event) => void }) {
  const title = `${kind} title`;
  if (kind === "alert")
    return (
      <AlertDialogContent aria-describedby={undefined} onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogCancel>cancel</AlertDialogCancel>
      </AlertDialogContent>
    );
  if (kind === "sheet")
    return (
      <SheetContent aria-describedby={undefined} onCloseAutoFocus={onCloseAutoFocus}>
        <SheetTitle>{title}</SheetTitle>
      </SheetContent>
    );
  return (
    <DialogContent aria-describedby={undefined} onCloseAutoFocus={onCloseAutoFocus}>
      <DialogTitle>{title}</DialogTitle>
    </DialogContent>
  );
}

function Root({
  kind,
  open,
  onOpenChange,
  children,
}: {
  kind: Kind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  if (kind === "alert")
    return (
      <AlertDialog open={open} onOpenChange={onOpenChange}>
        {children}
      </AlertDialog>
    );
  if (kind === "sheet")
    return (
      <Sheet open={open} onOpenChange={onOpenChange}>
        {children}
      </Sheet>
    );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {children}
    </Dialog>
  );
}

/** A row of a list whose button opens the content by state, with no Trigger; "elsewhere" takes focus on close. */
function Page({
  kind,
  stealFocus = false,
  onCloseAutoFocus,
}: {
  kind: Kind;
  stealFocus?: boolean;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [open, setOpen] = useState(false);
  const [closedOnce, setClosedOnce] = useState(false);
  // As a page that moves focus once something closed (to a result, a message): after the content has gone.
  useEffect(() => {
    if (closedOnce && stealFocus) screen.getByLabelText("elsewhere").focus();
  }, [closedOnce, stealFocus]);
  return (
    <>
      <button type="button">first</button>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <input aria-label="elsewhere" />
      <Root
        kind={kind}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setClosedOnce(true);
        }}
      >
        <Content kind={kind} onCloseAutoFocus={onCloseAutoFocus} />
      </Root>
    </>
  );
}

const role = (kind: Kind) => (kind === "alert" ? "alertdialog" : "dialog");

describe.each<Kind>(["dialog", "alert", "sheet"])("%s without a Trigger", (kind) => {
  it("gives focus back to the button that opened it", async () => {
    const user = userEvent.setup();
    render(<Page kind={kind} />);
    const opener = screen.getByRole("button", { name: "open" });
    await user.click(opener);
    expect(await screen.findByRole(role(kind), { name: `${kind} title` })).toBeInTheDocument();
    expect(opener).not.toHaveFocus();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole(role(kind))).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("leaves focus where the page put it on close", async () => {
    const user = userEvent.setup();
    let closed = 0;
    render(<Page kind={kind} stealFocus onCloseAutoFocus={() => (closed += 1)} />);
    await user.click(screen.getByRole("button", { name: "open" }));
    await screen.findByRole(role(kind));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole(role(kind))).toBeNull());
    // The restore runs right after the caller's handler, once the content has gone.
    await waitFor(() => expect(closed).toBe(1));
    expect(screen.getByLabelText("elsewhere")).toHaveFocus();
  });

  it("lets the caller's own handler decide", async () => {
    const user = userEvent.setup();
    let calls = 0;
    render(
      <Page
        kind={kind}
        onCloseAutoFocus={(event) => {
          calls += 1;
          event.preventDefault();
          screen.getByRole("button", { name: "first" }).focus();
        }}
      />,
    );
    await user.click(screen.getByRole("button", { name: "open" }));
    await screen.findByRole(role(kind));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(calls).toBe(1));
    expect(screen.getByRole("button", { name: "first" })).toHaveFocus();
  });
});
