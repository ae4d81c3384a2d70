/**
 * A batch's progress page in the DOM: the progress bar's aria values and
 * counts follow the batch as it is polled, each row links to its payout, the
 * results file is offered, and pause asks first and sends once.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { BatchDetail } from "@/components/payout-batches/batch-detail";
import { payoutBatchKeys } from "@/lib/browser/query/payout-batches";
import type { Batch, BatchRow } from "@/lib/shared/schemas/payout-batches";
import { ok, renderWithProviders, stubFetch, type FetchCall } from "../helpers/payouts-dom";
import { batchFixture, batchRowFixture } from "./batch-fixtures";
import { stubTableLayout } from "../helpers/table-layout";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn(), back: vi.fn() }),
  usePathname: () => "/payouts/batch/b_1",
  useSearchParams: () => new URLSearchParams(),
}));

stubTableLayout({ viewport: 800, row: 48 });

let batch: Batch;
let rows: BatchRow[];
let calls: FetchCall[];

beforeEach(() => {
  batch = batchFixture({
    counts: { pending: 1, sending: 0, sent: 1, paid: 1, failed: 0, needs_review: 0, handled: 0, cancelled: 0 },
    rate_per_minute: 42,
    eta_seconds: 90,
  });
  rows = [
    batchRowFixture({ row_number: 2, status: "paid", payout_id: "po_a", end_to_end_id: "E0001", fee_centavos: 50 }),
    batchRowFixture({ row_number: 3, status: "sent", payout_id: "po_b", name: "Bruno" }),
    batchRowFixture({ row_number: 5, status: "pending", name: "Dora" }),
  ];
  calls = stubFetch([
    (call) =>
      call.method === "POST" && call.url === "/api/payout-batches/b_1/pause"
        ? ok((batch = { ...batch, status: "paused" }))
        : undefined,
    (call) => (call.url === "/api/payout-batches/b_1/rows" ? ok({ rows }) : undefined),
    (call) => (call.url === "/api/payout-batches/b_1" ? ok(batch) : undefined),
  ]);
});

describe("batch progress", () => {
  it("shows the live progress with aria values, rate and time left, and follows the batch to its end", async () => {
    const { client } = renderWithProviders(<BatchDetail id="b_1" />, { role: "operator" });
    const bar = await screen.findByRole("progressbar", { name: "Progresso do lote fornecedores.csv" });
    expect(bar).toHaveAttribute("aria-valuemin", "0");
    expect(bar).toHaveAttribute("aria-valuemax", "3");
    expect(bar).toHaveAttribute("aria-valuenow", "1");
    expect(bar.getAttribute("aria-valuetext")).toContain("1 pagas, 0 falharam, 0 precisam de revisão");
    expect(screen.getByText("42 por minuto · faltam cerca de 2 minutos")).toBeInTheDocument();
    expect(screen.getByTestId("batch-count-sent")).toHaveTextContent("1");

    const table = await screen.findByRole("table", { name: "Resultado por linha" });
    expect(within(table).getByRole("link", { name: "po_a" })).toHaveAttribute("href", "/payouts/po_a");
    // The fee the API reported, in reais; none yet for a row not sent.
    expect(within(table).getByRole("columnheader", { name: "Tarifa" })).toBeInTheDocument();
    expect(within(table).getByRole("link", { name: "po_a" }).closest("tr")).toHaveTextContent("R$ 0,50");
    expect(within(table).getByText("Dora").closest("tr")).not.toHaveTextContent("R$ 0,50");
    expect(screen.getByRole("link", { name: "Baixar resultados (CSV)" })).toHaveAttribute(
      "href",
      "/api/payout-batches/b_1/results.csv",
    );
    expect(screen.getByRole("link", { name: "Baixar resultados (Excel)" })).toHaveAttribute(
      "href",
      "/api/payout-batches/b_1/results.xlsx",
    );

    // The next poll: every row has its outcome (row 3's was closed by a person after a review) and the batch is completed.
    batch = {
      ...batch,
      status: "completed",
      counts: { pending: 0, sending: 0, sent: 0, paid: 1, failed: 1, needs_review: 0, handled: 1, cancelled: 0 },
      eta_seconds: null,
    };
    const outcome = (n: number) => (n === 5 ? "failed" : n === 3 ? "handled" : "paid");
    rows = rows.map((row) => ({
      ...row,
      status: outcome(row.row_number),
      failure_reason: row.row_number === 5 ? "Chave não encontrada" : null,
    }));
    // Only the batch is polled; its rows follow when its counts move.
    await client.refetchQueries({ queryKey: payoutBatchKeys.detail("b_1"), exact: true });
    await waitFor(() => expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "3"));
    expect(screen.getByText("O lote terminou.")).toBeInTheDocument();
    expect(screen.getByTestId("batch-progress-text")).toHaveTextContent("3 de 3 concluídas (100%)");
    expect(await within(table).findByText("Chave não encontrada")).toBeInTheDocument();
    expect(screen.getByTestId("batch-count-handled")).toHaveTextContent("1");
    expect(screen.getByRole("progressbar").getAttribute("aria-valuetext")).toContain("1 resolvidas por uma pessoa");
    expect(within(table).getByText("Resolvido por uma pessoa")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pausar" })).not.toBeInTheDocument();
  });

  it("pauses only after the confirmation, with one request", async () => {
    const { user } = renderWithProviders(<BatchDetail id="b_1" />, { role: "operator" });
    await user.click(await screen.findByRole("button", { name: "Pausar" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Pausar o lote?" });
    expect(calls.some((call) => call.method === "POST")).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Pausar o envio" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === "POST").map((call) => call.url)).toEqual([
      "/api/payout-batches/b_1/pause",
    ]);
    expect(await screen.findByRole("button", { name: "Retomar" })).toBeInTheDocument();
  });

  it("says why the worker paused a batch (its credential refused) and that resuming carries on", async () => {
    batch = { ...batch, status: "paused", paused_reason: "credential_refused" };
    renderWithProviders(<BatchDetail id="b_1" />, { role: "operator" });
    expect(await screen.findByTestId("batch-paused-reason")).toHaveTextContent(
      "Pausado pela credencial: a API recusou a chave de API da empresa",
    );
    expect(screen.getByRole("button", { name: "Retomar" })).toBeInTheDocument();
  });

  it("says nothing more when a person paused it", async () => {
    batch = { ...batch, status: "paused", paused_reason: null };
    renderWithProviders(<BatchDetail id="b_1" />, { role: "operator" });
    expect(await screen.findByRole("button", { name: "Retomar" })).toBeInTheDocument();
    expect(screen.queryByTestId("batch-paused-reason")).not.toBeInTheDocument();
  });
});
