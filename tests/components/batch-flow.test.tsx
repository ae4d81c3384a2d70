/**
 * The new-batch flow in the DOM: a CSV with good and bad rows is read in the
 * browser, its columns recognised, the bad rows shown with per-cell errors;
 * one is fixed in place, one left out, an ambiguous key's type chosen; the
 * review shows the totals, the estimated fees, the register's matches and the
 * rows repeating another batch; the batch is created with an Idempotency-Key
 * (the same one on a retry) and confirmed.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { NewBatchFlow } from "@/components/payout-batches/new-batch-flow";
import { fail, ok, renderWithProviders, stubFetch, type FetchCall } from "../helpers/payouts-dom";
import { batchFixture } from "./batch-fixtures";
import { stubTableLayout } from "../helpers/table-layout";

const push = vi.fn();
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push, replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn(), back: vi.fn() }),
  usePathname: () => "/payouts/batch/new",
  useSearchParams: () => new URLSearchParams(),
}));

stubTableLayout({ viewport: 800, row: 48 });

// Row 2 is good; row 3's amount is not a number (fixed below); row 4 has no key (left out);
// row 5's 11 digits are a valid CPF and a possible mobile number (the type is chosen).
const CSV = [
  "nome;chave pix;valor;descrição",
  "Ana;ana@example.com;10,00;ok",
  "Bruno;bruno@example.com;dez reais;fix me",
  "Carla;;5,00;no key",
  "Dora;52998224725;30,00;ambiguous",
].join("\r\n");

function csvFile(text = CSV): File {
  return new File([text], "fornecedores.csv", { type: "text/csv" });
}

let calls: FetchCall[];
let createAnswers: Array<() => Response>;
// An older server's answer (no batch matches, no fee estimate) unless a test sets another.
let previewAnswer: unknown;

beforeEach(() => {
  window.sessionStorage.clear();
  push.mockReset();
  createAnswers = [];
  previewAnswer = {
    register_matches: [{ row_number: 2, payout_id: "po_earlier", created_at: "2026-11-20T13:00:00.000Z" }],
  };
  calls = stubFetch([
    (call) => (call.url === "/api/payout-batches/preview" ? ok(previewAnswer) : undefined),
    (call) => (call.method === "POST" && call.url === "/api/payout-batches" ? createAnswers.shift()?.() : undefined),
    (call) => (call.url === "/api/payout-batches/b_1/confirm" ? ok(batchFixture({ status: "sending" })) : undefined),
  ]);
});

async function uploadAndCheck(text = CSV) {
  const view = renderWithProviders(<NewBatchFlow />, { role: "operator" });
  await view.user.upload(screen.getByLabelText("Planilha de repasses (CSV ou .xlsx)"), csvFile(text));
  expect(await screen.findByText(/Todas as colunas necessárias foram reconhecidas/)).toBeInTheDocument();
  await view.user.click(screen.getByRole("button", { name: "Conferir linhas" }));
  await screen.findByRole("table", { name: "Linhas da planilha" });
  return view;
}

/** Row 3 fixed (R$ 20,00), row 4 left out, row 5 a CPF: rows 2, 3 and 5 (R$ 10, 20 and 30) go to the review. */
async function toReview() {
  const view = await uploadAndCheck();
  const { user } = view;
  await user.click(screen.getByRole("button", { name: "Corrigir Valor, linha 3" }));
  await user.type(screen.getByRole("textbox", { name: "Valor, linha 3" }), "{Control>}a{/Control}20,00{Enter}");
  await user.click(screen.getByRole("checkbox", { name: "Incluir a linha 4" }));
  await user.selectOptions(screen.getByRole("combobox", { name: "Tipo de chave da linha 5" }), "cpf");
  await user.click(screen.getByRole("button", { name: "Revisar o lote" }));
  return view;
}

describe("new batch: upload → map → check", () => {
  it("shows per-cell errors, fixes one in place, leaves one out, chooses a key type, and only then opens the review", async () => {
    const { user } = await uploadAndCheck();
    expect(screen.getByTestId("batch-check-summary")).toHaveTextContent(
      "4 linhas incluídas · 3 com erro · 0 deixadas de fora",
    );
    expect(screen.getByText(/Valor inválido: use por exemplo 1.234,56/)).toBeInTheDocument();
    expect(screen.getByText("Informe a chave Pix.")).toBeInTheDocument();
    expect(screen.getByText(/são um CPF válido e também podem ser um celular/)).toBeInTheDocument();
    const review = screen.getByRole("button", { name: "Revisar o lote" });
    expect(review).toBeDisabled();

    // Fix row 3's amount in place: the row is validated again.
    await user.click(screen.getByRole("button", { name: "Corrigir Valor, linha 3" }));
    const input = screen.getByRole("textbox", { name: "Valor, linha 3" });
    await user.clear(input);
    await user.type(input, "20,00{Enter}");
    expect(screen.queryByText(/Valor inválido: use por exemplo/)).not.toBeInTheDocument();

    // Leave row 4 out, choose CPF for row 5.
    await user.click(screen.getByRole("checkbox", { name: "Incluir a linha 4" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Tipo de chave da linha 5" }), "cpf");

    expect(screen.getByTestId("batch-check-summary")).toHaveTextContent(
      "3 linhas incluídas · 0 com erro · 1 deixadas de fora",
    );
    expect(review).toBeEnabled();
  });

  it("a formula in a cell, mapped or not, is an error under that cell: fixed in place or left out, and only then the review opens", async () => {
    // Row 2's "obs" (a column no field is mapped to) and row 3's name are formulas; row 4 is good.
    const hostile = [
      "nome;chave pix;valor;obs",
      'Ana;ana@example.com;10,00;"=HYPERLINK(""http://x"",""y"")"',
      "@SUM(A1);bia@example.com;5,00;ok",
      "Caio;caio@example.com;1,00;-",
    ].join("\r\n");
    const { user } = await uploadAndCheck(hostile);
    expect(screen.getByTestId("batch-check-summary")).toHaveTextContent(
      "3 linhas incluídas · 2 com erro · 0 deixadas de fora",
    );
    expect(
      screen.getByText(
        "Parece uma fórmula de planilha (começa com '='): digite o valor em vez da fórmula ou deixe a linha de fora.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/começa com '@'/)).toBeInTheDocument();
    const review = screen.getByRole("button", { name: "Revisar o lote" });
    expect(review).toBeDisabled();

    // The unmapped column is shown because of its error, and its cell is fixed in place.
    expect(screen.getByRole("columnheader", { name: "obs" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Corrigir obs, linha 2" }));
    const input = screen.getByRole("textbox", { name: "obs, linha 2" });
    await user.clear(input);
    await user.type(input, "site{Enter}");
    expect(screen.queryByText(/começa com '='/)).not.toBeInTheDocument();
    expect(review).toBeDisabled();

    // Leaving the other row out unblocks the batch.
    await user.click(screen.getByRole("checkbox", { name: "Incluir a linha 3" }));
    expect(screen.getByTestId("batch-check-summary")).toHaveTextContent(
      "2 linhas incluídas · 0 com erro · 1 deixadas de fora",
    );
    expect(review).toBeEnabled();
  });

  it("reviews the totals and a register match, creates the batch with one key across a retry, and confirms it", async () => {
    const { user } = await toReview();

    expect(await screen.findByTestId("batch-review-count")).toHaveTextContent("3");
    expect(screen.getByTestId("batch-review-total")).toHaveTextContent("R$ 60,00");
    const matches = await screen.findByRole("region", { name: /1 linha coincide com um repasse/ });
    // An older server sends no estimate: the fee is said to be unknown, not made up.
    expect(screen.getByTestId("batch-review-fees")).toHaveTextContent("Só após o envio");
    expect(screen.getByText("Nenhum repasse anterior para estimar.")).toBeInTheDocument();
    expect(within(matches).getByRole("link", { name: "Ver po_earlier" })).toHaveAttribute(
      "href",
      "/payouts/po_earlier",
    );
    const create = screen.getByRole("button", { name: "Criar lote com 3 repasses" });
    expect(create).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: /Conferi a linha sinalizada/ }));

    // The first attempt gets no answer: the retry must carry the same Idempotency-Key.
    createAnswers.push(() => fail(503, { code: "upstream_unavailable", message: "down" }, "req_down"));
    await user.click(create);
    expect(await screen.findByText("req_down")).toBeInTheDocument();
    createAnswers.push(() => ok(batchFixture({ status: "awaiting_confirmation" }), 201));
    await user.click(create);
    await screen.findByRole("button", { name: "Confirmar e enviar 3 repasses" });

    const creates = calls.filter((call) => call.method === "POST" && call.url === "/api/payout-batches");
    expect(creates).toHaveLength(2);
    expect(creates[0]?.idempotencyKey).toBeTruthy();
    expect(creates[1]?.idempotencyKey).toBe(creates[0]?.idempotencyKey);
    const body = creates[1]?.body as {
      file_name: string;
      delimiter: unknown;
      columns: unknown;
      rows: Array<Record<string, unknown>>;
    };
    expect(body.file_name).toBe("fornecedores.csv");
    expect(body.rows.map((row) => [row.row_number, row.amount_centavos, row.key_type])).toEqual([
      [2, 1000, "email"],
      [3, 2000, "email"],
      [5, 3000, "cpf"],
    ]);
    expect(body.rows[1]?.original).toEqual({
      nome: "Bruno",
      "chave pix": "bruno@example.com",
      valor: "20,00",
      descrição: "fix me",
    });
    // The file's column order and delimiter travel with the batch, for the results file.
    expect(body.columns).toEqual(["nome", "chave pix", "valor", "descrição"]);
    expect(body.delimiter).toBe(";");
    // Row 4 (no key, left out rather than fixed) travels too, for the results file; the retry's body is the first one's.
    expect((creates[1]?.body as { left_out: unknown }).left_out).toEqual([
      {
        row_number: 4,
        reason: "invalid",
        original: { nome: "Carla", "chave pix": "", valor: "5,00", descrição: "no key" },
      },
    ]);
    expect(creates[1]?.body).toEqual(creates[0]?.body);

    await user.click(screen.getByRole("button", { name: "Confirmar e enviar 3 repasses" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith("/payouts/batch/b_1"));
  });

  it("shows the fees estimated for the rows included, and rows repeating another batch, which can still be included knowingly", async () => {
    previewAnswer = {
      register_matches: [{ row_number: 3, payout_id: "po_sent", created_at: "2026-11-20T13:00:00.000Z" }],
      batch_matches: [
        {
          row_number: 2,
          batch_id: "b_0",
          file_name: "fornecedores.csv",
          batch_row_number: 12,
          batch_status: "awaiting_confirmation",
          batch_created_at: "2026-11-21T09:00:00.000Z",
        },
        {
          row_number: 3,
          batch_id: "b_old",
          file_name: "outubro.xlsx",
          batch_row_number: 7,
          batch_status: "completed",
          batch_created_at: "2026-11-19T09:00:00.000Z",
        },
      ],
      // 1% with R$ 0,50 at least, from 37 payouts: R$ 0,50 for each of R$ 10, 20 and 30.
      fee_estimate: {
        basis: "proportional",
        total_centavos: 150,
        sample_size: 37,
        minimum_fee_centavos: 50,
        ratio_fee_centavos: 1,
        ratio_amount_centavos: 100,
      },
    };
    const { user } = await toReview();
    expect(await screen.findByTestId("batch-review-fees")).toHaveTextContent("R$ 1,50");
    expect(screen.getByText("Tarifas estimadas")).toBeInTheDocument();
    expect(screen.getByText("Pelos seus últimos 37 repasses; a tarifa real é definida pela API.")).toBeInTheDocument();

    // Row 2 repeats row 12 of a batch awaiting confirmation (not in the register yet).
    const batches = screen.getByRole("region", { name: "1 linha repete uma linha de outro lote" });
    expect(batches).toHaveTextContent(
      "Mesma chave e mesmo valor da linha 12 do lote “fornecedores.csv” (Aguardando confirmação)",
    );
    expect(within(batches).getByRole("link", { name: "Abrir o lote" })).toHaveAttribute("href", "/payouts/batch/b_0");
    // Row 3 is in the register and came from a batch: listed once, under the register, with both.
    const register = screen.getByRole("region", { name: /1 linha coincide com um repasse/ });
    expect(within(register).getByRole("link", { name: "Ver po_sent" })).toHaveAttribute("href", "/payouts/po_sent");
    expect(register).toHaveTextContent("linha 7 do lote “outubro.xlsx” (Concluído)");
    expect(within(register).getByRole("link", { name: "Abrir o lote" })).toHaveAttribute(
      "href",
      "/payouts/batch/b_old",
    );
    expect(within(batches).queryByText("Linha 3")).not.toBeInTheDocument();

    // Leaving row 2 out: one payout fewer, one fee fewer, one flag fewer to acknowledge.
    const create = screen.getByRole("button", { name: "Criar lote com 3 repasses" });
    expect(create).toBeDisabled();
    await user.click(within(batches).getByRole("checkbox", { name: /Linha 2/ }));
    expect(screen.getByTestId("batch-review-count")).toHaveTextContent("2");
    expect(screen.getByTestId("batch-review-fees")).toHaveTextContent("R$ 1,00");
    expect(screen.getByRole("checkbox", { name: "Conferi a linha sinalizada e quero incluí-la." })).not.toBeChecked();

    // Taken back knowingly: both flagged rows need the acknowledgement, then the batch is created with them.
    await user.click(within(batches).getByRole("checkbox", { name: /Linha 2/ }));
    expect(screen.getByTestId("batch-review-fees")).toHaveTextContent("R$ 1,50");
    await user.click(screen.getByRole("checkbox", { name: "Conferi as 2 linhas sinalizadas e quero incluí-las." }));
    createAnswers.push(() => ok(batchFixture({ status: "awaiting_confirmation" }), 201));
    await user.click(screen.getByRole("button", { name: "Criar lote com 3 repasses" }));
    await screen.findByRole("button", { name: "Confirmar e enviar 3 repasses" });
    const body = calls.find((call) => call.method === "POST" && call.url === "/api/payout-batches")?.body as {
      rows: Array<{ row_number: number }>;
    };
    expect(body.rows.map((row) => row.row_number)).toEqual([2, 3, 5]);
  });

  it("refuses a file it cannot read with the reason and keeps nothing of it", async () => {
    const { user } = renderWithProviders(<NewBatchFlow />, { role: "operator" });
    await user.upload(
      screen.getByLabelText("Planilha de repasses (CSV ou .xlsx)"),
      new File(["nome;valor\r\n"], "vazio.csv", { type: "text/csv" }),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("O arquivo tem só o cabeçalho, sem nenhum repasse.");
    expect(screen.getByTestId("batch-step-title")).toHaveTextContent("Escolha a planilha");
  });
});
