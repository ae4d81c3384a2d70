import { toCsv, type CsvDelimiter, type CsvValue } from "@/lib/shared/csv";
import type { Locale } from "@/lib/shared/i18n/config";
import type { ParsedTable } from "./table";

/**
 * The results file: the operator's own columns exactly as uploaded, then the
 * outcome columns the caller adds. Written by lib/shared/csv.ts, so every text
 * cell starting with = + - @ tab or CR gets a leading apostrophe: a formula in
 * the uploaded file ("=HYPERLINK(…)") comes back as text, never as a formula.
 * The delimiter is the uploaded file's (an .xlsx → the given fallback).
 */
export function batchResultsCsv(
  table: ParsedTable,
  outcomeHeader: readonly string[],
  outcomeCells: (rowIndex: number) => readonly CsvValue[],
  fallbackDelimiter: CsvDelimiter = ";",
): string {
  const rows = table.rows.map((row, index) => [...row.cells, ...outcomeCells(index)]);
  return toCsv([...table.header, ...outcomeHeader], rows, { delimiter: table.delimiter ?? fallbackDelimiter });
}

interface TemplateRow {
  name: string;
  key: string;
  type: Record<Locale, string>;
  amount: Record<Locale, string>;
  description: Record<Locale, string>;
}

/** One example per key type; the documents have valid check digits, the e-mail domain is reserved for examples. */
const TEMPLATE_ROWS: readonly TemplateRow[] = [
  {
    name: "Maria da Conceição",
    key: "529.982.247-25",
    type: { "pt-BR": "CPF", en: "CPF" },
    amount: { "pt-BR": "1.234,56", en: "1234.56" },
    description: { "pt-BR": "Comissão de outubro", en: "October commission" },
  },
  {
    name: "Fornecedora Exemplo Ltda",
    key: "11.222.333/0001-81",
    type: { "pt-BR": "CNPJ", en: "CNPJ" },
    amount: { "pt-BR": "2.500,00", en: "2500.00" },
    description: { "pt-BR": "NF 1234", en: "Invoice 1234" },
  },
  {
    name: "João Silva",
    key: "joao.silva@example.com",
    type: { "pt-BR": "e-mail", en: "email" },
    amount: { "pt-BR": "150,00", en: "150.00" },
    description: { "pt-BR": "Reembolso", en: "Refund" },
  },
  {
    name: "Ana Souza",
    key: "(11) 91234-5678",
    type: { "pt-BR": "celular", en: "phone" },
    amount: { "pt-BR": "89,90", en: "89.90" },
    description: { "pt-BR": "Frete", en: "Shipping" },
  },
  {
    name: "Loja Parceira",
    key: "123e4567-e89b-12d3-a456-426614174000",
    type: { "pt-BR": "aleatória", en: "random" },
    amount: { "pt-BR": "10,00", en: "10.00" },
    description: { "pt-BR": "Repasse de vendas", en: "Sales payout" },
  },
];

const TEMPLATE_HEADER: Record<Locale, readonly string[]> = {
  "pt-BR": ["nome", "chave pix", "tipo de chave", "valor", "descrição"],
  en: ["name", "pix key", "key type", "amount", "description"],
};

/**
 * A template to fill in: pt-BR is semicolon-separated with decimal commas (what
 * Excel in a Brazilian locale opens as columns), en comma-separated with
 * decimal points. Its headers are among the names the mapping recognises.
 */
export function batchTemplateCsv(locale: Locale): string {
  const rows = TEMPLATE_ROWS.map((row) => [
    row.name,
    row.key,
    row.type[locale],
    row.amount[locale],
    row.description[locale],
  ]);
  return toCsv(TEMPLATE_HEADER[locale], rows, { delimiter: locale === "pt-BR" ? ";" : "," });
}
