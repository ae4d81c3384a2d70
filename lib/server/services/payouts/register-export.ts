import "server-only";
import { listPayouts, sumPayouts, type PayoutRecord } from "@/lib/server/ledger";
import { MAX_PAGE_SIZE } from "@/lib/server/ledger/query";
import { serverClock } from "@/lib/server/clock";
import { BffError } from "@/lib/server/errors/bff-error";
import { exportDownload, type ExportRequest } from "@/lib/server/export";
import type { Download, ServiceDeps } from "@/lib/server/services/context";
import { registerView } from "@/lib/server/services/payouts/issue";
import { ledgerFilter } from "@/lib/server/services/payouts/lookup";
import { REGISTER_SHEET } from "@/lib/shared/payouts/register-export";
import { REGISTER_EXPORT_MAX_ROWS, type RegisterFilter } from "@/lib/shared/schemas/register";

function tooLarge(count: number): BffError {
  return new BffError(
    "export_too_large",
    `These filters match ${count} payouts; one file holds at most ${REGISTER_EXPORT_MAX_ROWS}. Narrow the dates.`,
    { details: { count, max_rows: REGISTER_EXPORT_MAX_ROWS } },
  );
}

/**
 * Every register row under the filters, as a CSV or an .xlsx in the person's language and zone: the rows
 * the list pages through (the same ledger query, read MAX_PAGE_SIZE at a time), as recorded, without the list's
 * upstream refresh, so the file adds up to GET /api/payouts/totals for the same filters. More than
 * REGISTER_EXPORT_MAX_ROWS rows is a 422 `export_too_large`, never a file cut short.
 */
export async function exportRegister(
  deps: Pick<ServiceDeps, "ledger" | "businessId">,
  query: RegisterFilter,
  request: ExportRequest,
): Promise<Download> {
  const { ledger, businessId } = deps;
  const filter = ledgerFilter(query);
  const { count } = await sumPayouts(ledger, businessId, filter);
  if (count > REGISTER_EXPORT_MAX_ROWS) throw tooLarge(count);
  const records: PayoutRecord[] = [];
  let cursor: string | null = null;
  do {
    const page = await listPayouts(ledger, businessId, { ...filter, limit: MAX_PAGE_SIZE, cursor });
    records.push(...page.items);
    // Rows written since the count can pass the cap: refused as well.
    if (records.length > REGISTER_EXPORT_MAX_ROWS) throw tooLarge(records.length);
    cursor = page.nextCursor;
  } while (cursor);
  return exportDownload(request, REGISTER_SHEET, records.map(registerView), { now: serverClock().now() });
}
