"use client";

import Link from "next/link";
import { Download, Printer } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/browser/i18n";

/** The receipt's URLs: its PDF (in `lang`) and its printable page. */
export function receiptUrls(id: string, lang: string): { pdf: string; page: string } {
  const encoded = encodeURIComponent(id);
  return {
    pdf: `/api/payouts/${encoded}/receipt.pdf?lang=${encodeURIComponent(lang)}`,
    page: `/payouts/${encoded}/receipt`,
  };
}

/** "Download PDF" and "Print" for a payout, on its page and on the receipt after a send. */
export function ReceiptLinks({ id, className }: { id: string; className?: string }) {
  const { t, locale } = useI18n();
  const urls = receiptUrls(id, locale);
  return (
    <div className={className ?? "flex flex-wrap gap-2"} data-testid="receipt-links">
      <Button asChild variant="outline" size="sm">
        {/* A plain link: the answer is a file named by its Content-Disposition (comprovante-<id>.pdf), not a page. */}
        <a href={urls.pdf} download>
          <Download aria-hidden="true" />
          {t("receipt.downloadPdf")}
        </a>
      </Button>
      <Button asChild variant="outline" size="sm">
        <Link href={`${urls.page}?print=1`}>
          <Printer aria-hidden="true" />
          {t("receipt.print")}
        </Link>
      </Button>
    </div>
  );
}
