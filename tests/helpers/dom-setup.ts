import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy*/waitFor wait for a condition, not a duration: the bound only has to outlast a
// loaded 2-core CI machine rendering a first table (the 1 s default did not, now and then).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());
