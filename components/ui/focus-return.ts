"use client";

import { useRef } from "react";

interface AutoFocusHandlers {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Radix gives focus back to a dialog's Trigger when it closes, and to nothing when there is none: a drawer a
 * table row opens, a confirmation a row's button asks for, a dialog whose code loads on demand. Focus then falls
 * to the page's body and a keyboard user starts again from the top of the page. These handlers remember what had
 * focus when the content opened and give it back on close, unless the caller's own handler has already decided
 * (`preventDefault`), something else has taken focus since, or that element has left the page.
 */
export function useFocusReturn({ onOpenAutoFocus, onCloseAutoFocus }: AutoFocusHandlers): Required<AutoFocusHandlers> {
  const before = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event) => {
      const active = document.activeElement;
      before.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event) => {
      onCloseAutoFocus?.(event);
      const target = before.current;
      before.current = null;
      if (event.defaultPrevented || !target?.isConnected || !focusIsLost()) return;
      event.preventDefault();
      target.focus();
    },
  };
}

function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}
