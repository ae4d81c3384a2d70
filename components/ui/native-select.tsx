"use client";

import { ChevronDown } from "lucide-react";
import { useEffect, useMemo, useRef, type ChangeEventHandler, type ComponentProps, type RefObject } from "react";
import { cn } from "./cn";
import { fieldFrameClassName } from "./field-styles";
import { useFormFieldControl } from "./form-field-context";
import { mergeRefs } from "./merge-refs";

/**
 * A choice made in the server's HTML before React owned the select (a slow network, a busy phone) is kept: React
 * hydrates a controlled select without touching the option shown, so the DOM may show the person's choice while
 * the state still holds the server's value. On mounting, such a choice is noted, and one task later handed to
 * `onChange` as the change event it was, unless a change went through meanwhile: when the choice itself is what
 * made React hydrate the select, React replays it right after, and that replay is the one `onChange`. (Any
 * re-render in between puts the state's option back on screen, so the noted choice is shown again before it is
 * sent.) A value the options do not hold (shown as the first option) is not a choice.
 * Returns the `onChange` to give the select (it notes that a change went through).
 */
function useChoiceMadeBeforeHydration(
  select: RefObject<HTMLSelectElement | null>,
  value: unknown,
  onChange: ChangeEventHandler<HTMLSelectElement> | undefined,
): ChangeEventHandler<HTMLSelectElement> | undefined {
  const changed = useRef(false);
  const initial = useRef(value);
  useEffect(() => {
    const node = select.current;
    const expected = initial.current;
    if (!node || node.multiple || expected === undefined || expected === null) return;
    const expectedText = String(expected);
    const known = Array.from(node.options).some((option) => option.value === expectedText);
    if (!known || node.value === expectedText) return;
    const choice = node.value;
    const timer = setTimeout(() => {
      if (changed.current || !node.isConnected) return;
      node.value = choice;
      node.dispatchEvent(new Event("change", { bubbles: true }));
    }, 0);
    return () => clearTimeout(timer);
  }, [select]);
  if (!onChange) return undefined;
  return (event) => {
    changed.current = true;
    onChange(event);
  };
}

/** A styled native <select>: best on phones and for short lists (filters, Pix key type). */
export function NativeSelect({
  className,
  id,
  children,
  size = "default",
  ref,
  onChange,
  ...props
}: Omit<ComponentProps<"select">, "size"> & { size?: "sm" | "default" }) {
  const control = useFormFieldControl({ ...props, id });
  const own = useRef<HTMLSelectElement>(null);
  const handleChange = useChoiceMadeBeforeHydration(own, props.value, onChange);
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
        onChange={handleChange}
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
