import { lazy, useState, type ComponentType } from "react";

/**
 * A component whose code loads only when first needed (a dialog or sheet shown after a click), so it is
 * not in the page's first-load JavaScript. `preload` starts the download early, e.g. on hover or focus of
 * the control that opens it, so the first open rarely waits.
 */
export function lazyOnDemand<P extends object>(load: () => Promise<ComponentType<P>>): { Component: ComponentType<P>; preload: () => void } {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () => (loading ??= load().then((component) => ({ default: component })));
  return {
    Component: lazy(start),
    preload: () => void start(),
  };
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
