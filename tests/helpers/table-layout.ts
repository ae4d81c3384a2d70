/**
 * jsdom has no layout: DataTable's virtual rows would never render. Call at the top of a DOM test file (or of a
 * describe) to give every table's scroll area (`data-slot="data-table-scroll"`) a viewport and every row a
 * height, as a browser would, for the tests below it; the stubs come off after them.
 */
import { afterAll, beforeAll, vi } from "vitest";

export interface TableLayout {
  /** The scroll area's height (px): how many rows are in view. */
  viewport: number;
  /** Each `<tr>`'s height (px). */
  row: number;
  /** Every element's width (px); 1200 by default. */
  width?: number;
}

const STUBBED = ["clientHeight", "clientWidth", "offsetHeight"] as const;

export function stubTableLayout({ viewport, row, width = 1200 }: TableLayout): void {
  const height = (el: HTMLElement) => {
    if (el.dataset.slot === "data-table-scroll") return viewport;
    return el.tagName === "TR" ? row : 0;
  };
  beforeAll(() => {
    for (const prop of ["clientHeight", "offsetHeight"] as const)
      Object.defineProperty(HTMLElement.prototype, prop, {
        configurable: true,
        get(this: HTMLElement) {
          return height(this);
        },
      });
    Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => width });
  });
  afterAll(() => {
    for (const prop of STUBBED) Reflect.deleteProperty(HTMLElement.prototype, prop);
  });
}

/** A wide screen: every `matchMedia` query matches, so lists show their full set of columns. Undone by vi.unstubAllGlobals(). */
export function stubWideScreen(): void {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}
