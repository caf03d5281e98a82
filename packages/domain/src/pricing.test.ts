import { describe, expect, it } from "vitest";
import {
  centsToDecimalString,
  formatUSD,
  fromCents,
  lineTotalCents,
  orderTotalCents,
  toCents,
  unitPricesCents,
} from "./pricing.ts";

describe("toCents", () => {
  it.each([
    [19.99, 1999],
    [0.29, 29], // 0.29 × 100 = 28.999999999999996
    [0.1 + 0.2, 30], // 0.30000000000000004
    [1.1 * 3, 330], // 3.3000000000000003
    [120, 12000],
    [0, 0],
    [1_000_000, 100_000_000],
    ["120.50", 12050],
    ["120.5", 12050],
    ["7", 700],
    [" 0.07 ", 7],
  ])("%s → %i cents", (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it.each([19.999, 1.005, Number.NaN, Number.POSITIVE_INFINITY, "abc", "1.234", "", "1e3"])("rejects %s", (amount) => {
    expect(() => toCents(amount)).toThrow(RangeError);
  });

  it("never answers -0", () => {
    expect(Object.is(toCents(-0), 0)).toBe(true);
  });
});

describe("fromCents / formatting", () => {
  it("converts back to USD numbers and PayPal strings", () => {
    expect(fromCents(1999)).toBe(19.99);
    expect(centsToDecimalString(1999)).toBe("19.99");
    expect(centsToDecimalString(5)).toBe("0.05");
    expect(centsToDecimalString(12000)).toBe("120.00");
  });

  it("formats USD with the currency named", () => {
    expect(formatUSD(12000)).toBe("USD 120.00");
    expect(formatUSD(0)).toBe("USD 0.00");
    expect(formatUSD(5)).toBe("USD 0.05");
    expect(formatUSD(123456789)).toBe("USD 1,234,567.89");
    expect(formatUSD(-250)).toBe("USD -2.50");
  });

  it("refuses fractional cents", () => {
    expect(() => formatUSD(10.5)).toThrow(RangeError);
    expect(() => fromCents(Number.NaN)).toThrow(RangeError);
  });
});

describe("unitPricesCents", () => {
  it("adult = base, 4–15 = 0.6, under 4 = free, pet = 0.2", () => {
    expect(unitPricesCents(10000)).toEqual({ mayores15: 10000, menoresde15_a4: 6000, menores3: 0, mascotas: 2000 });
  });

  it.each([
    // base, child (base × 0.6), pet (base × 0.2): rounded half up in integer cents
    [1999, 1199, 400], // 1199.4 → 1199, 399.8 → 400
    [1998, 1199, 400], // 1198.8 → 1199, 399.6 → 400
    [1996, 1198, 399], // 1197.6 → 1198, 399.2 → 399
    [1, 1, 0], // 0.6 → 1, 0.2 → 0
    [3, 2, 1], // 1.8 → 2, 0.6 → 1
    [0, 0, 0],
  ])("base %i → child %i, pet %i", (base, child, pet) => {
    expect(unitPricesCents(base)).toMatchObject({ menoresde15_a4: child, mascotas: pet });
  });

  it("rejects a negative or fractional base", () => {
    expect(() => unitPricesCents(-1)).toThrow(RangeError);
    expect(() => unitPricesCents(10.5)).toThrow(RangeError);
  });
});

describe("lineTotalCents / orderTotalCents", () => {
  it("sums count × unit price", () => {
    // 2 × 120.50 + 1 × 72.30 + 1 × 0 + 1 × 24.10
    expect(lineTotalCents(12050, { mayores15: 2, menoresde15_a4: 1, menores3: 1, mascotas: 1 })).toBe(33740);
    expect(lineTotalCents(12050, {})).toBe(0);
    expect(lineTotalCents(12050, { menores3: 4 })).toBe(0);
  });

  it("is exactly additive: each increment adds the unit price, each decrement removes it", () => {
    for (const base of [1, 3, 1999, 12050, 99_999]) {
      const units = unitPricesCents(base);
      let counts = { mayores15: 0, menoresde15_a4: 0, menores3: 0, mascotas: 0 };
      let running = 0;
      for (const key of ["mascotas", "menoresde15_a4", "mayores15", "menoresde15_a4", "mascotas"] as const) {
        counts = { ...counts, [key]: counts[key] + 1 };
        running += units[key];
        expect(lineTotalCents(base, counts)).toBe(running);
      }
      counts = { ...counts, mascotas: counts.mascotas - 1 };
      expect(lineTotalCents(base, counts)).toBe(running - units.mascotas);
    }
  });

  it.each([-1, 1.5, Number.NaN])("rejects count %s", (count) => {
    expect(() => lineTotalCents(1000, { mayores15: count })).toThrow(RangeError);
  });

  it("adds line totals in cents", () => {
    expect(orderTotalCents([])).toBe(0);
    expect(orderTotalCents([33740, 1000])).toBe(34740);
    expect(orderTotalCents([lineTotalCents(12050, { mayores15: 2, menoresde15_a4: 1, menores3: 1, mascotas: 1 }), lineTotalCents(1999, { menoresde15_a4: 3 })])).toBe(33740 + 3 * 1199);
    expect(() => orderTotalCents([10.5])).toThrow(RangeError);
  });

});
