/**
 * The payout register's reconciliation tools against the real sandbox and a real PGlite: the date range read in the
 * business's zone (São Paulo, −03:00) with the last day whole, the totals of every filtered row summed by the ledger,
 * the holder's name from the API's read of the payout, and the export of exactly the filtered rows.
 */
import { and, eq, sql } from "drizzle-orm";
import { readSheet } from "read-excel-file/node";
import { describe, expect, it } from "vitest";
import * as exportRoute from "@/app/api/payouts/export/route";
import * as payouts from "@/app/api/payouts/route";
import * as totalsRoute from "@/app/api/payouts/totals/route";
import { getLedger } from "@/lib/server/ledger";
import { payouts as payoutsTable } from "@/lib/server/ledger/schema";
import { parseCsv } from "@/lib/shared/csv";
import { dateWindowIso } from "@/lib/shared/format/date-window";
import { REGISTER_EXPORT_MAX_ROWS, type RegisterPayout, type RegisterTotals } from "@/lib/shared/schemas/register";
import { holderNameFor } from "@/sandbox/pix-rules";
import { ACME, APP_ORIGIN, call, newKey, type CallResult } from "../helpers/bff";
import { setUpBffHarness } from "../helpers/bff-suite";

const bff = setUpBffHarness();
const ZONE = "America/Sao_Paulo";

function createPayout(key: string, amount: number, pixKey = "fornecedor@example.com"): Promise<CallResult> {
  return call(payouts.POST, "/api/payouts", {
    method: "POST",
    cookie: bff.cookie,
    idempotencyKey: key,
    body: { amount_centavos: amount, pix_key_type: "email", pix_key: pixKey },
  });
}

/** Moves a row's creation time (the ledger writes now(); the range is about where a row falls). */
async function createdAt(key: string, iso: string): Promise<void> {
  const ledger = await getLedger();
  await ledger.db
    .update(payoutsTable)
    .set({ createdAt: new Date(iso) })
    .where(and(eq(payoutsTable.businessId, ACME.businessId), eq(payoutsTable.idempotencyKey, key)));
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

async function listed(params: Record<string, string>): Promise<RegisterPayout[]> {
  const result = await call(payouts.GET, `/api/payouts?${query({ ...params, limit: "500" })}`, { cookie: bff.cookie });
  expect(result.status, result.text).toBe(200);
  return (result.json.data as { items: RegisterPayout[] }).items;
}

async function totals(params: Record<string, string>): Promise<RegisterTotals> {
  const result = await call(totalsRoute.GET, `/api/payouts/totals?${query(params)}`, { cookie: bff.cookie });
  expect(result.status, result.text).toBe(200);
  return result.json.data as RegisterTotals;
}

/** The export's reply, its body as bytes (an .xlsx is not text), read in the language and zone of `cookies`. */
async function exported(params: Record<string, string>, cookies = ""): Promise<{ response: Response; bytes: Buffer }> {
  const response = await exportRoute.GET(
    new Request(`${APP_ORIGIN}/api/payouts/export?${query(params)}`, {
      headers: { host: "127.0.0.1:3000", cookie: [bff.cookie, cookies].filter(Boolean).join("; ") },
    }),
  );
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Reais as the pt-BR CSV writes them ("1234,56", "" for none) → centavos. */
const centavosOf = (cell: string | undefined) => (cell ? Math.round(Number(cell.replace(",", ".")) * 100) : 0);

/** The pt-BR CSV export's lines as objects by header, and the sums of its money columns. */
async function csvExport(params: Record<string, string>) {
  // No language or zone cookie: Portuguese and São Paulo, the defaults.
  const { response, bytes } = await exported({ ...params, format: "csv" });
  expect(response.status, bytes.toString("utf8")).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/csv");
  expect(response.headers.get("content-disposition")).toMatch(/filename="repasses-\d{4}-\d{2}-\d{2}\.csv"/);
  const [header = [], ...lines] = parseCsv(bytes.toString("utf8"), ";").filter((line) => line.some((c) => c !== ""));
  const rows = lines.map((line) => Object.fromEntries(header.map((name, i) => [name, line[i] ?? ""])));
  const sum = (column: string) => rows.reduce((total, row) => total + centavosOf(row[column]), 0);
  return { header, rows, sums: { amount: sum("Valor"), fee: sum("Tarifa"), net: sum("Valor líquido") } };
}

/** The .xlsx export's rows (header first) and the sums of its money columns (number cells in reais). */
async function xlsxExport(params: Record<string, string>) {
  const { response, bytes } = await exported(
    { ...params, format: "xlsx" },
    `locale=en; tz=${encodeURIComponent(ZONE)}`,
  );
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("spreadsheetml");
  const cells = await readSheet(bytes);
  const [header = [], ...rows] = cells;
  const column = (name: string) => header.indexOf(name);
  const sum = (name: string) =>
    rows.reduce((total, row) => {
      const value = row[column(name)];
      return total + (typeof value === "number" ? Math.round(value * 100) : 0);
    }, 0);
  return { header, rows, sums: { amount: sum("Amount"), fee: sum("Fee"), net: sum("Net amount") } };
}

describe("the register's date range, totals and holder (São Paulo days)", () => {
  // 9 and 10 May 2030 in São Paulo (−03:00 all year since 2019): from 03:00 UTC on the 9th to 03:00 UTC on the 11th.
  const window = dateWindowIso("2030-05-09", "2030-05-10", ZONE);
  const range = { from: window.start ?? "", to: window.end ?? "" };
  const keys = {
    firstMinute: newKey("range-first"), // 00:00 local on the 9th: in
    lastMinute: newKey("range-last"), // 23:59 local on the 10th (02:59 UTC on the 11th), failed: in, no fee/net
    nextDay: newKey("range-next"), // 00:00 local on the 11th (03:00 UTC): out
    dayBefore: newKey("range-before"), // 23:59:59 local on the 8th: out
    pending: newKey("range-pending"), // midday on the 10th, still pending: in, fee known
  };
  const amounts = { firstMinute: 10_000, lastMinute: 20_000, nextDay: 30_000, dayBefore: 40_000, pending: 50_000 };

  it("turns the days into the instants of the zone: the last day runs to 23:59:59.999 local", () => {
    expect(range).toEqual({ from: "2030-05-09T03:00:00Z", to: "2030-05-11T03:00:00Z" });
  });

  it("lists, totals and names exactly the rows created in the range", async () => {
    expect((await createPayout(keys.firstMinute, amounts.firstMinute)).status).toBe(201);
    expect((await createPayout(keys.lastMinute, amounts.lastMinute, "naoexiste@example.com")).status).toBe(201);
    expect((await createPayout(keys.nextDay, amounts.nextDay)).status).toBe(201);
    expect((await createPayout(keys.dayBefore, amounts.dayBefore)).status).toBe(201);
    await createdAt(keys.firstMinute, "2030-05-09T03:00:00Z");
    await createdAt(keys.lastMinute, "2030-05-11T02:59:00Z");
    await createdAt(keys.nextDay, "2030-05-11T03:00:00Z");
    await createdAt(keys.dayBefore, "2030-05-09T02:59:59Z");
    // Past settlement and the register's refresh age: reading the list reads each payout back (status, holder).
    await bff.harness.clock.skip(3_001);
    await listed(range);
    expect((await createPayout(keys.pending, amounts.pending)).status).toBe(201);
    await createdAt(keys.pending, "2030-05-10T15:00:00Z");

    const rows = await listed(range);
    const byKey = new Map(rows.map((row) => [row.idempotency_key, row]));
    expect([...byKey.keys()].sort()).toEqual([keys.firstMinute, keys.lastMinute, keys.pending].sort());
    expect(byKey.get(keys.firstMinute)).toMatchObject({ status: "paid", fee_centavos: 100, net_centavos: 9_900 });
    expect(byKey.get(keys.lastMinute)).toMatchObject({ status: "failed", fee_centavos: 200 });
    expect(byKey.get(keys.pending)).toMatchObject({ status: "pending", fee_centavos: 500 });
    // The holder as the API named it when the payout was read back (the create answer does not carry it).
    expect(byKey.get(keys.firstMinute)?.holder_name).toBe(holderNameFor("email", "fornecedor@example.com"));
    // A key DICT does not know has no account behind it: no holder, not a made-up one.
    expect(byKey.get(keys.lastMinute)?.holder_name).toBeNull();

    // The failed payout counts and adds its amount, never a fee or a net (lib/shared/payouts/fee-and-net.ts).
    expect(await totals(range)).toEqual({
      count: 3,
      amount_centavos: 80_000,
      fee_centavos: 100 + 500,
      net_centavos: 9_900 + 49_500,
      fee_count: 2,
    });
    // The next day alone holds the row at 00:00 local on the 11th.
    const nextDayOnly = dateWindowIso("2030-05-11", "2030-05-11", ZONE);
    expect(
      (await listed({ from: nextDayOnly.start ?? "", to: nextDayOnly.end ?? "" })).map((r) => r.idempotency_key),
    ).toEqual([keys.nextDay]);
    expect(await totals({ ...range, status: "paid" })).toMatchObject({ count: 1, amount_centavos: 10_000 });
  });

  it("exports exactly the filtered rows: the totals equal the sums of the exported rows (CSV and .xlsx)", async () => {
    const sum = await totals(range);
    const csv = await csvExport(range);
    expect(csv.rows).toHaveLength(sum.count);
    expect(csv.rows.map((row) => row["Chave de idempotência"]).sort()).toEqual(
      [keys.firstMinute, keys.lastMinute, keys.pending].sort(),
    );
    expect(csv.sums).toEqual({ amount: sum.amount_centavos, fee: sum.fee_centavos, net: sum.net_centavos });
    // pt-BR: statuses in words, dates dd/mm/aaaa in the zone (the 23:59 local row is on the 10th), the holder named.
    const last = csv.rows.find((row) => row["Chave de idempotência"] === keys.lastMinute);
    expect(last).toMatchObject({
      Status: "Falhou",
      Valor: "200,00",
      Tarifa: "",
      "Valor líquido": "",
      "Criado em (America/Sao_Paulo)": "10/05/2030 23:59:00",
      Titular: "",
    });
    expect(csv.rows.find((row) => row["Chave de idempotência"] === keys.firstMinute)).toMatchObject({
      "Criado em (America/Sao_Paulo)": "09/05/2030 00:00:00",
      Titular: holderNameFor("email", "fornecedor@example.com"),
    });

    const xlsx = await xlsxExport(range);
    expect(xlsx.rows).toHaveLength(sum.count);
    expect(xlsx.sums).toEqual({ amount: sum.amount_centavos, fee: sum.fee_centavos, net: sum.net_centavos });
    expect(xlsx.header).toContain("Holder");
  });

  it("searches the holder's name", async () => {
    const holder = holderNameFor("email", "fornecedor@example.com");
    const rows = await listed({ ...range, search: holder.toUpperCase() });
    expect(rows.map((row) => row.idempotency_key).sort()).toEqual([keys.firstMinute, keys.pending].sort());
    expect(rows.every((row) => row.holder_name === holder)).toBe(true);
  });

  it.each([
    ["from", "1999-12-31T23:59:59Z", "validation.dateOutOfRange"],
    ["to", "2100-01-01T00:00:00.001Z", "validation.dateOutOfRange"],
    ["from", "2030-05-09", "validation.isoDate"],
  ])("%s=%s → 422 naming it, for the list, the totals and the export", async (field, value, message) => {
    for (const [handler, path] of [
      [payouts.GET, "/api/payouts?"],
      [totalsRoute.GET, "/api/payouts/totals?"],
      [exportRoute.GET, "/api/payouts/export?format=csv&"],
    ] as const) {
      const result = await call(handler, `${path}${query({ [field]: value })}`, { cookie: bff.cookie });
      expect(result.status, result.text).toBe(422);
      expect(result.json.error?.fields?.[field]).toBe(message);
    }
  });
});

describe("the register's totals and export with many rows", () => {
  it("sums every filtered row in SQL, as exact integers, and exports all of them (more than one ledger page)", async () => {
    const ledger = await getLedger();
    const prefix = newKey("bulk");
    const values = Array.from({ length: 250 }, (_, i) => ({
      businessId: ACME.businessId,
      idempotencyKey: `${prefix}-${i}`,
      state: "submitted" as const,
      payoutId: `po_${prefix}_${i}`,
      status: i % 5 === 0 ? "failed" : "paid",
      amountCentavos: 1_000 + i,
      feeCentavos: 10,
      netCentavos: 990 + i,
      pixKeyType: "email",
      pixKeyMasked: "f***@example.com",
      createdByName: "Bulk",
      createdByRole: "operator",
      createdAt: new Date(Date.UTC(2031, 0, 10, 12, 0, i % 60)),
    }));
    await ledger.db.insert(payoutsTable).values(values);
    const window = dateWindowIso("2031-01-10", "2031-01-10", ZONE);
    const sum = await totals({ from: window.start ?? "", to: window.end ?? "" });
    const counted = values.filter((v) => v.status !== "failed");
    expect(sum).toEqual({
      count: 250,
      amount_centavos: values.reduce((a, v) => a + v.amountCentavos, 0),
      fee_centavos: counted.length * 10,
      net_centavos: counted.reduce((a, v) => a + v.netCentavos, 0),
      fee_count: counted.length,
    });
    const range = { from: window.start ?? "", to: window.end ?? "" };
    const csv = await csvExport(range);
    expect(csv.rows).toHaveLength(250);
    expect(csv.sums).toEqual({ amount: sum.amount_centavos, fee: sum.fee_centavos, net: sum.net_centavos });
    const xlsx = await xlsxExport(range);
    expect(xlsx.rows).toHaveLength(250);
    expect(xlsx.sums).toEqual(csv.sums);
  });

  it("refuses an export past the row cap (422 export_too_large), never a file cut short", async () => {
    const ledger = await getLedger();
    const prefix = newKey("cap");
    // One statement on the database side: ten thousand inserts from here would take most of the test's time.
    await ledger.db.execute(sql`
      INSERT INTO payouts (business_id, idempotency_key, state, amount_centavos, pix_key_type, pix_key_masked,
                           created_by_name, created_by_role, created_at)
      SELECT ${ACME.businessId}, ${prefix} || '-' || g, 'rejected', 100, 'email', 'f***@example.com', 'Cap', 'operator',
             '2032-03-01T15:00:00Z'::timestamptz
      FROM generate_series(1, ${REGISTER_EXPORT_MAX_ROWS + 1}) AS g`);
    const window = dateWindowIso("2032-03-01", "2032-03-01", ZONE);
    const range = { from: window.start ?? "", to: window.end ?? "" };
    expect((await totals(range)).count).toBe(REGISTER_EXPORT_MAX_ROWS + 1);
    const result = await call(exportRoute.GET, `/api/payouts/export?${query({ ...range, format: "xlsx" })}`, {
      cookie: bff.cookie,
    });
    expect(result.status, result.text).toBe(422);
    expect(result.json.error).toMatchObject({
      code: "export_too_large",
      details: { count: REGISTER_EXPORT_MAX_ROWS + 1, max_rows: REGISTER_EXPORT_MAX_ROWS },
    });
    await ledger.db.delete(payoutsTable).where(eq(payoutsTable.createdByName, "Cap"));
  });
});
