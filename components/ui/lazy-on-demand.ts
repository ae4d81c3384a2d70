import { lazy, type ComponentType } from "react";

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
