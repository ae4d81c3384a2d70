import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * Which message keys a route's code can read, found by walking its imports through the project's own files. It
 * over-approximates on purpose: every string in the graph that is a key, or the start of one put together in code
 * ("payouts.status." + status, `errors.${code}`), counts, on the server's side of the graph too (a service's field
 * error is a key the browser translates).
 */

const ROOT = path.resolve(__dirname, "../..");
const DICTIONARIES = path.join(ROOT, "lib", "shared", "i18n", "dictionaries");
const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null; // a package: not the project's messages
  if (existsSync(base) && statSync(base).isFile()) return base;
  for (const extension of EXTENSIONS) if (existsSync(base + extension)) return base + extension;
  return null;
}

interface FileFacts {
  /** What it imports with code (type-only imports bring none): static, re-exports and `import()`. */
  imports: string[];
  /** Its string literals, and the fixed start of each template literal (`errors.${code}` gives "errors."). */
  strings: { text: string; whole: boolean }[];
  /** The strings written as the values of a `fields: { … }` object: a BffError's field errors. */
  fieldErrors: string[];
}

/** The strings an expression can be: a literal, or either branch of `cond ? "a" : "b"` (not what `cond` compares). */
function stringValues(node: ts.Expression): string[] {
  if (ts.isStringLiteralLike(node)) return [node.text];
  if (ts.isParenthesizedExpression(node)) return stringValues(node.expression);
  if (ts.isConditionalExpression(node)) return [...stringValues(node.whenTrue), ...stringValues(node.whenFalse)];
  return [];
}

/** `fields: { email: "…", [name]: cond ? "…" : "…" }`: the values' strings (not a computed name's). */
function fieldValues(node: ts.PropertyAssignment): string[] {
  if (!ts.isObjectLiteralExpression(node.initializer)) return [];
  return node.initializer.properties.flatMap((property) =>
    ts.isPropertyAssignment(property) ? stringValues(property.initializer) : [],
  );
}

const facts = new Map<string, FileFacts>();

/** Read with TypeScript's own parser, so that comments, quotes inside comments and "*\/*" in a string mislead nothing. */
function factsOf(file: string): FileFacts {
  const known = facts.get(file);
  if (known) return known;
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: FileFacts = { imports: [], strings: [], fieldErrors: [] };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier))
      found.imports.push(node.moduleSpecifier.text);
    else if (
      ts.isExportDeclaration(node) &&
      !node.isTypeOnly &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      found.imports.push(node.moduleSpecifier.text);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (specifier && ts.isStringLiteralLike(specifier)) found.imports.push(specifier.text);
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
      found.strings.push({ text: node.text, whole: true });
    else if (ts.isTemplateExpression(node)) found.strings.push({ text: node.head.text, whole: false });
    else if (ts.isPropertyAssignment(node) && node.name.getText(source) === "fields")
      found.fieldErrors.push(...fieldValues(node));
    ts.forEachChild(node, visit);
  };
  visit(source);
  facts.set(file, found);
  return found;
}

function importsOf(file: string): string[] {
  return factsOf(file)
    .imports.map((specifier) => resolveImport(file, specifier))
    .filter((resolved) => resolved !== null);
}

/** Every project file `entry` reaches through its imports (itself included), the dictionaries left out. */
export function moduleGraph(entry: string): string[] {
  const seen = new Set<string>();
  const queue = [path.resolve(entry)];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file) || file.startsWith(DICTIONARIES + path.sep)) continue;
    seen.add(file);
    queue.push(...importsOf(file));
  }
  return [...seen];
}

/** The dictionary's keys, and what a piece of a string must be to read one. */
export interface MessageKeys {
  /** Every key (plural forms included: "table.rows.other"). */
  keys: ReadonlySet<string>;
  /** Every key and the base of every plural ("table.rows"). */
  readable: ReadonlySet<string>;
  /** Every prefix of a key that ends with a dot ("payouts.", "payouts.status."), for keys put together in code. */
  prefixes: ReadonlySet<string>;
}

export function messageKeys(keys: Iterable<string>): MessageKeys {
  const all = new Set(keys);
  const readable = new Set(all);
  const prefixes = new Set<string>();
  for (const key of all) {
    const parts = key.split(".");
    for (let i = 1; i < parts.length; i++) prefixes.add(`${parts.slice(0, i).join(".")}.`);
    const plural = key.match(/^(.+)\.(zero|one|two|few|many|other)$/);
    if (plural) readable.add(plural[1] as string);
  }
  return { keys: all, readable, prefixes };
}

/**
 * The keys the file's strings can read: a whole string that is a key (or a plural's base), or the start of keys put
 * together in code, ending with a dot ("payouts.status." + status, `errors.${code}` gives "errors."). A string that
 * only looks like one ("payouts.lookup", a permission) does not count.
 */
export function messageReadsIn(file: string, keys: MessageKeys): Set<string> {
  const found = new Set<string>();
  for (const { text, whole } of factsOf(file).strings) {
    if (whole) {
      if (keys.readable.has(text) || keys.prefixes.has(text)) found.add(text);
      continue;
    }
    // `payouts.state.${state}`: the keys under "payouts.state."; `payouts.${kind}Title`: under "payouts.".
    const prefix = text.slice(0, text.lastIndexOf(".") + 1);
    if (keys.prefixes.has(prefix)) found.add(prefix);
  }
  return found;
}

/** The field errors the file writes as strings (`fields: { email: "fieldErrors.emailTaken" }`). */
export function fieldErrorsIn(file: string): string[] {
  return factsOf(file).fieldErrors;
}

/** What the code reachable from `entry` can read, with the files that read each. */
export function messageReadsReached(entry: string, keys: MessageKeys): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of moduleGraph(entry))
    for (const read of messageReadsIn(file, keys))
      found.set(read, [...(found.get(read) ?? []), path.relative(ROOT, file)]);
  return found;
}
