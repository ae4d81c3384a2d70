import "server-only";
import PDFDocument from "pdfkit";
import { serverClock } from "@/lib/server/clock";
import { isSandboxMode } from "@/lib/server/config";
import type { Download, ServiceDeps } from "@/lib/server/services/context";
import { lookUpPayout } from "@/lib/server/services/payouts/lookup";
import type { Locale } from "@/lib/shared/i18n/config";
import { createTranslator } from "@/lib/shared/i18n/translate";
import { payoutReceipt, type PayoutReceipt, type ReceiptStatus } from "@/lib/shared/payouts/receipt";

type ReceiptDeps = Pick<ServiceDeps, "api" | "ledger" | "businessId" | "session">;

/** A payout's receipt in `locale`: looked up with the API now (as GET /api/payouts/{id}), the session's business as payer. */
export async function readPayoutReceipt(deps: ReceiptDeps, id: string, locale: Locale): Promise<PayoutReceipt> {
  const answer = await lookUpPayout(deps, id);
  return payoutReceipt(
    { payout: answer.data, payer: deps.session.business, issuedAt: serverClock().now(), sandbox: isSandboxMode() },
    locale,
    createTranslator(locale),
  );
}

/** GET /api/payouts/{id}/receipt.pdf: the receipt as a PDF to download or share. */
export async function payoutReceiptPdf(deps: ReceiptDeps, id: string, locale: Locale): Promise<Download> {
  const receipt = await readPayoutReceipt(deps, id, locale);
  const body = await receiptPdf(receipt);
  return { download: { body, contentType: "application/pdf", fileName: receipt.fileName } };
}

const STATUS_COLOURS: Readonly<Record<ReceiptStatus, { fill: string; text: string }>> = {
  paid: { fill: "#e7f6ec", text: "#17663a" },
  pending: { fill: "#fdf3dc", text: "#7a5200" },
  failed: { fill: "#fbe4e4", text: "#9b1c1c" },
  unknown: { fill: "#ececec", text: "#333333" },
};

const PAGE_MARGIN = 50;
const LABEL_WIDTH = 150;

/**
 * Draws the receipt on one A4 page with the PDF standard fonts (Helvetica, Courier for identifiers), whose
 * WinAnsi encoding covers Portuguese ("Conceição"). Every text comes from the receipt model, so the PDF says
 * exactly what the printable page says.
 */
export function receiptPdf(receipt: PayoutReceipt): Promise<Uint8Array<ArrayBuffer>> {
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE_MARGIN,
    lang: receipt.locale,
    info: { Title: `${receipt.title} – ${receipt.fileName.replace(/\.pdf$/, "")}`, Subject: receipt.statusLabel },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
  });

  const left = PAGE_MARGIN;
  const width = doc.page.width - PAGE_MARGIN * 2;

  let top = PAGE_MARGIN;
  if (receipt.testMark) {
    drawWatermark(doc);
    // A receipt long enough for a second page (a long failure reason) is marked there too.
    doc.on("pageAdded", () => drawWatermark(doc));
    top = drawTestMark(doc, receipt.testMark, left, top, width) + 14;
  }
  doc.font("Helvetica-Bold").fontSize(18).fillColor("#111111").text(receipt.title, left, top, { width });
  doc.moveDown(0.6);

  // The status, prominent: a coloured band with the status and, unless paid, that this is not proof of payment.
  const colours = STATUS_COLOURS[receipt.status];
  const bandTop = doc.y;
  doc.font("Helvetica-Bold").fontSize(13);
  const statusHeight = doc.heightOfString(receipt.statusLabel, { width: width - 24 });
  doc.font("Helvetica-Bold").fontSize(10);
  const noticeHeight = receipt.notice ? doc.heightOfString(receipt.notice, { width: width - 24 }) + 4 : 0;
  const bandHeight = statusHeight + noticeHeight + 20;
  doc.rect(left, bandTop, width, bandHeight).fill(colours.fill);
  doc
    .fillColor(colours.text)
    .font("Helvetica-Bold")
    .fontSize(13)
    .text(receipt.statusLabel, left + 12, bandTop + 10, { width: width - 24 });
  if (receipt.notice) {
    doc.moveDown(0.2);
    doc
      .font("Helvetica-Bold")
      .fontSize(10)
      .text(receipt.notice, left + 12, doc.y, { width: width - 24 });
  }
  doc.y = bandTop + bandHeight + 16;

  doc.font("Helvetica").fontSize(10).fillColor("#555555").text(receipt.amountLabel, left);
  doc.font("Helvetica-Bold").fontSize(24).fillColor("#111111").text(receipt.amount, left);
  doc.moveDown(0.8);

  for (const section of receipt.sections) {
    doc.font("Helvetica-Bold").fontSize(11).fillColor("#111111").text(section.title, left, doc.y, { width });
    const ruleY = doc.y + 2;
    doc
      .moveTo(left, ruleY)
      .lineTo(left + width, ruleY)
      .lineWidth(0.5)
      .strokeColor("#cccccc")
      .stroke();
    doc.y = ruleY + 6;
    for (const field of section.fields) {
      const top = doc.y;
      const valueFont = field.mono ? "Courier" : "Helvetica";
      doc.font(valueFont).fontSize(10);
      const valueHeight = doc.heightOfString(field.value, { width: width - LABEL_WIDTH });
      doc.font("Helvetica").fontSize(9);
      const labelHeight = doc.heightOfString(field.label, { width: LABEL_WIDTH - 10 });
      doc.fillColor("#555555").text(field.label, left, top, { width: LABEL_WIDTH - 10 });
      doc
        .font(valueFont)
        .fontSize(10)
        .fillColor("#111111")
        .text(field.value, left + LABEL_WIDTH, top, { width: width - LABEL_WIDTH });
      doc.y = top + Math.max(valueHeight, labelHeight) + 5;
    }
    doc.moveDown(0.8);
  }

  doc.moveDown(0.5);
  doc.font("Helvetica").fontSize(8).fillColor("#555555");
  doc.text(receipt.issued, left, doc.y, { width });
  doc.text(receipt.zoneNote, left, doc.y, { width });

  doc.end();
  return done;
}

/** A sandbox document's first lines: the test mark in a dashed box. Returns the y below it. */
function drawTestMark(doc: PDFKit.PDFDocument, text: string, left: number, top: number, width: number): number {
  doc.font("Helvetica-Bold").fontSize(10);
  const height = doc.heightOfString(text, { width: width - 24 }) + 16;
  doc.save().rect(left, top, width, height).dash(4, { space: 3 }).lineWidth(1).strokeColor("#7a5200").stroke();
  doc.restore();
  doc.fillColor("#7a5200").text(text, left + 12, top + 8, { width: width - 24 });
  return top + height;
}

/** "SANDBOX" across the page, light, under the text: a cropped or copied part still says it. */
function drawWatermark(doc: PDFKit.PDFDocument): void {
  const { width, height } = doc.page;
  doc.save();
  doc.rotate(-35, { origin: [width / 2, height / 2] });
  doc
    .font("Helvetica-Bold")
    .fontSize(110)
    .fillColor("#d9480f")
    .fillOpacity(0.08)
    .text("SANDBOX", 0, height / 2 - 55, { width, align: "center", lineBreak: false });
  doc.restore();
  doc.fillOpacity(1);
}
