/**
 * The receipt on screen: the page draws the receipt model's fields (the same the PDF draws), a failed payout's
 * without fee or net and with the notice that it is not proof of payment; the payout's page links to the PDF and
 * to the printable page; the Print button opens the browser's print dialog.
 */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PayoutDetail } from "@/components/payouts/payout-detail";
import { ReceiptDocument } from "@/components/payouts/receipt-document";
import { ReceiptPrintButton } from "@/components/payouts/receipt-print-button";
import { createTranslator } from "@/lib/shared/i18n/translate";
import { payoutReceipt, type ReceiptPayout } from "@/lib/shared/payouts/receipt";
import { ok, renderWithProviders, stubFetch } from "../helpers/payouts-dom";

vi.mock("next/navigation", async () => (await import("../helpers/next-navigation")).mockedNavigation);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const payout = (status: "paid" | "failed"): ReceiptPayout & { public_id?: string } => ({
  id: `po_demo_${status}`,
  status,
  amount_centavos: 123_456,
  fee_centavos: 250,
  net_centavos: 123_206,
  end_to_end_id: "E12345678202611271200ABCDEFGHIJK",
  failure_reason: status === "failed" ? "Chave Pix não encontrada (DICT)" : null,
  created_at: "2026-11-27T12:00:00.000Z",
  paid_at: status === "paid" ? "2026-11-27T12:00:05.000Z" : null,
  bank_account: { holder_name: "Maria Conceição", pix_key_masked: "***.456.789-**", pix_key_type: "cpf" },
  register: null,
});

function receiptOf(status: "paid" | "failed", sandbox = false) {
  return payoutReceipt(
    { payout: payout(status), payer: { id: "biz_acme", name: "Padaria Conceição" }, issuedAt: Date.now(), sandbox },
    "pt-BR",
    createTranslator("pt-BR"),
  );
}

function fieldText(key: string): string {
  return screen.getByTestId(`receipt-field-${key}`).textContent?.replace(/\u00a0/g, " ") ?? "";
}

describe("ReceiptDocument", () => {
  it("a paid payout: every field of the model, no notice", () => {
    render(<ReceiptDocument receipt={receiptOf("paid")} />);
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent("Comprovante de Pix enviado");
    expect(fieldText("amount")).toBe("ValorR$ 1.234,56");
    expect(fieldText("fee")).toBe("TarifaR$ 2,50");
    expect(fieldText("net")).toBe("Valor líquidoR$ 1.232,06");
    expect(fieldText("paidAt")).toBe("Pago em27/11/2026, 09:00:05 BRT");
    expect(fieldText("payerName")).toBe("NomePadaria Conceição");
    expect(fieldText("payeeDocument")).toBe("CPF/CNPJ***.456.789-**");
    expect(fieldText("endToEndId")).toBe("ID fim a fim (E2E)E12345678202611271200ABCDEFGHIJK");
    expect(fieldText("payoutId")).toBe("ID do repassepo_demo_paid");
    expect(screen.queryByRole("note")).not.toBeInTheDocument();
    expect(screen.getByText("Horários em Brasília / São Paulo (BRT).")).toBeInTheDocument();
  });

  it("a sandbox payout: the test mark above the title, also on a paid one", () => {
    render(<ReceiptDocument receipt={receiptOf("paid", true)} />);
    const mark = screen.getByTestId("receipt-test-mark");
    expect(mark).toHaveRole("note");
    expect(mark).toHaveTextContent(/^AMBIENTE DE TESTES \(sandbox\): nenhum dinheiro foi movimentado/);
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent("Comprovante de teste (sandbox)");
    // First in the document, before the title: a printed page starts with it.
    expect(mark.compareDocumentPosition(screen.getByRole("heading", { level: 2 }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it("a failed payout: its status and the notice up front, no fee and no net", () => {
    render(<ReceiptDocument receipt={receiptOf("failed")} />);
    const band = screen.getByTestId("receipt-status-band");
    expect(within(band).getByText("Falhou")).toBeInTheDocument();
    expect(within(band).getByRole("note")).toHaveTextContent(
      "Este documento não é um comprovante de pagamento: o repasse falhou e nenhum valor foi transferido.",
    );
    expect(screen.queryByTestId("receipt-field-fee")).not.toBeInTheDocument();
    expect(screen.queryByTestId("receipt-field-net")).not.toBeInTheDocument();
    expect(fieldText("failureReason")).toBe("Motivo da falha, nas palavras do provedorChave Pix não encontrada (DICT)");
  });
});

it("the payout's page links to its PDF (in the person's language) and to its printable page", async () => {
  stubFetch([(call) => (call.url.startsWith("/api/payouts/po_demo_paid") ? ok(payout("paid")) : undefined)]);
  renderWithProviders(<PayoutDetail id="po_demo_paid" />, { role: "support" });
  const links = within(await screen.findByTestId("receipt-links"));
  expect(links.getByRole("link", { name: "Baixar PDF" })).toHaveAttribute(
    "href",
    "/api/payouts/po_demo_paid/receipt.pdf?lang=pt-BR",
  );
  expect(links.getByRole("link", { name: "Imprimir" })).toHaveAttribute(
    "href",
    "/payouts/po_demo_paid/receipt?print=1",
  );
});

describe("ReceiptPrintButton", () => {
  it("opens the print dialog when pressed", async () => {
    const print = vi.spyOn(window, "print").mockImplementation(() => undefined);
    render(<ReceiptPrintButton label="Imprimir" />);
    expect(print).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole("button", { name: "Imprimir" }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it("opened from a Print link, opens it once by itself", () => {
    const print = vi.spyOn(window, "print").mockImplementation(() => undefined);
    render(<ReceiptPrintButton label="Imprimir" autoPrint />);
    expect(print).toHaveBeenCalledTimes(1);
  });
});
