import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { holdMessages } from "@/lib/browser/i18n-messages";
import { dictionaries } from "@/lib/shared/i18n/dictionaries";

// findBy*/waitFor wait for a condition, not a duration: the bound only has to outlast a
// loaded 2-core CI machine rendering a first table (the 1 s default did not, now and then).
configure({ asyncUtilTimeout: 10_000 });

// In the app the root layout hands I18nProvider the active locale's messages; components rendered on their
// own (or in a provider without messages) find both locales already held.
holdMessages("pt-BR", dictionaries["pt-BR"]);
holdMessages("en", dictionaries.en);

/**
 * Markup React warns about in development (a block inside a <p>, a table cell outside a row, an interactive element
 * inside another) is a hydration error in the browser: the server's HTML is parsed into another tree. Any such
 * warning fails the test that rendered it, whatever the component.
 */
const INVALID_MARKUP = /cannot be a descendant of|cannot contain a nested|cannot be a child of|hydrat/i;
let invalidMarkup: string[] = [];
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  const text = args.map(String).join(" ");
  if (INVALID_MARKUP.test(text)) invalidMarkup.push(text.slice(0, 400));
  consoleError(...args);
};
beforeEach(() => {
  invalidMarkup = [];
});
afterEach(() => {
  cleanup();
  const found = invalidMarkup;
  invalidMarkup = [];
  if (found.length > 0)
    throw new Error(`React warned about invalid markup (a hydration error in the browser):\n${found.join("\n")}`);
});
