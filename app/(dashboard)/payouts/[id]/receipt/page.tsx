import { Download, RotateCw } from "lucide-react";
import { ReceiptDocument } from "@/components/payouts/receipt-document";
import { ReceiptPrintButton } from "@/components/payouts/receipt-print-button";
import { BackLink } from "@/components/ui/back-link";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { getI18n } from "@/lib/server/i18n";
import { decodeIdParam, idTitleMetadata, type IdParams } from "@/lib/server/pages/id-param";
import { receiptQuerySchema } from "@/lib/shared/payouts/receipt";
import { payoutReceiptFirst } from "../../../_prefetch/receipt";
import { withMessages } from "@/app/_i18n/messages";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export const generateMetadata = idTitleMetadata("receipt.pageTitle");

/**
 * /payouts/{id}/receipt: the payout's receipt, drawn on the server (no client code but the Print button), in
 * ?lang= or the person's language; ?print=1 opens the print dialog at once (the "Print" links).
 */
export default withMessages(
  ["receipt"],
  async function PayoutReceiptPage({ params, searchParams }: { params: IdParams; searchParams: SearchParams }) {
    const [{ id: rawId }, search, { t, locale }] = await Promise.all([params, searchParams, getI18n()]);
    const id = decodeIdParam(rawId);
    const query = receiptQuerySchema.safeParse({ lang: typeof search.lang === "string" ? search.lang : undefined });
    const lang = (query.success ? query.data.lang : undefined) ?? locale;
    const receipt = await payoutReceiptFirst(id, lang);
    const encoded = encodeURIComponent(id);
    const pdfUrl = `/api/payouts/${encoded}/receipt.pdf?lang=${encodeURIComponent(lang)}`;

    return (
      <>
        <div data-print-hidden="">
          <PageHeader
            eyebrow={<BackLink href={`/payouts/${encoded}`}>{t("receipt.backToPayout")}</BackLink>}
            title={receipt ? receipt.title : t("receipt.pageTitle")}
            description={<span className="font-mono">{id}</span>}
            actions={
              receipt ? (
                <>
                  <Button asChild variant="outline">
                    <a href={pdfUrl} download>
                      <Download aria-hidden="true" />
                      {t("receipt.downloadPdf")}
                    </a>
                  </Button>
                  <ReceiptPrintButton label={t("receipt.print")} autoPrint={search.print === "1"} />
                </>
              ) : null
            }
          />
        </div>
        {receipt ? (
          <ReceiptDocument receipt={receipt} />
        ) : (
          <Card>
            <CardContent className="grid justify-items-center gap-3 px-6 py-10 text-center">
              <h2 role="status" className="text-base font-semibold">
                {t("receipt.unavailableTitle")}
              </h2>
              <p className="max-w-md text-sm text-muted-foreground">{t("receipt.unavailableDescription")}</p>
              <Button asChild variant="outline">
                {/* A full load: the page reads the payout again on the server. */}
                <a href={`/payouts/${encoded}/receipt?lang=${encodeURIComponent(lang)}`}>
                  <RotateCw aria-hidden="true" />
                  {t("receipt.tryAgain")}
                </a>
              </Button>
            </CardContent>
          </Card>
        )}
      </>
    );
  },
);
