import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

/**
 * README promises Node 20 (package.json `engines`). Every package the lockfile installs must accept every Node
 * version that promise covers, or `npm install` warns (EBADENGINE) and the package may fail at run time.
 */
interface LockPackage {
  engines?: { node?: string } | string[];
  optional?: boolean;
}

const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { engines: { node: string } };
const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as { packages: Record<string, LockPackage> };

describe("installed packages and the Node versions README promises", () => {
  const promised = pkg.engines.node;
  const lowest = semver.minVersion(promised);

  it("the promise is a range starting on Node 20", () => {
    expect(lowest?.major).toBe(20);
  });

  it("no installed package refuses the lowest promised Node or the running one", () => {
    const refusing: string[] = [];
    for (const [where, entry] of Object.entries(lock.packages)) {
      const engines = entry.engines;
      const range = engines && !Array.isArray(engines) ? engines.node : undefined;
      if (!where || !range) continue;
      for (const version of [lowest?.version ?? "20.9.0", process.versions.node]) {
        if (!semver.satisfies(version, range, { includePrerelease: true }))
          refusing.push(`${where} (node ${range}, not ${version})`);
      }
    }
    expect(refusing).toEqual([]);
  });
});
