"use client";

import { CircleAlert, CircleCheck, TriangleAlert, X } from "lucide-react";
import { useEffect, useRef, useState, useSyncExternalStore, type CSSProperties } from "react";
import { useI18n } from "@/lib/browser/i18n";
import { after, systemClock, type Clock } from "@/lib/shared/clock";
import { cn } from "./cn";
import { currentToasts, noToasts, subscribeToToasts, toast, type ToastItem } from "./toast";

const ICONS = { success: CircleCheck, warning: TriangleAlert, error: CircleAlert } as const;
const ICON_TONE = {
  success: "text-success",
  warning: "text-warning-soft-foreground",
  error: "text-destructive",
} as const;

/** The open dialogs and sheets (Radix puts each in a portal under <body>): what toasts must not cover. */
const OPEN_LAYER = "[role=dialog][data-state=open],[role=alertdialog][data-state=open]";

/**
 * Where the toast column (24rem, 1rem from the edges) goes while dialogs or sheets cover the band
 * from `left` to `right` px: in the free band to their right (a centred dialog), else to their left
 * (a sheet from the right), narrowed to fit but never under 14rem. When neither band is that wide (a
 * phone, where the panel is the whole screen) it keeps its usual place, bottom right.
 */
export function toastPlacement(viewport: number, left: number, right: number): CSSProperties | undefined {
  const after = viewport - right - 32;
  const before = left - 32;
  if (after >= 224) return { width: Math.min(384, after) };
  if (before >= 224) return { right: viewport - left + 16, width: Math.min(384, before) };
  return undefined;
}

/** The toast column's place, worked out again when a dialog or sheet opens or closes and on resize. */
function useToastPlacement(): CSSProperties | undefined {
  const [placement, setPlacement] = useState<CSSProperties>();
  useEffect(() => {
    const update = () => {
      let left = Infinity;
      let right = -Infinity;
      for (const layer of document.querySelectorAll(OPEN_LAYER)) {
        const box = layer.getBoundingClientRect();
        left = Math.min(left, box.left);
        right = Math.max(right, box.right);
      }
      setPlacement(right < left ? undefined : toastPlacement(innerWidth, left, right));
    };
    // Portals come and go as children of <body>: watching only those is cheap.
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true });
    addEventListener("resize", update);
    return () => {
      observer.disconnect();
      removeEventListener("resize", update);
    };
  }, []);
  return placement;
}

/**
 * The toasts, bottom right, newest last; while a dialog or sheet is open, beside it rather than over
 * its content (`toastPlacement`). The region is always in the page so screen readers hear
 * each new toast (errors as alerts). A toast waits while the pointer is over it or focus is in it
 * (WCAG 2.2.1), then leaves after its duration; each has a close button.
 */
export function Toaster({ clock = systemClock }: { clock?: Clock }) {
  const { t } = useI18n();
  const items = useSyncExternalStore(subscribeToToasts, currentToasts, noToasts);
  const placement = useToastPlacement();
  return (
    <section
      aria-label={t("common.notifications")}
      aria-live="polite"
      className="pointer-events-none fixed right-4 bottom-4 z-[100] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
      style={placement}
    >
      {items.map((item) => (
        <ToastCard key={item.id} item={item} clock={clock} closeLabel={t("common.close")} />
      ))}
    </section>
  );
}

function ToastCard({ item, clock, closeLabel }: { item: ToastItem; clock: Clock; closeLabel: string }) {
  const remaining = useRef(item.duration);
  const holds = useRef(new Set<"pointer" | "focus">());
  const timer = useRef<{ controller: AbortController; startedAt: number } | null>(null);
  const controls = useRef<{
    hold: (reason: "pointer" | "focus") => void;
    release: (reason: "pointer" | "focus") => void;
  } | null>(null);

  useEffect(() => {
    const start = () => {
      const controller = new AbortController();
      timer.current = { controller, startedAt: clock.now() };
      after(clock, remaining.current, controller.signal, () => toast.dismiss(item.id));
    };
    start();
    const hold = (reason: "pointer" | "focus") => {
      holds.current.add(reason);
      if (!timer.current) return;
      remaining.current = Math.max(0, remaining.current - (clock.now() - timer.current.startedAt));
      timer.current.controller.abort();
      timer.current = null;
    };
    const release = (reason: "pointer" | "focus") => {
      holds.current.delete(reason);
      if (holds.current.size === 0 && !timer.current) start();
    };
    controls.current = { hold, release };
    return () => {
      timer.current?.controller.abort();
      timer.current = null;
      controls.current = null;
    };
  }, [clock, item.id]);

  const Icon = ICONS[item.kind];
  return (
    <div
      role={item.kind === "success" ? "status" : "alert"}
      data-toast={item.kind}
      className="pointer-events-auto flex items-start gap-3 rounded-md border bg-popover p-4 text-sm text-popover-foreground shadow-lg"
      onPointerEnter={() => controls.current?.hold("pointer")}
      onPointerLeave={() => controls.current?.release("pointer")}
      onFocus={() => controls.current?.hold("focus")}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) controls.current?.release("focus");
      }}
    >
      <Icon aria-hidden="true" className={cn("mt-0.5 size-4 shrink-0", ICON_TONE[item.kind])} />
      <p className="min-w-0 flex-1 break-words">{item.message}</p>
      <button
        type="button"
        aria-label={closeLabel}
        className="-m-1 shrink-0 rounded-sm p-1 text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        onClick={() => toast.dismiss(item.id)}
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
