import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { holdMessages } from "@/lib/browser/i18n-messages";
import { dictionaries } from "@/lib/shared/i18n/dictionaries";

// findBy*/waitFor wait for a condition, not a duration: the bound only has to outlast a
// loaded 2-core CI machine rendering a first table (the 1 s default did not, now and then).
configure({ asyncUtilTimeout: 10_000 });

// In the app the root layout hands I18nProvider the active locale's messages; components rendered on their
// own (or in a provider without messages) find both locales already held.
holdMessages("pt-BR", dictionaries["pt-BR"]);
holdMessages("en", dictionaries.en);

afterEach(() => cleanup());
