import type { CardRole } from "./types";

/*
 * The phone card: below the `sm` breakpoint a table row is a grid with the title and amount
 * on top, subtitle and status under them, then one labelled line per other cell. The same
 * rows and cells as the table (names, keys and clicks do not change). A plain table could
 * use it too (these classes on its rows and cells, `max-sm:hidden` on its head and
 * `max-sm:block` on the table and its body), but a list belongs on DataTable.
 */

export const CARD_ROW =
  "max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_auto] max-sm:gap-x-3 max-sm:gap-y-1 max-sm:border-b max-sm:px-3 max-sm:py-3 max-sm:[grid-template-areas:'title_amount'_'subtitle_status']";

/** Every cell in the card: no table padding or border. */
export const CARD_CELL_BASE = "max-sm:min-w-0 max-sm:border-0 max-sm:p-0";

export const CARD_CELL: Record<CardRole, string> = {
  title: "max-sm:[grid-area:title] max-sm:text-left max-sm:font-medium",
  amount: "max-sm:[grid-area:amount] max-sm:text-right max-sm:font-medium",
  subtitle: "max-sm:[grid-area:subtitle] max-sm:text-left max-sm:text-xs max-sm:text-muted-foreground",
  status: "max-sm:[grid-area:status] max-sm:justify-self-end max-sm:text-right",
  field: "max-sm:col-span-2 max-sm:flex max-sm:items-baseline max-sm:gap-3",
  hidden: "max-sm:hidden",
};

/** A line's label: shown only on the card (the table's header names the column otherwise). */
export const CARD_LABEL = "hidden shrink-0 text-xs text-muted-foreground max-sm:block max-sm:max-w-[45%]";

/** A line's value: pushed right on the card, no box of its own in the table. */
export const CARD_VALUE = "max-sm:ml-auto max-sm:min-w-0 max-sm:text-right sm:contents";
