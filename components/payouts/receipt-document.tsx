import { CircleAlert, CircleCheck, CircleX } from "lucide-react";
import { cn } from "@/components/ui/cn";
import type { PayoutReceipt, ReceiptStatus } from "@/lib/shared/payouts/receipt";

const BAND: Readonly<Record<ReceiptStatus, string>> = {
  paid: "border-success-soft-foreground/25 bg-success-soft/60 text-success-soft-foreground",
  pending: "border-warning-soft-foreground/25 bg-warning-soft/60 text-warning-soft-foreground",
  failed: "border-destructive/30 bg-destructive-soft/60 text-destructive-soft-foreground",
  unknown: "bg-muted/60 text-foreground",
};

/**
 * The receipt as a page: the same model (lib/shared/payouts/receipt.ts) the PDF draws, so the two say the same.
 * No hooks and no client code: the receipt page renders it on the server. `data-print-receipt` is what the print
 * style sheet keeps (app/globals.css): everything else on the page, the app's shell included, is left off paper.
 */
export function ReceiptDocument({ receipt }: { receipt: PayoutReceipt }) {
  const Icon = receipt.status === "paid" ? CircleCheck : receipt.status === "failed" ? CircleX : CircleAlert;
  return (
    <article
      data-print-receipt=""
      data-testid="payout-receipt-document"
      lang={receipt.locale}
      className="mx-auto grid w-full max-w-2xl gap-5 rounded-lg border bg-card p-6 text-card-foreground shadow-xs print:max-w-none print:border-0 print:p-0 print:shadow-none"
    >
      {receipt.testMark ? (
        <p
          role="note"
          data-testid="receipt-test-mark"
          className="rounded-lg border-2 border-dashed border-warning-soft-foreground/60 px-4 py-2 text-sm font-semibold text-warning-soft-foreground"
        >
          {receipt.testMark}
        </p>
      ) : null}
      <h2 className="text-xl font-semibold tracking-tight">{receipt.title}</h2>
      <div
        data-testid="receipt-status-band"
        className={cn("flex items-start gap-3 rounded-lg border px-4 py-3", BAND[receipt.status])}
      >
        <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="grid gap-1">
          <p className="text-base font-semibold">{receipt.statusLabel}</p>
          {receipt.notice ? (
            <p role="note" className="text-sm font-medium">
              {receipt.notice}
            </p>
          ) : null}
        </div>
      </div>
      <div>
        <p className="text-xs font-medium text-muted-foreground">{receipt.amountLabel}</p>
        <p className="text-3xl font-semibold tracking-tight tabular">{receipt.amount}</p>
      </div>
      {receipt.sections.map((section) => (
        <section key={section.key} aria-labelledby={`receipt-${section.key}`} className="grid gap-2">
          <h3 id={`receipt-${section.key}`} className="border-b pb-1 text-sm font-semibold">
            {section.title}
          </h3>
          <dl className="grid gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[11rem_minmax(0,1fr)]">
            {section.fields.map((field) => (
              <div key={field.key} className="contents" data-testid={`receipt-field-${field.key}`}>
                <dt className="text-muted-foreground">{field.label}</dt>
                <dd className={cn("break-all", field.mono && "font-mono text-[0.8125rem]")}>{field.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <footer className="grid gap-0.5 text-xs text-muted-foreground">
        <p>{receipt.issued}</p>
        <p>{receipt.zoneNote}</p>
      </footer>
    </article>
  );
}
