/**
 * GET /api/payouts/{id}/receipt.pdf against the real sandbox and ledger: a PDF whose text holds every field of the
 * receipt model (amount, payer, payee, masked document, E2E id, payout id, São Paulo time with the zone named),
 * in the language asked for, with Portuguese accents intact; a failed payout's has no fee and no net.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as payout from "@/app/api/payouts/[id]/route";
import * as receiptPdf from "@/app/api/payouts/[id]/receipt.pdf/route";
import * as payouts from "@/app/api/payouts/route";
import { getLedger } from "@/lib/server/ledger";
import { workspaces } from "@/lib/server/ledger/schema";
import { forgetWorkspaceAccess } from "@/lib/server/session/resolve";
import { ACME, APP_ORIGIN, call, newKey } from "../helpers/bff";
import { setUpBffHarness } from "../helpers/bff-suite";
import { pdfTextRuns } from "../helpers/pdf-text";

const bff = setUpBffHarness();

const WORKSPACE_NAME = "Padaria Conceição Ltda";
/** A valid CPF (check digits 2 and 5): the payee's document, shown masked as ***.982.247-**. */
const CPF = "52998224725";

beforeAll(async () => {
  const ledger = await getLedger();
  await ledger.db.update(workspaces).set({ name: WORKSPACE_NAME }).where(eq(workspaces.businessId, ACME.businessId));
  forgetWorkspaceAccess(ACME.businessId);
});

async function getPdf(
  id: string,
  options: { query?: string; cookie?: string; headers?: Record<string, string> } = {},
): Promise<{ response: Response; bytes: Uint8Array; text: string }> {
  const headers = new Headers({ host: "127.0.0.1:3000", cookie: options.cookie ?? bff.cookie });
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  const path = `/api/payouts/${encodeURIComponent(id)}/receipt.pdf${options.query ?? ""}`;
  const response = await receiptPdf.GET(new Request(`${APP_ORIGIN}${path}`, { headers }), {
    params: Promise.resolve({ id }),
  });
  const bytes = new Uint8Array(await response.clone().arrayBuffer());
  // Intl writes a no-break space after "R$": compare with plain spaces.
  const text = pdfTextRuns(bytes)
    .join("\n")
    .replace(/\u00a0/g, " ");
  return { response, bytes, text };
}

async function sendPaidPayout(): Promise<string> {
  const created = await call(payouts.POST, "/api/payouts", {
    method: "POST",
    cookie: bff.cookie,
    idempotencyKey: newKey("receipt"),
    body: { amount_centavos: 123_456, pix_key_type: "cpf", pix_key: CPF },
  });
  expect(created.status, created.text).toBe(201);
  const id = (created.json.data as { id: string }).id;
  await bff.harness.clock.skip(300); // the sandbox settles payouts after 300 ms
  return id;
}

describe("GET /api/payouts/{id}/receipt.pdf", () => {
  it("a paid payout: a PDF download, not cached, holding every field of the receipt", async () => {
    const id = await sendPaidPayout();
    const { response, bytes, text } = await getPdf(id, { query: "?lang=pt-BR" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="sandbox-comprovante-${id}.pdf"; filename*=UTF-8''sandbox-comprovante-${id}.pdf`,
    );
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");

    // What the API says of it, as GET /api/payouts/{id} answers.
    const lookup = await call(payout.GET, `/api/payouts/${id}`, { cookie: bff.cookie, params: { id } });
    const looked = lookup.json.data as {
      status: string;
      end_to_end_id: string;
      paid_at: string;
      bank_account: { holder_name: string };
    };
    expect(looked.status).toBe("paid");
    const endToEnd = looked.end_to_end_id;
    expect(endToEnd).toMatch(/^E\d{8}/);

    expect(text).toContain("Comprovante de teste (sandbox)");
    expect(text).toContain("R$ 1.234,56");
    expect(text).toMatch(/Tarifa\nR\$ \d+,\d{2}\nValor líquido\nR\$ 1\.\d{3},\d{2}/);
    // The payer: the workspace's name, accents drawn in WinAnsi as they are.
    expect(text).toContain(`Pagador\nNome\n${WORKSPACE_NAME}`);
    expect(text).toContain("Instituição (ISPB)\n99999999");
    expect(text).toContain(`Nome\n${looked.bank_account.holder_name}`);
    expect(text).toContain("CPF/CNPJ\n***.982.247-**");
    expect(text).not.toContain(CPF);
    expect(text).toContain(`ID fim a fim (E2E)\n${endToEnd}`);
    expect(text).toContain(`ID do repasse\n${id}`);
    // Date and time in São Paulo (UTC−3), the zone named.
    const paidAt = new Date(Date.parse(looked.paid_at) - 3 * 3_600_000).toISOString();
    const [date = "", time = ""] = paidAt.split("T");
    const [year, month, day] = date.split("-");
    expect(text).toContain(`Pago em\n${day}/${month}/${year}, ${time.slice(0, 8)} BRT`);
    expect(text).toContain("Horários em Brasília / São Paulo (BRT).");
    // The sandbox's payout: the document says first that it is a test and no money moved.
    expect(text.replace(/\s+/g, " ")).toContain(
      "AMBIENTE DE TESTES (sandbox): nenhum dinheiro foi movimentado. Este documento não é um comprovante de pagamento.",
    );
    expect(text.indexOf("AMBIENTE DE TESTES")).toBeLessThan(text.indexOf("Comprovante de teste (sandbox)"));
    expect(text).toContain("SANDBOX");
  });

  it("in the language of ?lang=, else of the locale cookie", async () => {
    const english = await getPdf("po_demo_paid", { query: "?lang=en" });
    expect(english.response.status).toBe(200);
    expect(english.text).toContain("Test receipt (sandbox)");
    expect(english.text).toContain("R$1,500.00");
    expect(english.text).toContain("Payout id\npo_demo_paid");
    expect(english.response.headers.get("content-disposition")).toContain(
      'filename="sandbox-receipt-po_demo_paid.pdf"',
    );
    const byCookie = await getPdf("po_demo_paid", { cookie: `${bff.cookie}; locale=en` });
    expect(byCookie.text).toContain("Test receipt (sandbox)");
    const portuguese = await getPdf("po_demo_paid");
    expect(portuguese.text).toContain("Comprovante de teste (sandbox)");
    expect(portuguese.text).toContain("R$ 1.500,00");
  });

  it("a failed payout: its status and reason, that it is not proof of payment, and no fee or net", async () => {
    const { response, text } = await getPdf("po_demo_failed", { query: "?lang=pt-BR" });
    expect(response.status).toBe(200);
    // Not named a receipt (comprovante) in the file name either.
    expect(response.headers.get("content-disposition")).toContain(
      'filename="sandbox-situacao-repasse-po_demo_failed.pdf"',
    );
    expect(text).toContain("Situação de repasse Pix");
    expect(text).toContain("Falhou");
    // A paragraph wraps over lines, each drawn on its own.
    expect(text.replace(/\s+/g, " ")).toContain(
      "Este documento não é um comprovante de pagamento: o repasse falhou e nenhum valor foi transferido.",
    );
    expect(text.replace(/\s+/g, " ")).toContain("Motivo da falha, nas palavras do provedor");
    expect(text).not.toContain("Tarifa");
    expect(text).not.toContain("Valor líquido");
    expect(text).not.toContain("Pago em");
  });

  it("a pending payout: its status, and that it is not proof of payment yet", async () => {
    const created = await call(payouts.POST, "/api/payouts", {
      method: "POST",
      cookie: bff.cookie,
      idempotencyKey: newKey("receipt-pending"),
      body: { amount_centavos: 5_000, pix_key_type: "email", pix_key: "fornecedor@example.com" },
    });
    expect(created.status, created.text).toBe(201);
    const id = (created.json.data as { id: string }).id;
    const { response, text } = await getPdf(id, { query: "?lang=en" });
    expect(response.status).toBe(200);
    expect(text).toContain("Pix payout status");
    expect(text).toContain("Pending");
    expect(text.replace(/\s+/g, " ")).toContain(
      "This document is not proof of payment: the payout has not been settled on the Pix network yet.",
    );
    expect(text).not.toContain("Paid at");
    expect(text).toContain(`Payout id\n${id}`);
  });

  it("an unknown payout is the lookup's 404 in the JSON envelope; a bad language a 422", async () => {
    const missing = await getPdf("po_does_not_exist");
    expect(missing.response.status).toBe(404);
    expect(missing.response.headers.get("content-type")).toContain("application/json");
    const badLang = await getPdf("po_demo_paid", { query: "?lang=fr" });
    expect(badLang.response.status).toBe(422);
  });
});
