/** docs/benchmarks.md, written by `npm run bench` from one run's results. */
import { machineLines, tableRows, type Machine } from "./report";
import type { ReportLine } from "./measurement";

const METHOD = `## How each row is measured

\`npm run bench\` (\`bench/run.ts\`, one module per row in \`bench/rows/\`) builds the app
(\`--no-build\` reuses \`.next\`), starts the sandbox (\`npm run sandbox\`'s CLI, rate limit
off, fresh data folder) and the production server (\`next start\`, fresh data folder,
embedded PGlite unless a row says otherwise) on ports of their own, signs in with
Acme's demo key, and runs every row several times. Each row's figures come from the
same run, so ratios compare like with like on a loaded machine. A row that cannot run
(no Chromium, no PostgreSQL) prints one "not measured" line and the others still run;
\`--only a,c\` runs some rows (and then writes nothing to docs/).

- **a** autocannon, 10 connections, 8 s per route, after a 3 s warm-up of each:
  \`GET /api/health\` (the trivial route), \`GET /api/session\` and \`GET /api/payment-links\`
  (the sandbox's 12 demo links) back to back; the ratio is successful responses per second.
- **b** 1,000 sequential requests over one keep-alive connection to the sandbox's
  \`GET /v1/payment-links\`, then as many to the BFF's \`GET /api/payment-links\`; the
  difference of the two p50s.
- **c** Playwright with the system Chromium: every main route in a new browser context
  (empty cache), loaded until the network is idle; the sum of the encoded (as
  transferred, gzip from \`next start\`) body sizes of all script responses. 1 kB = 1,000 bytes.
- **d** Lighthouse 12's default (mobile) config with its simulated throttling, in the
  system Chromium (headless, the e2e suite's flags); the session cookie is sent as an
  extra header on signed-in pages, in a plain-Node worker (\`bench/lighthouse-worker.mjs\`);
  a page whose trace breaks (NO_NAVSTART on a loaded machine) is tried up to 3 times.
- **e** The sandbox seeded with \`--seed-links 10000 --seed-chargebacks 10000\`. An init
  script in the page records \`performance.now()\` when the first table row
  (\`tbody tr[data-index]\`) appears (navigation starts at 0); for the filter, the time of
  the last \`keydown\` and of the frame after the table's last DOM change, after typing a
  query with 120 ms between keys; long tasks (PerformanceObserver \`longtask\`, > 50 ms)
  between the first keystroke and that frame count as dropped frames.
- **f** RSS of the \`next start\` process (with \`npm start\`'s V8 heap limits, \`scripts/node-options.ts\`)
  and its children (from /proc): 5 s after a fresh
  start and sign-in, and the peak (sampled every 100 ms) under row a's load. Start-up:
  \`tsx scripts/launch.ts start\` (what \`npm start\` runs) with a fresh data folder, so the
  ledger's migrations run, reusing the bench's sandbox; time to the first 200 of
  \`GET /api/health\` and of the sign-in page.
- **g** autocannon, 10 connections, 8 s: \`GET /api/payment-links\`, then \`POST /api/payouts\`
  with a fresh \`Idempotency-Key\` on every request (so each is a payout upstream plus its
  ledger writes), on the embedded PGlite and on a throwaway PostgreSQL
  (\`/usr/lib/postgresql/*/bin\`, or \`BENCH_DATABASE_URL\`), each with its own fresh server.
  Then the sandbox's own \`GET /v1/payment-links\` with 100 and with 10,000 links.
- **h** (parse, \`bench/rows/h-batch-parse.ts\`) Playwright with the system Chromium, a fresh
  context per run, on \`/payouts/batch/new\`: a 5,000-row CSV, then the same rows as an
  .xlsx, set on the file input; an init script records \`performance.now()\` at the input's
  \`change\`, at the frame the columns step appears, at the click on "Conferir linhas" and at
  the frame the check step shows its summary and rows. Read + check = (columns step − change)
  + (check step − click): Playwright's own wait between the two is left out.
- **i** (send, \`bench/rows/h-batch-send.ts\`) a fresh sandbox WITH its default rate limit
  (100 requests/s per credential) and a fresh server (PGlite, default batch settings) per
  run; a 5,000-row batch created and confirmed through the BFF, its progress read about as
  often as the progress page does (every 100 ms near the end) until no row is pending or
  being sent. Rows/s = rows ÷ (last answer − confirm); the ratio is over the limit's 100/s.
  Then the same with a throwaway PostgreSQL as the ledger, a fresh one per run (\`BENCH_DATABASE_URL\`:
  that one database for every run).
- **j** (\`bench/rows/j-dev-server.ts\`) a newcomer's first \`npm run dev\`: the launcher in development mode
  with \`.next/dev\` removed (a cold Turbopack cache), reusing the bench's sandbox and a fresh data folder, from
  spawn to the sign-in page's first 200; then \`/login\`, \`/api/health\` and \`/setup\`, counting the lines it
  printed with "warn" or "error". Beside it, in the same run, \`next dev\` of an empty App Router app (one
  layout, one page, written to \`.bench-empty-app/\` in the project so it uses the same Next.js and
  node_modules) to its first 200: the framework's own floor on this machine, and the ratio of the two.
- **k** (\`bench/rows/k-insights.ts\`) a register of 100,000 payouts of one business over 120 days
  (\`bench/lib/seed-register.ts\`, one INSERT: the register's hourly summary is filled by its triggers, as by any
  write, and folded by the app's housekeeping when it starts; on PostgreSQL both tables vacuumed after they are
  filled, as autovacuum would), on PGlite and on PostgreSQL: \`GET /api/insights/payouts?window=90d\` 15 times after two warm-up requests, one at a time; then
  \`/insights?window=90d\` asked once without a browser (the route's first render since the start, its own line)
  and loaded in a fresh Chromium context per run: navigation → the first headline figure painted (its Element
  Timing entry).
`;

export function renderDoc(machine: Machine, lines: readonly ReportLine[]): string {
  return [
    "# Benchmarks",
    "",
    "Written by `npm run bench` (do not edit by hand); the same figures are in `bench/results.json`.",
    "Goals are the product's performance goals (docs/performance.md). The machine is shared and loaded, so read the figures with the load average below.",
    "Each gap links to the section of `docs/performance.md` that explains it with its profile.",
    "",
    "## Machine",
    "",
    ...machineLines(machine),
    "",
    "## Results",
    "",
    ...tableRows(lines),
    "",
    METHOD,
  ].join("\n");
}
