"use client";

import { createElement, useEffect, useReducer, useRef, useState, type ComponentType, type RefObject } from "react";
import { useI18n } from "@/lib/browser/i18n";
import { cn } from "./cn";
import { Button } from "./button";
import { Spinner } from "./spinner";

/**
 * A component whose code loads only when first needed (a dialog or drawer shown after a click), so it
 * is not in the page's first-load JavaScript. `preload` starts the download early, e.g. on hover or focus
 * of the control that opens it, so the first open rarely waits.
 *
 * Not React.lazy: a lazy component that failed to load stays failed until the page reloads (and throws
 * to the route's error boundary). Here a failed download (a network blip, a deploy in between) shows a
 * short message with "Try again", and the next try downloads again; nothing the operator typed on the page
 * is lost. A dialog's message floats over the page where the dialog would have opened (its placeholder sits
 * at the page's foot, often off screen), with "Close" when the dialog can be closed (`onOpenChange`); closed,
 * it shows nothing, and opening it again tries again (`controls` says how for a drawer's own props). A step
 * of a flow (`pending`) says it in its place.
 *
 * While the code downloads it renders nothing (a dialog has nothing to show yet), or `pending` when the place it
 * fills is already on screen (a step of a flow).
 */
export function lazyOnDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: {
    pending?: ComponentType;
    /** Whether the dialog is open and how to close it, for props not named `open` / `onOpenChange` (a drawer's). */
    controls?: (props: P) => DialogControls;
  } = {},
): { Component: ComponentType<P>; preload: () => void } {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const start = (): Promise<ComponentType<P>> =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));

  function OnDemand(props: P) {
    const [, rendered] = useReducer((n: number) => n + 1, 0);
    const [failed, setFailed] = useState(false);
    const [attempt, setAttempt] = useState(0);
    const { open, close } = options.controls ? options.controls(props) : dialogControls(props);
    const retry = () => {
      setFailed(false);
      setAttempt((n) => n + 1);
    };
    // Opened again after a failed download: try again rather than show the old failure.
    const [wasOpen, setWasOpen] = useState(open);
    if (open !== wasOpen) {
      setWasOpen(open);
      if (open && failed) retry();
    }
    useEffect(() => {
      if (loaded) return;
      let live = true;
      start().then(
        () => live && rendered(),
        () => live && setFailed(true),
      );
      return () => {
        live = false;
      };
    }, [attempt]);
    if (loaded) return createElement(loaded, props);
    if (failed) {
      if (options.pending) return <LoadFailed onRetry={retry} />;
      return open === false ? null : <LoadFailed floating onRetry={retry} onClose={close} />;
    }
    return options.pending ? createElement(options.pending) : null;
  }

  return { Component: OnDemand, preload: () => void start().catch(() => undefined) };
}

/** A `pending` for lazyOnDemand: a spinner and "Loading…" in a status region. */
export function LoadingLine() {
  const { t } = useI18n();
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner />
      {t("common.loading")}
    </p>
  );
}

interface DialogControls {
  open: boolean | undefined;
  close: (() => void) | undefined;
}

/** A dialog's `open` and a way to close it, when its props have them (`open`, `onOpenChange`). */
function dialogControls(props: object): DialogControls {
  const open = "open" in props && typeof props.open === "boolean" ? props.open : undefined;
  const onOpenChange = "onOpenChange" in props ? props.onOpenChange : undefined;
  const close = typeof onOpenChange === "function" ? () => void onOpenChange(false) : undefined;
  return { open, close };
}

function LoadFailed({
  onRetry,
  onClose,
  floating = false,
}: {
  onRetry: () => void;
  onClose?: (() => void) | undefined;
  floating?: boolean;
}) {
  const { t } = useI18n();
  const retryButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<Element | null>(null);
  // Over the page, the message takes the focus the dialog would have had; closed, it gives it back, as a dialog does.
  useEffect(() => {
    if (!floating) return;
    opener.current = document.activeElement;
    retryButton.current?.focus();
  }, [floating]);
  const close = () => {
    const back = opener.current;
    if (back instanceof HTMLElement && back.isConnected) back.focus();
    onClose?.();
  };
  return (
    <span
      role="alert"
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !onClose) return;
        event.stopPropagation();
        close();
      }}
      className={cn(
        "inline-flex flex-wrap items-center gap-2 text-sm text-destructive",
        floating &&
          "fixed inset-x-4 bottom-4 z-50 mx-auto w-fit max-w-md rounded-md border bg-background p-3 shadow-lg",
      )}
    >
      {t("common.loadFailed")}
      <Button ref={retryButton} type="button" variant="outline" size="sm" onClick={onRetry}>
        {t("common.retry")}
      </Button>
      {onClose ? (
        <Button type="button" variant="ghost" size="sm" onClick={close}>
          {t("common.close")}
        </Button>
      ) : null}
    </span>
  );
}

/**
 * True from the first render where `open` is true, and from then on: mount a lazily loaded dialog once
 * it is first opened, and keep it mounted so it can animate closed and keep its state.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * For a dialog opened by a plain button rather than its own Trigger (so the dialog's code can load
 * later): Radix returns focus to its Trigger on close, and with none it would leave focus on the page's
 * body. Give this to the content's `onCloseAutoFocus` to return focus to the button that opened it.
 */
export function focusOnClose(opener: RefObject<HTMLElement | null>): (event: Event) => void {
  return (event) => {
    event.preventDefault();
    opener.current?.focus();
  };
}

/**
 * The state of a dialog that a plain button opens and whose code loads on demand: whether it is open,
 * whether it is mounted yet (`useOpenedOnce`), and the props of the button that opens it (its ref, for
 * `focusOnClose`; aria-haspopup and aria-expanded; the download started on hover or focus).
 */
export function useDialogOpener(dialog: { preload: () => void }) {
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
  const opener = useRef<HTMLButtonElement>(null);
  const triggerProps = {
    ref: opener,
    "aria-haspopup": "dialog" as const,
    "aria-expanded": open,
    onPointerEnter: dialog.preload,
    onFocus: dialog.preload,
    onClick: () => setOpen(true),
  };
  return { open, setOpen, mounted, opener, triggerProps };
}
