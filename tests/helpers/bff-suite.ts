/**
 * The BFF route tests' shared setup: one harness per file (started in beforeAll,
 * closed in afterAll), signed in as the operator, faults cleared before each test.
 * The returned context is filled in by beforeAll; read it inside tests.
 */
import { afterAll, beforeAll, beforeEach } from "vitest";
import * as session from "@/app/api/session/route";
import { operatorBody, signIn, startBffHarness, type BffHarness } from "./bff";

export interface BffContext {
  harness: BffHarness;
  /** The operator's session cookie ("name=value"). */
  cookie: string;
}

export function setUpBffHarness(
  options: Parameters<typeof startBffHarness>[0] & { signInAs?: Record<string, string> } = {},
): BffContext {
  const context = { cookie: "" } as BffContext;
  beforeAll(async () => {
    context.harness = await startBffHarness(options);
    context.cookie = await signIn(session.POST, options.signInAs ?? operatorBody);
  });
  afterAll(async () => {
    await context.harness.close();
  });
  beforeEach(async () => {
    await context.harness.sandbox.clearFaults();
  });
  return context;
}
