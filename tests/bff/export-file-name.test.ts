/**
 * The payout register's download (GET /api/payouts/export) is named in the reader's language, read from the same
 * cookie as its headers and codes, ASCII only: "repasses-<day>.csv" in Portuguese (the default), "payouts-<day>.csv"
 * in English. Against the real sandbox and a real PGlite.
 */
import { describe, expect, it } from "vitest";
import * as exportRoute from "@/app/api/payouts/export/route";
import { call } from "../helpers/bff";
import { setUpBffHarness } from "../helpers/bff-suite";

const bff = setUpBffHarness();

async function disposition(format: "csv" | "xlsx", cookies = ""): Promise<string> {
  const result = await call(exportRoute.GET, `/api/payouts/export?format=${format}`, {
    cookie: [bff.cookie, cookies].filter(Boolean).join("; "),
  });
  expect(result.status, result.text).toBe(200);
  return result.headers.get("content-disposition") ?? "";
}

describe("the payout register's file name", { timeout: 120_000 }, () => {
  it("follows the request's language, as the file's headers do", async () => {
    const portuguese = await disposition("csv");
    expect(portuguese).toMatch(/^attachment; filename="repasses-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''repasses-/);
    expect(await disposition("xlsx", "locale=pt-BR")).toMatch(/filename="repasses-\d{4}-\d{2}-\d{2}\.xlsx"/);
    expect(await disposition("csv", "locale=en")).toMatch(/filename="payouts-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(await disposition("xlsx", "locale=en")).toMatch(/filename="payouts-\d{4}-\d{2}-\d{2}\.xlsx"/);
    // The day is the zone's: a zone far ahead of São Paulo may name another day, never another list.
    expect(await disposition("csv", "locale=en; tz=Pacific%2FKiritimati")).toMatch(
      /filename="payouts-\d{4}-\d{2}-\d{2}\.csv"/,
    );
  });
});
