import type { ReactNode } from "react";
import { cn } from "./cn";
import { CopyButton } from "./copy-button";

export interface DetailItem {
  label: ReactNode;
  value: ReactNode;
  /** When set, a copy button copies this text (ids, end-to-end ids, keys). */
  copyValue?: string;
  /** Label for the copy button ("ID do repasse"). */
  copyLabel?: string;
  /** Monospace value (ids). */
  mono?: boolean;
}

/** Label/value pairs for detail panels, as a <dl>. Stacks on phones. */
export function DetailList({ items, className }: { items: DetailItem[]; className?: string }) {
  return (
    <dl data-slot="detail-list" className={cn("divide-y text-sm", className)}>
      {items.map((item, index) => (
        <div key={index} className="grid gap-1 py-2.5 sm:grid-cols-[11rem_1fr] sm:gap-4">
          <dt className="text-muted-foreground">{item.label}</dt>
          <dd
            className={cn("flex min-w-0 items-center gap-1 text-foreground", item.mono && "font-mono text-[0.8125rem]")}
          >
            <span className="min-w-0 wrap-anywhere">{item.value}</span>
            {item.copyValue ? (
              <CopyButton value={item.copyValue} label={item.copyLabel} className="-my-1 shrink-0" />
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
