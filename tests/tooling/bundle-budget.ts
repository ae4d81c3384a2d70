/**
 * The page-weight step of `npm run test:e2e`, right after the build: every app route's first-load
 * JavaScript, gzip-compressed (tests/tooling/first-load-js.ts), must fit FIRST_LOAD_JS_BUDGET_BYTES.
 * Prints the per-route table either way; exits 1 naming the routes over the budget.
 * Usage: tsx tests/tooling/bundle-budget.ts [build directory, default .next]
 */
import { budgetReport, FIRST_LOAD_JS_BUDGET_BYTES, firstLoadJs } from "./first-load-js";

const { table, failure } = budgetReport(firstLoadJs(process.argv[2] ?? ".next"), FIRST_LOAD_JS_BUDGET_BYTES);
console.log(table);
if (failure) {
  console.error(`\n${failure}`);
  process.exit(1);
}
