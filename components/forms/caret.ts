"use client";

import { useLayoutEffect, useRef, type ChangeEvent } from "react";

/**
 * Reformat-as-you-type without throwing the caret to the end: counts the
 * meaningful characters before the caret, formats, and puts the caret after the
 * same number of meaningful characters in the formatted text.
 */
export function formatKeepingCaret(
  raw: string,
  caret: number | null,
  format: (value: string) => string,
  isMeaningful: (ch: string) => boolean = (ch) => /[0-9A-Za-z@+]/.test(ch),
): { value: string; caret: number } {
  const value = format(raw);
  if (caret === null) return { value, caret: value.length };
  let meaningful = 0;
  for (let i = 0; i < Math.min(caret, raw.length); i++) if (isMeaningful(raw.charAt(i))) meaningful++;
  if (meaningful === 0) return { value, caret: 0 };
  let seen = 0;
  for (let i = 0; i < value.length; i++) {
    if (isMeaningful(value.charAt(i))) seen++;
    if (seen === meaningful) return { value, caret: i + 1 };
  }
  return { value, caret: value.length };
}

/** Change handler for masked inputs: formats, reports the value, and restores the caret after React re-renders. */
export function useMaskedChange(
  format: (value: string) => string,
  onValue: (value: string) => void,
  isMeaningful?: (ch: string) => boolean,
) {
  const pending = useRef<{ input: HTMLInputElement; caret: number } | null>(null);
  useLayoutEffect(() => {
    const p = pending.current;
    if (!p) return;
    pending.current = null;
    if (typeof document !== "undefined" && document.activeElement === p.input) {
      try {
        p.input.setSelectionRange(p.caret, p.caret);
      } catch {
        // Some input types do not support selection ranges.
      }
    }
  });
  return (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const atEnd = input.selectionStart === input.value.length;
    const { value, caret } = formatKeepingCaret(input.value, input.selectionStart, format, isMeaningful);
    pending.current = atEnd ? null : { input, caret };
    onValue(value);
  };
}
