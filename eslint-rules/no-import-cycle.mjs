import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * `no-import-cycle`: a file may not import a file that imports it back, directly or through any number of
 * others. Every import counts: `import type`, `export … from`, `import()` and `require()` too, because the
 * rule is about where a shared type or constant lives, not about what survives compilation. (That is why
 * this is not eslint-plugin-import's `import/no-cycle`: it always skips type-only imports, and every
 * circle lib/ had ran through one.)
 *
 * The graph is the files under `scope`, read from disk (the linted file from its text) and resolved as
 * TypeScript does with the project's tsconfig (the `@/` alias included). A file's resolved imports are
 * remembered until its modification time or size changes.
 */
export function noImportCycle({ root, scope }) {
  const scopeDir = path.join(root, scope) + path.sep;
  const tsconfig = ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(tsconfig.config, ts.sys, root);
  const remembered = new Map();

  /** The in-scope files that `text`, the source of `file`, imports, each with where its import is written. */
  function importsOf(file, text) {
    const found = [];
    for (const ref of ts.preProcessFile(text, true, true).importedFiles) {
      const resolved = ts.resolveModuleName(ref.fileName, file, options, ts.sys).resolvedModule?.resolvedFileName;
      if (!resolved || resolved === file) continue;
      const target = path.resolve(resolved);
      if (target.startsWith(scopeDir) && !target.endsWith(".d.ts")) found.push({ target, pos: ref.pos, end: ref.end });
    }
    return found;
  }

  function importsOnDisk(file) {
    let stat;
    try {
      stat = fs.statSync(file);
    } catch {
      return [];
    }
    const known = remembered.get(file);
    if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known.targets;
    const targets = [...new Set(importsOf(file, fs.readFileSync(file, "utf8")).map((i) => i.target))];
    remembered.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, targets });
    return targets;
  }

  /** The shortest path of imports from `start` back to `file`, or null; `deadEnds` collects files that cannot reach it. */
  function pathBack(start, file, deadEnds, imports) {
    const cameFrom = new Map([[start, null]]);
    const queue = [start];
    while (queue.length > 0) {
      const current = queue.shift();
      for (const next of imports(current)) {
        if (next === file) {
          const route = [];
          for (let at = current; at !== null; at = cameFrom.get(at)) route.unshift(at);
          return route;
        }
        if (cameFrom.has(next) || deadEnds.has(next)) continue;
        cameFrom.set(next, current);
        queue.push(next);
      }
    }
    for (const visited of cameFrom.keys()) deadEnds.add(visited);
    return null;
  }

  return {
    meta: {
      type: "problem",
      docs: { description: "no file imports a file that imports it back, type imports included" },
      schema: [],
      messages: {
        cycle:
          "Import cycle: this file → {{route}} → this file. Move what they share into a module of its own that imports none of them.",
      },
    },
    create(context) {
      const file = path.resolve(context.physicalFilename);
      if (!file.startsWith(scopeDir)) return {};
      return {
        Program() {
          const { sourceCode } = context;
          const lookedUp = new Map();
          const imports = (f) => {
            if (!lookedUp.has(f)) lookedUp.set(f, importsOnDisk(f));
            return lookedUp.get(f);
          };
          const deadEnds = new Set();
          for (const { target, pos, end } of importsOf(file, sourceCode.text)) {
            if (deadEnds.has(target)) continue;
            const route = pathBack(target, file, deadEnds, imports);
            if (!route) continue;
            context.report({
              loc: { start: sourceCode.getLocFromIndex(pos), end: sourceCode.getLocFromIndex(end) },
              messageId: "cycle",
              data: { route: route.map((f) => path.relative(root, f)).join(" → ") },
            });
          }
        },
      };
    },
  };
}
