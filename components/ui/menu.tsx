"use client";

import { Check, Circle } from "lucide-react";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from "react";
import { cn } from "./cn";

/**
 * A small menu button (WAI-ARIA menu button pattern) for the header's menus:
 * a button with aria-haspopup/aria-expanded and, while open, a list of items
 * below it. Arrow keys, Home and End move between items, Escape and Tab close
 * it and give focus back to the button, as does choosing an item; a click or
 * focus outside closes it. No popper: the list hangs from the button's corner,
 * so it ships a fraction of a positioned dropdown's code on every page.
 */

interface MenuContextValue {
  close(returnFocus: boolean): void;
}
const MenuContext = createContext<MenuContextValue | null>(null);

function useMenu(): MenuContextValue {
  const menu = useContext(MenuContext);
  if (!menu) throw new Error("Menu items belong inside <Menu>.");
  return menu;
}

const ITEM_SELECTOR = '[role^="menuitem"]:not([aria-disabled="true"])';

function items(list: HTMLElement | null): HTMLElement[] {
  return list ? [...list.querySelectorAll<HTMLElement>(ITEM_SELECTOR)] : [];
}

/** The props the trigger button spreads. */
export interface MenuTriggerProps {
  ref: RefObject<HTMLButtonElement | null>;
  "aria-haspopup": "menu";
  "aria-expanded": boolean;
  "aria-controls": string | undefined;
  onClick(): void;
  onKeyDown(event: KeyboardEvent<HTMLButtonElement>): void;
}

export interface MenuProps {
  /** Renders the button that opens the menu, spreading the given props onto it. */
  trigger: (props: MenuTriggerProps) => ReactNode;
  /** The menu's accessible name. */
  label: string;
  /** Shown above the items (visible only: the menu is named by `label`, described by `description`). */
  heading?: ReactNode;
  /** Read with the menu (e.g. who is signed in); shown in place of `heading` when given. */
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function Menu({ trigger, label, heading, description, className, children }: MenuProps) {
  const [open, setOpen] = useState(false);
  /** Which item to focus once the list is on screen. */
  const [focusTarget, setFocusTarget] = useState<"selected" | "first" | "last">("selected");
  const triggerRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const descriptionId = useId();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }, []);

  const show = (target: typeof focusTarget) => {
    setFocusTarget(target);
    setOpen(true);
  };

  useEffect(() => {
    if (!open) return;
    const all = items(listRef.current);
    const checked = all.find((item) => item.getAttribute("aria-checked") === "true");
    const target = focusTarget === "last" ? all.at(-1) : focusTarget === "selected" ? (checked ?? all[0]) : all[0];
    target?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, focusTarget, close]);

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Enter and Space click the button (onClick opens the menu).
    if (event.key === "ArrowDown") {
      event.preventDefault();
      show("first");
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      show("last");
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items(listRef.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move: Record<string, number | undefined> = {
      ArrowDown: (at + 1) % all.length,
      ArrowUp: (at - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    const next = move[event.key];
    if (next !== undefined && all.length > 0) {
      event.preventDefault();
      all[next]?.focus();
    } else if (event.key === "Escape" || event.key === "Tab") {
      event.preventDefault();
      close(true);
    }
  };

  return (
    <div
      ref={rootRef}
      className="relative inline-flex"
      onBlur={(event) => {
        if (open && event.relatedTarget instanceof Node && !rootRef.current?.contains(event.relatedTarget))
          close(false);
      }}
    >
      {trigger({
        ref: triggerRef,
        "aria-haspopup": "menu",
        "aria-expanded": open,
        "aria-controls": open ? listId : undefined,
        onClick: () => (open ? close(false) : show("selected")),
        onKeyDown: onTriggerKeyDown,
      })}
      {open ? (
        <MenuContext.Provider value={{ close }}>
          <div
            ref={listRef}
            id={listId}
            role="menu"
            aria-label={label}
            aria-describedby={description ? descriptionId : undefined}
            aria-orientation="vertical"
            data-slot="menu"
            data-state="open"
            onKeyDown={onListKeyDown}
            className={cn(
              "absolute top-full right-0 z-50 mt-1.5 max-h-[calc(100dvh-4.5rem)] min-w-[10rem] overflow-x-hidden overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md data-[state=open]:animate-fade-in",
              className,
            )}
          >
            {description ? (
              <div
                id={descriptionId}
                aria-hidden="true"
                className="px-2 py-1.5 text-xs font-medium text-muted-foreground"
              >
                {description}
              </div>
            ) : heading ? (
              <div aria-hidden="true" className="px-2 py-1.5 text-xs font-medium text-muted-foreground">
                {heading}
              </div>
            ) : null}
            {children}
          </div>
        </MenuContext.Provider>
      ) : null}
    </div>
  );
}

const itemClass =
  "relative flex w-full cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-none select-none hover:bg-muted focus:bg-muted focus:text-foreground aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4";

export interface MenuItemProps {
  /** Runs when the item is chosen; the menu then closes and the button gets focus back, unless `keepOpen`. */
  onSelect(): void;
  disabled?: boolean;
  /** Stay open after choosing (an action whose progress shows in the item). */
  keepOpen?: boolean;
  className?: string;
  children: ReactNode;
}

export function MenuItem({ onSelect, disabled = false, keepOpen = false, className, children }: MenuItemProps) {
  const menu = useMenu();
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      aria-disabled={disabled || undefined}
      className={cn(itemClass, className)}
      onClick={() => {
        if (disabled) return;
        if (!keepOpen) menu.close(true);
        onSelect();
      }}
    >
      {children}
    </button>
  );
}

export interface MenuRadioItemProps {
  checked: boolean;
  onSelect(): void;
  lang?: string;
  className?: string;
  children: ReactNode;
}

/** One choice of a set (language, theme, time zone): the chosen one carries a dot and aria-checked. */
export function MenuRadioItem({ checked, onSelect, lang, className, children }: MenuRadioItemProps) {
  const menu = useMenu();
  return (
    <button
      type="button"
      role="menuitemradio"
      aria-checked={checked}
      tabIndex={-1}
      lang={lang}
      className={cn(itemClass, "pl-8", className)}
      onClick={() => {
        menu.close(true);
        onSelect();
      }}
    >
      <span className="absolute left-2 flex size-4 items-center justify-center">
        {checked ? <Circle className="size-2 fill-current" aria-hidden="true" /> : null}
      </span>
      {children}
    </button>
  );
}

/** An on/off item (a table's column): it stays open so several can be switched in a row. */
export function MenuCheckboxItem({
  checked,
  onSelect,
  className,
  children,
}: {
  checked: boolean;
  onSelect(): void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      role="menuitemcheckbox"
      aria-checked={checked}
      tabIndex={-1}
      className={cn(itemClass, "pl-8", className)}
      onClick={onSelect}
    >
      <span className="absolute left-2 flex size-4 items-center justify-center">
        {checked ? <Check className="size-3.5" aria-hidden="true" /> : null}
      </span>
      {children}
    </button>
  );
}

export function MenuSeparator() {
  return <div role="separator" className="-mx-1 my-1 h-px bg-border" />;
}
