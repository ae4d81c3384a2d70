/**
 * Runs Lighthouse for bench row d in plain Node: under tsx, the functions Lighthouse
 * sends into the page would carry tsx's `__name` helper and fail there.
 * Input (stdin, JSON): { chromePath, chromeFlags, pages: [{ url, cookie }] }.
 * Output (stdout, JSON): [{ url, finalUrl, performance, accessibility, error }] (scores 0-100).
 * With `details: true` in the input, each result also has `details`: the metrics, the LCP
 * element, the main-thread breakdown and script evaluation per script (bench/lighthouse-profile.ts).
 * A page whose audit fails (on a loaded machine the trace sometimes breaks: NO_NAVSTART)
 * is tried up to ATTEMPTS times; after that its scores are null, with the error.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const input = JSON.parse(Buffer.concat(chunks).toString("utf8"));

const ATTEMPTS = 3;

async function audit(port, page) {
  const result = await lighthouse(page.url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility"],
    ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
  });
  const lhr = result?.lhr;
  const score = (name) => {
    const value = lhr?.categories?.[name]?.score;
    return typeof value === "number" ? Math.round(value * 100) : null;
  };
  return {
    url: page.url,
    finalUrl: lhr?.finalDisplayedUrl ?? null,
    performance: score("performance"),
    accessibility: score("accessibility"),
    error: lhr?.runtimeError?.message ?? null,
    ...(input.details && lhr ? { details: detailsOf(lhr) } : {}),
  };
}

/** Where the score is lost: the metrics, and where the main thread's time goes. */
function detailsOf(lhr) {
  const audits = lhr.audits;
  const metric = (id) => ({ ms: audits[id]?.numericValue ?? null, score: audits[id]?.score ?? null });
  const items = (id) => audits[id]?.details?.items ?? [];
  return {
    metrics: {
      FCP: metric("first-contentful-paint"),
      LCP: metric("largest-contentful-paint"),
      TBT: metric("total-blocking-time"),
      CLS: metric("cumulative-layout-shift"),
      SI: metric("speed-index"),
    },
    lcpElement: items("largest-contentful-paint-element")[0]?.items?.[0]?.node?.snippet ?? null,
    lcpPhases: items("largest-contentful-paint-element")[1]?.items ?? null,
    mainThread: items("mainthread-work-breakdown").map((i) => ({ group: i.groupLabel, ms: Math.round(i.duration) })),
    bootup: items("bootup-time").map((i) => ({
      url: i.url,
      total: Math.round(i.total),
      scripting: Math.round(i.scripting),
      parse: Math.round(i.scriptParseCompile),
    })),
    renderBlocking: items("render-blocking-resources").map((i) => ({ url: i.url, wastedMs: i.wastedMs })),
    throttling: lhr.configSettings?.throttling ?? null,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
  };
}

const chrome = await chromeLauncher.launch({
  chromePath: input.chromePath,
  chromeFlags: input.chromeFlags,
  logLevel: "silent",
});
const out = [];
try {
  for (const page of input.pages) {
    let outcome = null;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      try {
        outcome = await audit(chrome.port, page);
      } catch (error) {
        outcome = {
          url: page.url,
          finalUrl: null,
          performance: null,
          accessibility: null,
          error: error instanceof Error ? error.message : String(error),
        };
      }
      if (outcome.performance !== null && outcome.accessibility !== null && outcome.error === null) break;
    }
    out.push(outcome);
  }
} finally {
  await chrome.kill();
}
process.stdout.write(JSON.stringify(out));
