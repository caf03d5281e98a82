import { describe, expect, it } from "vitest";
import { lineDiscountsCents } from "./pricing.ts";

describe("lineDiscountsCents (decision 0021)", () => {
  it("takes a percentage from each line, half up", () => {
    // 10 % of 1005 = 100.5 → 101; of 1004 = 100.4 → 100; of 5 = 0.5 → 1
    expect(lineDiscountsCents([1005, 1004, 5], { kind: "percent", percent: 10 })).toEqual([101, 100, 1]);
    expect(lineDiscountsCents([1999], { kind: "percent", percent: 100 })).toEqual([1999]);
    expect(lineDiscountsCents([1999], { kind: "percent", percent: 0 })).toEqual([0]);
  });

  it("spreads USD 10.00 over three equal lines as 3.34 / 3.33 / 3.33", () => {
    expect(lineDiscountsCents([5000, 5000, 5000], { kind: "amount", cents: 1000 })).toEqual([334, 333, 333]);
  });

  it("spreads a fixed amount in proportion to the lines, the parts adding up exactly", () => {
    const lines = [7001, 2999, 13, 45678];
    for (const cents of [1, 7, 100, 999, 12345, 55691]) {
      const parts = lineDiscountsCents(lines, { kind: "amount", cents });
      expect(parts.reduce((a, b) => a + b, 0)).toBe(cents);
      parts.forEach((p, i) => {
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(lines[i]!);
        // never more than one cent away from the exact share
        expect(Math.abs(p - (lines[i]! * cents) / 55691)).toBeLessThan(1);
      });
    }
  });

  it("never takes more than the order costs, and a free line gets nothing", () => {
    expect(lineDiscountsCents([300, 0, 200], { kind: "amount", cents: 10_000 })).toEqual([300, 0, 200]);
    expect(lineDiscountsCents([0, 0], { kind: "amount", cents: 500 })).toEqual([0, 0]);
  });

  it("gives nothing without a discount and refuses nonsense", () => {
    expect(lineDiscountsCents([100, 200], null)).toEqual([0, 0]);
    expect(() => lineDiscountsCents([100], { kind: "percent", percent: 101 })).toThrow(RangeError);
    expect(() => lineDiscountsCents([100], { kind: "amount", cents: -1 })).toThrow(RangeError);
    expect(() => lineDiscountsCents([100], { kind: "percent", percent: 1.5 })).toThrow(RangeError);
  });
});
