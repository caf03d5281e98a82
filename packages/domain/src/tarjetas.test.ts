import { describe, expect, it } from "vitest";
import { cardPaymentCents, normalizeTarjetaCodigo, refundSplit, tarjetaCodigoFinal, tarjetaMontoValido, tarjetaVenceEl } from "./tarjetas.ts";

describe("gift card codes", () => {
  it("reads a code however it is typed, and refuses what cannot be one", () => {
    expect(normalizeTarjetaCodigo("rg-abcd-efgh-jkmn")).toBe("RG-ABCD-EFGH-JKMN");
    expect(normalizeTarjetaCodigo(" ABCD EFGH JKMN ")).toBe("RG-ABCD-EFGH-JKMN");
    expect(normalizeTarjetaCodigo("RGABCDEFGHJKMN")).toBe("RG-ABCD-EFGH-JKMN");
    expect(normalizeTarjetaCodigo("RG-ABCD-EFGH-JKM0")).toBeNull(); // 0 is not in the alphabet
    expect(normalizeTarjetaCodigo("RG-ABCD-EFGH")).toBeNull();
    expect(normalizeTarjetaCodigo("")).toBeNull();
    expect(tarjetaCodigoFinal("RG-ABCD-EFGH-JKMN")).toBe("…JKMN");
  });

  it("lasts twelve months, to the same day (28 February for a 29 February)", () => {
    expect(tarjetaVenceEl("2026-11-27")).toBe("2027-11-27");
    expect(tarjetaVenceEl("2028-02-29")).toBe("2029-02-28");
    expect(tarjetaVenceEl("2026-01-31")).toBe("2027-01-31");
  });

  it("is worth USD 10 to USD 1,000 in whole cents", () => {
    expect(tarjetaMontoValido(1000)).toBe(true);
    expect(tarjetaMontoValido(100_000)).toBe(true);
    expect(tarjetaMontoValido(999)).toBe(false);
    expect(tarjetaMontoValido(100_001)).toBe(false);
    expect(tarjetaMontoValido(12.5)).toBe(false);
  });
});

describe("splitting money between a card and PayPal", () => {
  it("pays all of an order the balance covers, else the whole balance", () => {
    expect(cardPaymentCents(4_000, 10_000)).toBe(4_000);
    expect(cardPaymentCents(12_345, 10_000)).toBe(10_000);
    expect(cardPaymentCents(5_000, 0)).toBe(0);
  });

  it("refunds to the card first, the rest to PayPal, to the cent", () => {
    // an order of three lines (USD 33.34 + 33.33 + 33.33) paid USD 50.00 by card and USD 50.00 by PayPal
    const first = refundSplit(3_334, 5_000);
    expect(first).toEqual({ tarjeta: 3_334, paypal: 0 });
    const second = refundSplit(3_333, 5_000 - first.tarjeta);
    expect(second).toEqual({ tarjeta: 1_666, paypal: 1_667 });
    const third = refundSplit(3_333, 5_000 - first.tarjeta - second.tarjeta);
    expect(third).toEqual({ tarjeta: 0, paypal: 3_333 });
    expect(first.tarjeta + second.tarjeta + third.tarjeta).toBe(5_000);
    expect(first.paypal + second.paypal + third.paypal).toBe(5_000);
  });
});
