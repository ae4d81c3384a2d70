"use client";

import { ChevronDown } from "lucide-react";
import { useEffect, useMemo, useRef, type ComponentProps, type RefObject } from "react";
import { cn } from "./cn";
import { fieldFrameClassName } from "./field-styles";
import { useFormFieldControl } from "./form-field-context";
import { mergeRefs } from "./merge-refs";

/**
 * A choice made in the server's HTML before React owned the select (a slow network, a busy phone) is kept: React
 * hydrates a controlled select without touching the option shown, so the DOM may show the person's choice while
 * the state still holds the server's value. Once mounted, such a choice is handed to `onChange` as the change
 * event it was. A value the options do not hold (shown as the first option) is not a choice.
 */
function useChoiceMadeBeforeHydration(select: RefObject<HTMLSelectElement | null>, value: unknown): void {
  // Mount only: later differences are React's own to settle.
  const initial = useRef(value);
  useEffect(() => {
    const node = select.current;
    const expected = initial.current;
    if (!node || node.multiple || expected === undefined || expected === null) return;
    const expectedText = String(expected);
    const known = Array.from(node.options).some((option) => option.value === expectedText);
    if (known && node.value !== expectedText) node.dispatchEvent(new Event("change", { bubbles: true }));
  }, [select]);
}

/** A styled native <select>: best on phones and for short lists (filters, Pix key type). */
export function NativeSelect({
  className,
  id,
  children,
  size = "default",
  ref,
  ...props
}: Omit<ComponentProps<"select">, "size"> & { size?: "sm" | "default" }) {
  const control = useFormFieldControl({ ...props, id });
  const own = useRef<HTMLSelectElement>(null);
  useChoiceMadeBeforeHydration(own, props.value);
  const refs = useMemo(() => mergeRefs(ref, own), [ref]);
  return (
    <div className={cn("relative", className)}>
      <select
        ref={refs}
        data-slot="native-select"
        className={cn(
          "w-full appearance-none",
          fieldFrameClassName,
          "pr-8 pl-3 text-foreground",
          size === "sm" ? "h-8" : "h-9",
        )}
        {...props}
        {...control}
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
    </div>
  );
}
