import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  ensureBrowser,
  findChromium,
  INSTALL_HINT,
  installSteps,
  machineFacts,
  planBrowser,
  type BrowserFacts,
  type InstallStep,
} from "@/tests/tooling/browser";

const PLAYWRIGHT_CHROME = "/home/dev/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome";

/** A machine described by its executables (absolute paths) and the commands on its PATH. */
function machine(opts: {
  executables?: string[];
  commands?: Record<string, string>;
  chromiumPath?: string;
  platform?: NodeJS.Platform;
  uid?: number | null;
  playwrightChromium?: string | null;
}): BrowserFacts {
  const executables = new Set([...(opts.executables ?? []), ...Object.values(opts.commands ?? {})]);
  return {
    chromiumPath: opts.chromiumPath,
    platform: opts.platform ?? "linux",
    uid: opts.uid === undefined ? 1000 : opts.uid,
    isExecutable: (path) => executables.has(path),
    onPath: (name) => opts.commands?.[name] ?? null,
    playwrightChromium: opts.playwrightChromium === undefined ? PLAYWRIGHT_CHROME : opts.playwrightChromium,
  };
}

const APT = { "apt-get": "/usr/bin/apt-get" };

describe("planBrowser: which Chromium the end-to-end tests use", () => {
  it("CHROMIUM_PATH comes first, over a system Chromium", () => {
    const facts = machine({
      chromiumPath: "/opt/chrome/chrome",
      executables: ["/opt/chrome/chrome", "/usr/bin/chromium"],
    });
    expect(planBrowser(facts)).toEqual({
      kind: "found",
      browser: { path: "/opt/chrome/chrome", source: "CHROMIUM_PATH" },
    });
    expect(findChromium(facts)).toBe("/opt/chrome/chrome");
  });

  it("a CHROMIUM_PATH that is not executable fails plainly instead of falling back or installing", () => {
    const plan = planBrowser(
      machine({ chromiumPath: "/opt/missing", executables: ["/usr/bin/chromium"], uid: 0, commands: APT }),
    );
    expect(plan).toEqual({
      kind: "fail",
      message: expect.stringContaining("CHROMIUM_PATH is /opt/missing, which is not an executable file"),
    });
    // playwright.config.ts still launches exactly what CHROMIUM_PATH names, so a direct `playwright test` fails by that name.
    expect(findChromium(machine({ chromiumPath: "/opt/missing", executables: ["/usr/bin/chromium"] }))).toBe(
      "/opt/missing",
    );
  });

  it("then Debian's /usr/bin/chromium", () => {
    expect(
      planBrowser(
        machine({ executables: ["/usr/bin/chromium"], commands: { "google-chrome": "/usr/local/bin/google-chrome" } }),
      ),
    ).toEqual({
      kind: "found",
      browser: { path: "/usr/bin/chromium", source: "system" },
    });
  });

  it.each([
    ["chromium", "/snap/bin/chromium"],
    ["chromium-browser", "/usr/local/bin/chromium-browser"],
    ["google-chrome", "/opt/google/chrome/google-chrome"],
  ])("then %s on PATH", (command, path) => {
    expect(planBrowser(machine({ commands: { [command]: path } }))).toEqual({
      kind: "found",
      browser: { path, source: "system" },
    });
  });

  it("then a Chromium Playwright has already installed", () => {
    expect(planBrowser(machine({ executables: [PLAYWRIGHT_CHROME] }))).toEqual({
      kind: "found",
      browser: { path: PLAYWRIGHT_CHROME, source: "Playwright" },
    });
  });

  it("with none: Debian's package as root where apt-get exists", () => {
    expect(planBrowser(machine({ uid: 0, commands: APT }))).toEqual({ kind: "install", method: "apt" });
  });

  it.each([
    ["not root", machine({ uid: 1000, commands: APT })],
    ["no apt-get", machine({ uid: 0 })],
    ["macOS", machine({ platform: "darwin", uid: 0, commands: APT })],
    ["Windows (no uid)", machine({ platform: "win32", uid: null })],
    ["Playwright cannot name its build", machine({ playwrightChromium: null })],
  ])("with none and %s: Playwright's own install", (_, facts) => {
    expect(planBrowser(facts)).toEqual({ kind: "install", method: "playwright" });
    expect(findChromium(facts)).toBeNull();
  });

  it("the install steps are apt-get update then install chromium, or Playwright's cli with this Node", () => {
    expect(installSteps("apt", "/pw/cli.js").map((step) => [step.command, ...step.args].join(" "))).toEqual([
      "apt-get update -qq",
      "apt-get install -y -qq --no-install-recommends chromium",
    ]);
    expect(installSteps("playwright", "/pw/cli.js")).toEqual([
      { command: process.execPath, args: ["/pw/cli.js", "install", "chromium"] },
    ]);
  });
});

describe("ensureBrowser: one line saying what it did", () => {
  function run(machines: BrowserFacts[], succeeds = true) {
    const lines: string[] = [];
    const steps: string[] = [];
    let asked = 0;
    const browser = ensureBrowser({
      facts: () => machines[Math.min(asked++, machines.length - 1)] as BrowserFacts,
      run: (step: InstallStep) => {
        steps.push([step.command, ...step.args].join(" "));
        return succeeds;
      },
      playwrightCli: "/pw/cli.js",
      say: (line) => lines.push(line),
    });
    return { browser, lines, steps };
  }

  it("found: installs nothing and names the browser", () => {
    const { browser, lines, steps } = run([machine({ executables: ["/usr/bin/chromium"] })]);
    expect(browser).toEqual({ path: "/usr/bin/chromium", source: "system" });
    expect(steps).toEqual([]);
    expect(lines).toEqual(["e2e browser: using the system Chromium at /usr/bin/chromium."]);
  });

  it("none, as root on Debian: installs the chromium package and says so", () => {
    const { browser, lines, steps } = run([
      machine({ uid: 0, commands: APT }),
      machine({ uid: 0, commands: APT, executables: ["/usr/bin/chromium"] }),
    ]);
    expect(steps).toEqual(["apt-get update -qq", "apt-get install -y -qq --no-install-recommends chromium"]);
    expect(browser).toEqual({ path: "/usr/bin/chromium", source: "system" });
    expect(lines).toEqual([
      "e2e browser: no Chromium found, so installed Debian's chromium package (apt-get install chromium); using the system Chromium at /usr/bin/chromium.",
    ]);
  });

  it("none, elsewhere: runs Playwright's install and uses its Chromium", () => {
    const { browser, lines, steps } = run([
      machine({ platform: "darwin" }),
      machine({ platform: "darwin", executables: [PLAYWRIGHT_CHROME] }),
    ]);
    expect(steps).toEqual([`${process.execPath} /pw/cli.js install chromium`]);
    expect(browser).toEqual({ path: PLAYWRIGHT_CHROME, source: "Playwright" });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("so installed Playwright's Chromium (npx playwright install chromium)");
  });

  it("an install that fails: one line saying what to install", () => {
    const { browser, lines } = run([machine({ uid: 0, commands: APT })], false);
    expect(browser).toBeNull();
    expect(lines).toEqual([
      `e2e browser: no Chromium found and installing Debian's chromium package (apt-get install chromium) failed: ${INSTALL_HINT}.`,
    ]);
  });

  it("an install that succeeds without providing a browser: one line saying what to install", () => {
    const { browser, lines } = run([machine({ platform: "darwin" })]);
    expect(browser).toBeNull();
    expect(lines).toEqual([
      `e2e browser: no Chromium found and installing Playwright's Chromium (npx playwright install chromium) did not provide one: ${INSTALL_HINT}.`,
    ]);
  });

  it("a broken CHROMIUM_PATH: one line, no install", () => {
    const { browser, lines, steps } = run([machine({ chromiumPath: "/opt/missing", uid: 0, commands: APT })]);
    expect(browser).toBeNull();
    expect(steps).toEqual([]);
    expect(lines).toEqual([
      "e2e browser: CHROMIUM_PATH is /opt/missing, which is not an executable file: point it at Chromium or unset it.",
    ]);
  });
});

describe("machineFacts: this machine, read from the file system and an environment", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("finds executables on the given PATH, ignores non-executables and directories, and reads CHROMIUM_PATH", () => {
    dir = mkdtempSync(join(tmpdir(), "browser-facts-"));
    writeFileSync(join(dir, "google-chrome"), "#!/bin/sh\n", { mode: 0o755 });
    writeFileSync(join(dir, "chromium"), "not executable\n", { mode: 0o644 });
    const facts = machineFacts({ PATH: `/nonexistent:${dir}`, CHROMIUM_PATH: "" }, () => {
      throw new Error("no build for this platform");
    });
    expect(facts.onPath("google-chrome")).toBe(join(dir, "google-chrome"));
    expect(facts.onPath("chromium")).toBeNull();
    expect(facts.isExecutable(dir)).toBe(false);
    expect(facts.chromiumPath).toBeUndefined();
    expect(facts.playwrightChromium).toBeNull();
    expect(machineFacts({ CHROMIUM_PATH: "/opt/chrome" }, () => "/pw/chrome").chromiumPath).toBe("/opt/chrome");
    expect(machineFacts({}, () => "/pw/chrome").playwrightChromium).toBe("/pw/chrome");
  });
});
