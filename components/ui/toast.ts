/**
 * Toast notifications: a tiny store that any client code can push to (`toast.success(…)`) and one
 * `<Toaster />` renders. Our own rather than a library's because the only API the app needs is three
 * kinds of text message, and the library cost about 12 kB of JavaScript on every page.
 */

export type ToastKind = "success" | "warning" | "error";

export interface ToastOptions {
  /** How long the toast stays (ms) while the pointer and focus are elsewhere. */
  duration?: number;
}

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  duration: number;
}

/** Errors and warnings stay longer: they may carry a request id a person wants to read or copy. */
export const TOAST_DURATION_MS: Readonly<Record<ToastKind, number>> = { success: 4_000, warning: 8_000, error: 8_000 };

/** How many toasts show at once; a newer one pushes the oldest out for good (it would otherwise come back later with a fresh timer). */
export const MAX_TOASTS = 3;

const EMPTY: readonly ToastItem[] = Object.freeze([]);
let items: readonly ToastItem[] = EMPTY;
let lastId = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function push(kind: ToastKind, message: string, options?: ToastOptions): number {
  lastId += 1;
  items = [...items, { id: lastId, kind, message, duration: options?.duration ?? TOAST_DURATION_MS[kind] }].slice(
    -MAX_TOASTS,
  );
  emit();
  return lastId;
}

export const toast = {
  success: (message: string, options?: ToastOptions) => push("success", message, options),
  warning: (message: string, options?: ToastOptions) => push("warning", message, options),
  error: (message: string, options?: ToastOptions) => push("error", message, options),
  dismiss(id: number): void {
    if (!items.some((item) => item.id === id)) return;
    items = items.filter((item) => item.id !== id);
    emit();
  },
};

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const currentToasts = (): readonly ToastItem[] => items;
/** The server renders no toast. */
export const noToasts = (): readonly ToastItem[] => EMPTY;
