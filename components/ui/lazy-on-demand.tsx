"use client";

import { createElement, useEffect, useReducer, useRef, useState, type ComponentType, type RefObject } from "react";
import { useI18n } from "@/lib/browser/i18n";
import { Button } from "./button";
import { Spinner } from "./spinner";

/**
 * A component whose code loads only when first needed (a dialog or drawer shown after a click), so it
 * is not in the page's first-load JavaScript. `preload` starts the download early, e.g. on hover or focus
 * of the control that opens it, so the first open rarely waits.
 *
 * Not React.lazy: a lazy component that failed to load stays failed until the page reloads (and throws
 * to the route's error boundary). Here a failed download (a network blip, a deploy in between) shows a
 * short message with "Try again" where the dialog would be, and the next try downloads again; nothing
 * the operator typed on the page is lost.
 *
 * While the code downloads it renders nothing (a dialog has nothing to show yet), or `pending` when the place it
 * fills is already on screen (a step of a flow).
 */
export function lazyOnDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: { pending?: ComponentType } = {},
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
    if (failed)
      return (
        <LoadFailed
          onRetry={() => {
            setFailed(false);
            setAttempt((n) => n + 1);
          }}
        />
      );
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

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <span role="alert" className="inline-flex flex-wrap items-center gap-2 text-sm text-destructive">
      {t("common.loadFailed")}
      <Button type="button" variant="outline" size="sm" onClick={onRetry}>
        {t("common.retry")}
      </Button>
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
