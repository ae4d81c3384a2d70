/**
 * The Chromium the end-to-end tests run in: `CHROMIUM_PATH`, else the system's Chromium, else
 * Playwright's own. `tests/tooling/ensure-browser.ts` (the first step of `npm run test:e2e`) installs one
 * where there is none; playwright.config.ts then finds the same one with `findChromium`.
 * The decisions take the machine's facts as data, so tests/tooling/browser.test.ts can try any machine.
 */
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join } from "node:path";

export interface BrowserFacts {
  /** The CHROMIUM_PATH environment variable, if set and not empty. */
  chromiumPath: string | undefined;
  platform: NodeJS.Platform;
  /** The effective user id; null where the platform has none. */
  uid: number | null;
  isExecutable(path: string): boolean;
  /** The first executable called `name` on PATH, or null. */
  onPath(name: string): string | null;
  /** Where Playwright's own Chromium lives once installed (null if Playwright cannot say). */
  playwrightChromium: string | null;
}

export type BrowserSource = "CHROMIUM_PATH" | "system" | "Playwright";
export interface FoundBrowser {
  path: string;
  source: BrowserSource;
}

export type InstallMethod = "apt" | "playwright";
export type BrowserPlan =
  | { kind: "found"; browser: FoundBrowser }
  | { kind: "install"; method: InstallMethod }
  | { kind: "fail"; message: string };

export const SYSTEM_CHROMIUM = "/usr/bin/chromium";
export const CHROMIUM_COMMANDS = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] as const;

export const INSTALL_HINT =
  "install Chromium (Debian/Ubuntu: `apt-get install chromium`; elsewhere: `npx playwright install chromium`) or set CHROMIUM_PATH to a Chromium or Chrome executable";

/** The browser already on this machine, or why there is none. */
export function planBrowser(facts: BrowserFacts): BrowserPlan {
  if (facts.chromiumPath !== undefined) {
    return facts.isExecutable(facts.chromiumPath)
      ? { kind: "found", browser: { path: facts.chromiumPath, source: "CHROMIUM_PATH" } }
      : {
          kind: "fail",
          message: `CHROMIUM_PATH is ${facts.chromiumPath}, which is not an executable file: point it at Chromium or unset it.`,
        };
  }
  if (facts.isExecutable(SYSTEM_CHROMIUM))
    return { kind: "found", browser: { path: SYSTEM_CHROMIUM, source: "system" } };
  for (const command of CHROMIUM_COMMANDS) {
    const path = facts.onPath(command);
    if (path !== null) return { kind: "found", browser: { path, source: "system" } };
  }
  if (facts.playwrightChromium !== null && facts.isExecutable(facts.playwrightChromium)) {
    return { kind: "found", browser: { path: facts.playwrightChromium, source: "Playwright" } };
  }
  return { kind: "install", method: canUseApt(facts) ? "apt" : "playwright" };
}

/** Debian's package as root where apt-get exists (as .ci/run did); Playwright's own download elsewhere. */
function canUseApt(facts: BrowserFacts): boolean {
  return facts.platform === "linux" && facts.uid === 0 && facts.onPath("apt-get") !== null;
}

/**
 * The executable playwright.config.ts launches: CHROMIUM_PATH as given (so a wrong one fails by its
 * name), else the one found, or null when there is none (ensure-browser has said so).
 */
export function findChromium(facts: BrowserFacts): string | null {
  if (facts.chromiumPath !== undefined) return facts.chromiumPath;
  const plan = planBrowser(facts);
  return plan.kind === "found" ? plan.browser.path : null;
}

export interface InstallStep {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/** The commands of each install method; `playwrightCli` is Playwright's cli.js, run with this Node. */
export function installSteps(method: InstallMethod, playwrightCli: string): InstallStep[] {
  if (method === "apt") {
    return [
      { command: "apt-get", args: ["update", "-qq"] },
      {
        command: "apt-get",
        args: ["install", "-y", "-qq", "--no-install-recommends", "chromium"],
        env: { DEBIAN_FRONTEND: "noninteractive" },
      },
    ];
  }
  return [{ command: process.execPath, args: [playwrightCli, "install", "chromium"] }];
}

const INSTALL_WHAT: Record<InstallMethod, string> = {
  apt: "Debian's chromium package (apt-get install chromium)",
  playwright: "Playwright's Chromium (npx playwright install chromium)",
};

export interface EnsureBrowserDeps {
  /** The machine's facts; asked again after an install. */
  facts(): BrowserFacts;
  /** Runs one step; false (with its output already shown) when it failed. */
  run(step: InstallStep): boolean;
  playwrightCli: string;
  say(line: string): void;
}

/**
 * Finds a browser, installing one if the machine allows; says in one line what it did.
 * Returns the browser, or null after one line saying what to install.
 */
export function ensureBrowser(deps: EnsureBrowserDeps): FoundBrowser | null {
  const plan = planBrowser(deps.facts());
  if (plan.kind === "found") {
    deps.say(`e2e browser: ${describe(plan.browser)}.`);
    return plan.browser;
  }
  if (plan.kind === "fail") {
    deps.say(`e2e browser: ${plan.message}`);
    return null;
  }
  const installed = installSteps(plan.method, deps.playwrightCli).every((step) => deps.run(step));
  const after = installed ? planBrowser(deps.facts()) : null;
  if (after?.kind === "found") {
    deps.say(`e2e browser: no Chromium found, so installed ${INSTALL_WHAT[plan.method]}; ${describe(after.browser)}.`);
    return after.browser;
  }
  deps.say(
    `e2e browser: no Chromium found and installing ${INSTALL_WHAT[plan.method]} ${installed ? "did not provide one" : "failed"}: ${INSTALL_HINT}.`,
  );
  return null;
}

function describe(browser: FoundBrowser): string {
  return browser.source === "CHROMIUM_PATH"
    ? `using CHROMIUM_PATH (${browser.path})`
    : `using the ${browser.source} Chromium at ${browser.path}`;
}

/**
 * This machine's facts, from an environment (process.env) and Playwright's idea of where its own Chromium
 * goes (`chromium.executablePath()`, which throws on platforms Playwright has no build for).
 */
export function machineFacts(
  env: Readonly<Record<string, string | undefined>>,
  playwrightChromium: () => string,
): BrowserFacts {
  const isExecutable = (path: string): boolean => {
    try {
      accessSync(path, constants.X_OK);
      return statSync(path).isFile();
    } catch {
      return false;
    }
  };
  const dirs = (env.PATH ?? "").split(delimiter).filter((dir) => dir !== "");
  let bundled: string | null;
  try {
    bundled = playwrightChromium();
  } catch {
    bundled = null;
  }
  return {
    chromiumPath: env.CHROMIUM_PATH || undefined,
    platform: process.platform,
    uid: typeof process.getuid === "function" ? process.getuid() : null,
    isExecutable,
    onPath: (name) => dirs.map((dir) => join(dir, name)).find(isExecutable) ?? null,
    playwrightChromium: bundled,
  };
}
