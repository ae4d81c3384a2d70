/**
 * The one deadline rule (lib/shared/chargebacks/deadline) that the overview,
 * the chargebacks page and its CSV export share: which disputes are open,
 * which come first, how urgent they are, and the countdown.
 */
import { describe, expect, it } from "vitest";
import {
  countdownParts,
  DEADLINE_FILTERS,
  durationParts,
  HOUR_MS,
  isOpenChargeback,
  matchesDeadline,
  needsAction,
  soonestOpenChargebacks,
  urgencyOf,
} from "@/lib/shared/chargebacks/deadline";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const at = (hours: number) => new Date(NOW + hours * HOUR_MS).toISOString();

describe("open chargebacks", () => {
  it("treats needs_response, under_review and unknown statuses as open; decided ones as closed", () => {
    expect(isOpenChargeback({ status: "needs_response" })).toBe(true);
    expect(isOpenChargeback({ status: "under_review" })).toBe(true);
    expect(isOpenChargeback({ status: "pre_arbitration" })).toBe(true);
    expect(isOpenChargeback({ status: null })).toBe(true);
    for (const status of ["won", "lost", "accepted", "refunded"]) expect(isOpenChargeback({ status })).toBe(false);
  });

  it("expects an answer only for needs_response", () => {
    expect(needsAction({ status: "needs_response" })).toBe(true);
    for (const status of ["under_review", "pre_arbitration", null, "won"]) expect(needsAction({ status })).toBe(false);
  });

  it("lists the open ones by respond_by, overdue first, no deadline last, at most five", () => {
    const list = [
      { id: "cb_later", status: "needs_response", respond_by: at(200) },
      { id: "cb_won", status: "won", respond_by: at(1) },
      { id: "cb_none", status: "under_review", respond_by: null },
      { id: "cb_5h", status: "needs_response", respond_by: at(5) },
      { id: "cb_overdue", status: "needs_response", respond_by: at(-2) },
      { id: "cb_20h", status: "under_review", respond_by: at(20) },
      { id: "cb_bad", status: "needs_response", respond_by: "not a date" },
      { id: "cb_new", status: "escalated", respond_by: at(30) },
    ];
    expect(soonestOpenChargebacks(list, 5).map((cb) => cb.id)).toEqual([
      "cb_overdue",
      "cb_5h",
      "cb_20h",
      "cb_new",
      "cb_later",
    ]);
    expect(
      soonestOpenChargebacks(list, 10)
        .map((cb) => cb.id)
        .slice(-2),
    ).toEqual(["cb_bad", "cb_none"]);
  });
});

describe("countdown", () => {
  it("splits the time left into days, hours and minutes", () => {
    expect(countdownParts(at(5 + 27 / 60), NOW)).toEqual({ days: 0, hours: 5, minutes: 27, overdue: false });
    expect(countdownParts(at(27), NOW)).toEqual({ days: 1, hours: 3, minutes: 0, overdue: false });
    expect(countdownParts(at(-1.5), NOW)).toEqual({ days: 0, hours: 1, minutes: 30, overdue: true });
    expect(countdownParts("garbage", NOW)).toBeNull();
    expect(countdownParts(null, NOW)).toBeNull();
  });

  it("counts whole minutes of a span either side of zero; zero itself is overdue", () => {
    expect(durationParts(59_999)).toEqual({ days: 0, hours: 0, minutes: 0, overdue: false });
    expect(durationParts(-(2 * 1440 + 61) * 60_000)).toEqual({ days: 2, hours: 1, minutes: 1, overdue: true });
    expect(durationParts(0).overdue).toBe(true);
  });
});

describe("urgency", () => {
  const due = (hours: number | null, status: string | null = "needs_response") => ({
    status,
    respond_by: hours === null ? null : at(hours),
  });

  it("grades a dispute that needs an answer: overdue, under 24 h, under 72 h, later", () => {
    expect(urgencyOf(due(-1), NOW)).toBe("overdue");
    expect(urgencyOf(due(0), NOW)).toBe("overdue");
    expect(urgencyOf(due(23), NOW)).toBe("due24h");
    expect(urgencyOf(due(24), NOW)).toBe("due72h");
    expect(urgencyOf(due(48), NOW)).toBe("due72h");
    expect(urgencyOf(due(72), NOW)).toBe("later");
    expect(urgencyOf(due(100), NOW)).toBe("later");
    expect(urgencyOf(due(null), NOW)).toBe("none");
    expect(urgencyOf({ status: "needs_response", respond_by: "garbage" }, NOW)).toBe("none");
  });

  it("never presses a dispute that is not ours to answer, or a decided one", () => {
    expect(urgencyOf(due(-1, "under_review"), NOW)).toBe("waiting");
    expect(urgencyOf(due(5, "pre_arbitration"), NOW)).toBe("waiting");
    expect(urgencyOf(due(5, null), NOW)).toBe("waiting");
    expect(urgencyOf(due(5, "won"), NOW)).toBe("closed");
    expect(urgencyOf(due(null, "won"), NOW)).toBe("none");
  });

  it("filters by deadline: overdue only, or due within 24 h / 72 h with the overdue ones", () => {
    expect(DEADLINE_FILTERS).toEqual(["overdue", "24h", "72h", "today", "3d", "7d", "later", "none"]);
    const hours = [-1, 5, 48, 100];
    const matching = (filter: (typeof DEADLINE_FILTERS)[number]) =>
      hours.filter((h) => matchesDeadline(due(h), filter, NOW, "America/Sao_Paulo"));
    expect(matching("overdue")).toEqual([-1]);
    expect(matching("24h")).toEqual([-1, 5]);
    expect(matching("72h")).toEqual([-1, 5, 48]);
    expect(matchesDeadline(due(5, "under_review"), "72h", NOW, "America/Sao_Paulo")).toBe(false);
  });
});
