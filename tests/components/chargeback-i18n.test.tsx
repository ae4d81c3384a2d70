/**
 * Every message key the chargebacks and activity pages use exists in both
 * languages (t() would otherwise show the raw key).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEADLINE_FILTERS } from "@/lib/shared/chargebacks/deadline";
import { hasMessage } from "@/lib/shared/i18n/translate";
import { ACTIVITY_ACTIONS } from "@/lib/browser/query/activity";
import { SYSTEM_ACTORS } from "@/lib/shared/schemas/activity";

const root = path.resolve(__dirname, "../..");
const sources = ["components/chargebacks", "components/activity"].flatMap((dir) =>
  readdirSync(path.join(root, dir))
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => readFileSync(path.join(root, dir, name), "utf8")),
);

const literalKeys = new Set<string>();
for (const code of sources) {
  for (const match of code.matchAll(
    /["'`]((?:chargebacks|activity|common|status|errors|table|nav|role)\.[A-Za-z0-9_.]+)["'`]/g,
  ))
    literalKeys.add(match[1] as string);
}

const templatedKeys = [
  ...["overdue", "due24h", "due72h", "later", "waiting", "closed", "none"].map((u) => `chargebacks.urgency.${u}`),
  ...DEADLINE_FILTERS.map((d) => `chargebacks.filter.deadline.${d}`),
  "chargebacks.kind.pix_med",
  "chargebacks.kind.card_chargeback",
  ...ACTIVITY_ACTIONS.map((a) => `activity.action.${a}`),
  ...["success", "failure", "pending"].map((o) => `activity.outcome.${o}`),
  ...["payout", "subaccount", "payment_link", "session"].map((t) => `activity.target.${t}`),
  ...Object.values(SYSTEM_ACTORS).map((name) => `activity.systemActor.${name.replace(/\s+/g, "_")}`),
];

describe("chargebacks and activity messages", () => {
  it("finds the keys in the code", () => {
    expect(literalKeys.size).toBeGreaterThan(80);
  });

  it.each(["pt-BR", "en"] as const)("every key exists in %s", (locale) => {
    // Prefixes handed to a lookup ("activity.action." + action) are covered by the templated keys.
    const prefixes = (key: string) =>
      templatedKeys.some((full) => full.startsWith(key.endsWith(".") ? key : `${key}.`));
    const missing = [...[...literalKeys].filter((key) => !prefixes(key)), ...templatedKeys].filter(
      (key) => !hasMessage(key, locale),
    );
    expect(missing).toEqual([]);
  });
});
