/**
 * The overview's pure rules (kept with the payment-link tests): which disputes
 * are open, which come first, and the countdown.
 */
import { describe, expect, it } from "vitest";
import { countdownParts, deadlineUrgency, isOpenChargeback, soonestOpenChargebacks } from "@/components/overview/chargeback-deadlines";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const at = (hours: number) => new Date(NOW + hours * 3_600_000).toISOString();

describe("open chargebacks", () => {
  it("treats needs_response, under_review and unknown statuses as open; decided ones as closed", () => {
    expect(isOpenChargeback({ status: "needs_response" })).toBe(true);
    expect(isOpenChargeback({ status: "under_review" })).toBe(true);
    expect(isOpenChargeback({ status: "pre_arbitration" })).toBe(true);
    expect(isOpenChargeback({ status: null })).toBe(true);
    for (const status of ["won", "lost", "accepted", "refunded"]) expect(isOpenChargeback({ status })).toBe(false);
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
    expect(soonestOpenChargebacks(list, 5).map((cb) => cb.id)).toEqual(["cb_overdue", "cb_5h", "cb_20h", "cb_new", "cb_later"]);
    expect(soonestOpenChargebacks(list, 10).map((cb) => cb.id).slice(-2)).toEqual(["cb_bad", "cb_none"]);
  });
});

describe("countdown", () => {
  it("splits the time left into days, hours and minutes", () => {
    expect(countdownParts(at(5 + 27 / 60), NOW)).toEqual({ days: 0, hours: 5, minutes: 27, overdue: false });
    expect(countdownParts(at(27), NOW)).toEqual({ days: 1, hours: 3, minutes: 0, overdue: false });
    expect(countdownParts(at(-1.5), NOW)).toEqual({ days: 0, hours: 1, minutes: 30, overdue: true });
    expect(countdownParts("garbage", NOW)).toBeNull();
  });

  it("grades urgency: overdue, under 24 h, under 72 h, later", () => {
    expect(deadlineUrgency(at(-1), NOW)).toBe("overdue");
    expect(deadlineUrgency(at(23), NOW)).toBe("critical");
    expect(deadlineUrgency(at(48), NOW)).toBe("soon");
    expect(deadlineUrgency(at(100), NOW)).toBe("later");
    expect(deadlineUrgency(null, NOW)).toBe("none");
  });
});
