/**
 * Shared helpers for the end-to-end journeys: the `test` every spec uses (with
 * the CSP guard), signing in through the BFF (the sign-in journey itself uses
 * the form), sandbox fault control, and the axe check.
 */
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { ACME as SANDBOX_ACME, BETA as SANDBOX_BETA } from "../../sandbox/businesses";

export { expect };

/** What a page reported (window array name and binding name are the guard's own). */
interface CspViolation {
  documentURI: string;
  effectiveDirective: string;
  blockedURI: string;
  sourceFile: string;
  lineNumber: number;
  sample: string;
}

const VIOLATIONS_ARRAY = "__pixopsCspViolations";
const VIOLATION_BINDING = "__pixopsReportCspViolation";

export interface CspViolationsSeen {
  /** Reported at once by the pages' listeners (through a binding). */
  reported: string[];
  /** Still in the window arrays of the pages that are open now. */
  inPages: string[];
  /** Console messages that mention the Content Security Policy. */
  console: string[];
}

export interface CspGuard {
  /** What has been seen so far, without forgetting it. */
  seen(): Promise<CspViolationsSeen>;
  /** For the guard's own test only: returns what was seen and forgets it, so that test can end green. */
  takeAll(): Promise<CspViolationsSeen>;
}

function describeViolation(v: CspViolation): string {
  return `${v.effectiveDirective} blocked ${v.blockedURI || "(inline)"} on ${v.documentURI}${v.sourceFile ? ` (${v.sourceFile}:${v.lineNumber})` : ""}${v.sample ? `: ${v.sample}` : ""}`;
}

/**
 * Watches every page of the test's browser context for Content Security Policy
 * violations: a `securitypolicyviolation` listener installed before any page
 * script runs (reported at once through a binding, and kept in a window array
 * that is read again at the end for pages still open), plus console messages
 * that mention the Content Security Policy (Chromium logs every refusal).
 */
async function installCspGuard(context: BrowserContext): Promise<CspGuard> {
  let reported: string[] = [];
  let consoleLines: string[] = [];
  await context.exposeBinding(VIOLATION_BINDING, (_source, violation: CspViolation) => {
    reported.push(describeViolation(violation));
  });
  await context.addInitScript(
    ({ arrayName, bindingName }) => {
      const store = window as unknown as Record<string, unknown>;
      const list: unknown[] = [];
      store[arrayName] = list;
      document.addEventListener(
        "securitypolicyviolation",
        (event) => {
          const violation = {
            documentURI: event.documentURI,
            effectiveDirective: event.effectiveDirective,
            blockedURI: event.blockedURI,
            sourceFile: event.sourceFile,
            lineNumber: event.lineNumber,
            sample: event.sample,
          };
          list.push(violation);
          const report = store[bindingName];
          if (typeof report === "function") void (report as (v: unknown) => Promise<void>)(violation);
        },
        true,
      );
    },
    { arrayName: VIOLATIONS_ARRAY, bindingName: VIOLATION_BINDING },
  );
  context.on("console", (message) => {
    if (/content security policy/i.test(message.text()))
      consoleLines.push(`console on ${message.page()?.url() ?? "?"}: ${message.text()}`);
  });

  const inOpenPages = async (clear: boolean): Promise<string[]> => {
    const found: string[] = [];
    for (const page of context.pages()) {
      if (page.isClosed()) continue;
      const list = await page
        .evaluate(
          ({ arrayName, clear: clearIt }) => {
            const store = window as unknown as Record<string, unknown>;
            const current = Array.isArray(store[arrayName]) ? (store[arrayName] as unknown[]) : [];
            const copy = [...current];
            if (clearIt) current.length = 0;
            return copy as CspViolation[];
          },
          { arrayName: VIOLATIONS_ARRAY, clear },
        )
        // A page that is navigating or closing has nothing more to say; its reports went through the binding.
        .catch(() => [] as CspViolation[]);
      found.push(...list.map(describeViolation));
    }
    return found;
  };

  return {
    seen: async () => ({ reported: [...reported], inPages: await inOpenPages(false), console: [...consoleLines] }),
    takeAll: async () => {
      const taken = { reported, inPages: await inOpenPages(true), console: consoleLines };
      reported = [];
      consoleLines = [];
      return taken;
    },
  };
}

/**
 * The `test` of every journey: as Playwright's, plus an automatic CSP guard on
 * the test's browser context that fails the test if any page reported a
 * Content Security Policy violation.
 */
/**
 * What a journey's browser may print as an error without failing it: the line Chromium logs for every HTTP
 * answer that is not a 2xx (a refusal or an outage the page shows in its own words; the journeys inject many on
 * purpose). Anything else in red — a script error, a React hydration or markup warning, an uncaught page error —
 * fails the journey that caused it.
 */
const EXPECTED_CONSOLE_ERRORS: readonly RegExp[] = [
  /^Failed to load resource: the server responded with a status of \d{3}/,
];
/** React's warnings that mean the browser rebuilt (or will rebuild) what the server rendered. */
const HYDRATION_WARNING =
  /hydrat|did not match|cannot be a descendant of|cannot contain a nested|cannot be a child of/i;

export const test = base.extend<{
  cspGuard: CspGuard;
  allowedConsoleErrors: RegExp[];
  consoleGuard: void;
  hydrated: void;
}>({
  /** A journey that provokes a browser error on purpose names it here (`test.use({ allowedConsoleErrors: [...] })`). */
  allowedConsoleErrors: [[], { option: true }],
  consoleGuard: [
    async ({ context, allowedConsoleErrors }, use) => {
      const seen: string[] = [];
      const allowed = [...EXPECTED_CONSOLE_ERRORS, ...allowedConsoleErrors];
      context.on("console", (message) => {
        const text = message.text();
        const counts = message.type() === "error" || (message.type() === "warning" && HYDRATION_WARNING.test(text));
        if (counts && !allowed.some((pattern) => pattern.test(text)))
          seen.push(`${message.type()} on ${message.page()?.url() ?? "?"}: ${text.slice(0, 500)}`);
      });
      context.on("weberror", (error) => {
        const text = error.error().message;
        if (!allowed.some((pattern) => pattern.test(text)))
          seen.push(`uncaught on ${error.page()?.url() ?? "?"}: ${text.slice(0, 500)}`);
      });
      await use();
      expect(seen, "console errors, hydration warnings and uncaught errors in the journey's browser").toEqual([]);
    },
    { auto: true },
  ],
  /** Every page of the journey's context waits for hydration after `goto` and `reload` (expectPageHydrated). */
  hydrated: [
    async ({ context }, use) => {
      hydrateOnLoads(context);
      await use();
    },
    { auto: true },
  ],
  cspGuard: [
    async ({ context }, use) => {
      const guard = await installCspGuard(context);
      await use(guard);
      const seen = await guard.seen();
      // A page's listener reports each violation twice (binding and window array): either is enough to fail.
      expect(
        [...new Set([...seen.reported, ...seen.inPages]), ...seen.console],
        "Content Security Policy violations reported by the browser",
      ).toEqual([]);
    },
    { auto: true },
  ],
});

/** The demo credentials, from their one home (sandbox/businesses.ts). */
export const ACME = {
  apiKey: SANDBOX_ACME.apiKey,
  accessToken: SANDBOX_ACME.accessToken,
  businessId: SANDBOX_ACME.id,
} as const;
export const BETA = {
  apiKey: SANDBOX_BETA.apiKey,
  accessToken: SANDBOX_BETA.accessToken,
  businessId: SANDBOX_BETA.id,
} as const;

export const SANDBOX_URL = `http://127.0.0.1:${process.env.E2E_SANDBOX_PORT ?? 4110}`;

/** Same origin as playwright.config.ts's baseURL. */
export const APP_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;

/** The demo people's password (lib/server/services/workspace/sandbox-people.ts): the sandbox's, public. */
export const DEMO_PASSWORD = "sandbox-demo-password";

export type Role = "owner" | "admin" | "operator" | "finance" | "support";
export type DemoBusiness = "acme" | "beta";

/** Each role's demo person, the same names in every demo business (sandbox-people.ts). */
export const DEMO_NAMES: Record<Role, string> = {
  owner: "Helena Prado",
  admin: "Rafael Lima",
  operator: "Olivia Santos",
  finance: "Fernanda Costa",
  support: "Sergio Alves",
};

/** A demo person's e-mail: `<role>@<business>.example`. */
export function demoEmail(role: Role, business: DemoBusiness = "acme"): string {
  return `${role}@${business}.example`;
}

/** The sign-in body of a demo person (2FA off, so one step). */
export function personBody(role: Role, business: DemoBusiness = "acme"): { email: string; password: string } {
  return { email: demoEmail(role, business), password: DEMO_PASSWORD };
}

/** Signs in as the demo person of `role` in `business` without the form (the sign-in journey itself uses the form). */
export async function signInAs(page: Page, role: Role, business: DemoBusiness = "acme"): Promise<void> {
  const response = await page.request.post(`${APP_URL}/api/session`, {
    headers: { "content-type": "application/json", "x-requested-by": "dashboard", origin: APP_URL },
    data: personBody(role, business),
  });
  const text = await response.text();
  expect(response.status(), text).toBe(200);
  expect((JSON.parse(text) as { data?: { next?: unknown } }).data?.next, text).toBe("done");
}

/** Olivia Santos: links, payouts (single and batch), subaccounts; no chargebacks, no activity log. */
export const signInAsOperator = (page: Page, business: DemoBusiness = "acme") => signInAs(page, "operator", business);
/** Fernanda Costa: chargebacks, register, batch results, activity log; sends nothing. */
export const signInAsFinance = (page: Page, business: DemoBusiness = "acme") => signInAs(page, "finance", business);
/** Sergio Alves: payout look-up and register only. */
export const signInAsSupport = (page: Page, business: DemoBusiness = "acme") => signInAs(page, "support", business);
/** Helena Prado: everything. */
export const signInAsOwner = (page: Page, business: DemoBusiness = "acme") => signInAs(page, "owner", business);

/** Switches the UI language (the choice is remembered in a cookie). */
export async function useLanguage(page: Page, locale: "pt-BR" | "en"): Promise<void> {
  await page.context().addCookies([{ name: "locale", value: locale, url: APP_URL }]);
}

/** Sandbox fault injection (see docs/sandbox.md). */
export async function addSandboxFault(request: APIRequestContext, rule: Record<string, unknown>): Promise<void> {
  const response = await request.post(`${SANDBOX_URL}/__sandbox/faults`, { data: rule });
  expect(response.ok()).toBeTruthy();
}

export async function clearSandboxFaults(request: APIRequestContext): Promise<void> {
  await request.delete(`${SANDBOX_URL}/__sandbox/faults`);
}

export async function sandboxPayoutsWithKey(request: APIRequestContext, key: string): Promise<Array<{ id: string }>> {
  const response = await request.get(`${SANDBOX_URL}/__sandbox/payouts`);
  const body = (await response.json()) as { data: Array<{ id: string; idempotency_key: string }> };
  return body.data.filter((p) => p.idempotency_key === key);
}

/**
 * Waits until React has hydrated the page: every control and link carries React's `__reactProps$…` mark. The
 * server's HTML shows them before the page's script owns them, and each streamed section is hydrated on its own,
 * after the shell. What is typed in that moment may be undone when React hydrates (react-hook-form puts a form's
 * defaults back; a select keeps its choice, NativeSelect hands it on). Every page of a journey's context does
 * this after `goto` and `reload` (the `hydrated` fixture below); a journey calls it itself after any other load.
 */
export async function expectPageHydrated(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        try {
          return await page.evaluate(() => {
            // Not a page of the app (an API's answer, a file): nothing to hydrate.
            if (!("__next_f" in self)) return true;
            const controls = Array.from(
              document.body.querySelectorAll("input, select, textarea, button, a[href], [tabindex]"),
            );
            return (
              controls.length > 0 &&
              controls.every((node) => Object.keys(node).some((key) => key.startsWith("__reactProps$")))
            );
          });
        } catch {
          // The document changed under the check (a redirect): look at the new one.
          return false;
        }
      },
      { message: "the page is hydrated" },
    )
    .toBe(true);
}

/**
 * `goto` and `reload` of every page of this context, open or to come, resolve once React has hydrated what they
 * loaded (unless told to stop at commit). The journeys' own context does it already; a journey that opens another
 * context calls it.
 */
export function hydrateOnLoads(context: BrowserContext): void {
  context.pages().forEach(waitForHydrationAfterLoads);
  context.on("page", waitForHydrationAfterLoads);
}

function waitForHydrationAfterLoads(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== "commit") await expectPageHydrated(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== "commit") await expectPageHydrated(page);
    return response;
  };
}

/** Fails on any serious or critical axe violation of the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")})`,
    ),
  ).toEqual([]);
}

/** Saves a small screenshot for the README when SCREENSHOTS=1. */
export async function screenshotForReadme(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS !== "1") return;
  // JPEG at 1280×720 keeps each picture small enough to live in the repository.
  await page.screenshot({ path: `docs/screenshots/${name}.jpg`, type: "jpeg", quality: 70, fullPage: false });
}
