/**
 * Row h (parse): a 5,000-row batch file read and checked in Chromium on
 * /payouts/batch/new, as an operator does it: the file chosen, the columns
 * step shown (the file read and parsed in the page), "Conferir linhas"
 * clicked, the check step shown with its summary and rows. Measured in the
 * page with performance.now(): the file input's change → the columns step's
 * first frame, and the click → the check step's first frame; their sum is the
 * issue's "parse and validate in the browser" (≤ 1 s). The wait between the
 * two is Playwright's, not the page's, so it is left out.
 */
import type { Browser } from "@playwright/test";
import { batchCsv, batchXlsx, BATCH_FILE_ROWS } from "../lib/batch-files";
import { freshContext, withBrowser } from "../lib/browser";
import { repeat, samplesOf, type BenchContext, type Row } from "../lib/context";

interface Probe {
  chosen: number | null;
  mapShown: number | null;
  clicked: number | null;
  checkShown: number | null;
  longTasks: { start: number; duration: number }[];
}

/** Installed before any page script. Plain JavaScript text, so no transpiler helper can leak into the page. */
const PROBE = `(() => {
  const probe = { chosen: null, mapShown: null, clicked: null, checkShown: null, longTasks: [] };
  window.__bench = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });
  let uploadTitle = null;
  document.addEventListener("change", (event) => {
    if (event.target instanceof HTMLInputElement && event.target.type === "file") {
      probe.chosen = performance.now();
      uploadTitle = document.querySelector('[data-testid="batch-step-title"]')?.textContent ?? null;
    }
  }, true);
  document.addEventListener("click", () => { if (probe.mapShown !== null) probe.clicked = performance.now(); }, true);
  const frame = (name) => requestAnimationFrame(() => { if (probe[name] === null) probe[name] = performance.now(); });
  let mapSeen = false;
  let checkSeen = false;
  new MutationObserver(() => {
    if (probe.chosen === null) return;
    const title = document.querySelector('[data-testid="batch-step-title"]')?.textContent ?? null;
    if (!mapSeen && title !== uploadTitle && document.querySelector("select")) { mapSeen = true; frame("mapShown"); }
    if (!checkSeen && probe.clicked !== null && document.querySelector('[data-testid="batch-check-summary"]') && document.querySelector("tbody tr[data-index]")) { checkSeen = true; frame("checkShown"); }
  }).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

type Probed = Probe & { summary: string };

async function readOnce(
  browser: Browser,
  ctx: BenchContext,
  cookie: string,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<Record<string, number>> {
  const context = await freshContext(browser, ctx.app.url, cookie);
  try {
    await context.addInitScript({ content: PROBE });
    const page = await context.newPage();
    await page.goto(`${ctx.app.url}/payouts/batch/new`, { waitUntil: "networkidle", timeout: 60_000 });
    await page.getByLabel("Planilha de repasses (CSV ou .xlsx)").setInputFiles(file);
    // Functions, not strings: the app's CSP forbids eval, which Playwright uses for string predicates.
    await page.waitForFunction(
      () => ((window as unknown as { __bench?: Probe }).__bench?.mapShown ?? null) !== null,
      undefined,
      { timeout: 60_000, polling: 50 },
    );
    await page.getByRole("button", { name: "Conferir linhas" }).click();
    await page.waitForFunction(
      () => ((window as unknown as { __bench?: Probe }).__bench?.checkShown ?? null) !== null,
      undefined,
      { timeout: 60_000, polling: 50 },
    );
    const probe = await page.evaluate(() => {
      const found = (window as unknown as { __bench: Probe }).__bench;
      return { ...found, summary: document.querySelector('[data-testid="batch-check-summary"]')?.textContent ?? "" };
    });
    return measure(probe);
  } finally {
    await context.close();
  }
}

function measure(probe: Probed): Record<string, number> {
  const { chosen, mapShown, clicked, checkShown } = probe;
  if (chosen === null || mapShown === null || clicked === null || checkShown === null)
    throw new Error(`the probe missed a moment: ${JSON.stringify(probe)}`);
  // Every row read and valid: "5000 linhas incluídas · 0 com erro · 0 deixadas de fora" (digits may be grouped).
  if (!/^5\.?000 linhas incluídas · 0 com erro/.test(probe.summary))
    throw new Error(`unexpected check summary: ${probe.summary}`);
  const parse = mapShown - chosen;
  const check = checkShown - clicked;
  const inFlow = probe.longTasks.filter(
    (t) => (t.start >= chosen && t.start <= mapShown) || (t.start >= clicked && t.start <= checkShown),
  );
  return { total: parse + check, parse, check, longest: inFlow.reduce((max, t) => Math.max(max, t.duration), 0) };
}

export const batchParseRow: Row = {
  id: "h",
  title: `batch file of ${BATCH_FILE_ROWS.toLocaleString("en")} rows read and checked in the browser`,
  async run(ctx) {
    await ctx.sandbox.ensure();
    await ctx.app.ensure();
    const cookie = await ctx.app.cookie();
    const csv = { name: "lote.csv", mimeType: "text/csv", buffer: Buffer.from(batchCsv()) };
    const xlsx = {
      name: "lote.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: Buffer.from(await batchXlsx()),
    };
    const results = await withBrowser(ctx, async (browser) => {
      await readOnce(browser, ctx, cookie, csv); // warm the server's page and chunks
      return repeat(ctx.runs, async (i) => {
        const c = await readOnce(browser, ctx, cookie, csv);
        const x = await readOnce(browser, ctx, cookie, xlsx);
        ctx.log(
          `  run ${i + 1}: CSV ${c.total?.toFixed(0)} ms (read ${c.parse?.toFixed(0)} + check ${c.check?.toFixed(0)}, longest task ${c.longest?.toFixed(0)}), XLSX ${x.total?.toFixed(0)} ms (read ${x.parse?.toFixed(0)} + check ${x.check?.toFixed(0)}, longest task ${x.longest?.toFixed(0)})`,
        );
        return {
          csv: c.total ?? 0,
          csvParse: c.parse ?? 0,
          csvCheck: c.check ?? 0,
          csvLongest: c.longest ?? 0,
          xlsx: x.total ?? 0,
          xlsxParse: x.parse ?? 0,
          xlsxCheck: x.check ?? 0,
        };
      });
    });
    const rows = BATCH_FILE_ROWS.toLocaleString("en");
    return [
      {
        name: `h. ${rows}-row CSV: file chosen → check step with every row (read + check)`,
        unit: "ms",
        samples: samplesOf(results, "csv"),
        goal: { better: "lower", target: 1000 },
      },
      {
        name: `h. ${rows}-row .xlsx: file chosen → check step with every row (read + check)`,
        unit: "ms",
        samples: samplesOf(results, "xlsx"),
        goal: { better: "lower", target: 1000 },
      },
      {
        name: "h. CSV: file chosen → columns step (read, parse, map, validate every row)",
        unit: "ms",
        samples: samplesOf(results, "csvParse"),
      },
      {
        name: 'h. CSV: "Conferir linhas" → check step drawn (summary, table)',
        unit: "ms",
        samples: samplesOf(results, "csvCheck"),
      },
      { name: "h. .xlsx: file chosen → columns step", unit: "ms", samples: samplesOf(results, "xlsxParse") },
      { name: 'h. .xlsx: "Conferir linhas" → check step drawn', unit: "ms", samples: samplesOf(results, "xlsxCheck") },
      {
        name: "h. CSV: longest task in the page while reading and checking",
        unit: "ms",
        samples: samplesOf(results, "csvLongest"),
      },
    ];
  },
};
