"use client";

import dynamic from "next/dynamic";
import type { DateRangeFilterProps } from "./date-range-fields";

export type { DateRangeFilterProps } from "./date-range-fields";

/**
 * A from–to pair of typed date inputs for list filters (`DateRangeFields`). Rendered on the server as usual; its
 * code (the typed-date mask, reader and messages) is a chunk of its own that arrives right after the page's first
 * load instead of inside it, since nobody types a date before the list has painted.
 */
export const DateRangeFilter = dynamic<DateRangeFilterProps>(
  () => import("./date-range-fields").then((m) => m.DateRangeFields),
  { loading: () => <div className="h-8 min-w-[20rem]" aria-hidden="true" /> },
);
