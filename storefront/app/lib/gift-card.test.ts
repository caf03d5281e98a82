import { formatTarjetaCodigo } from "@tours/domain";
import { describe, expect, it } from "vitest";
import { cardSplit, fechaLarga, montoConflict, parseMonto, readCartCard, saldoText } from "./gift-card";

describe("the purchase form's amount", () => {
  it("reads an offered amount, and nothing else, from the radio", () => {
    expect(parseMonto("50", "")).toBe(50);
    expect(parseMonto("200", "")).toBe(200);
    expect(parseMonto("75", "")).toBeUndefined();
    expect(parseMonto("", "")).toBeUndefined();
  });

  it("reads «Otro valor» as people type it", () => {
    expect(parseMonto("otro", "75")).toBe(75);
    expect(parseMonto("otro", " 75.5 ")).toBe(75.5);
    expect(parseMonto("otro", "75,50")).toBe(75.5);
    expect(parseMonto("otro", "USD 40")).toBe(40);
    expect(parseMonto("otro", "$12.34")).toBe(12.34);
    // the contract's schema refuses these with its own words (range, cents)
    expect(parseMonto("otro", "5")).toBe(5);
    expect(parseMonto("otro", "10.555")).toBe(10.555);
  });

  it("tells a missing value from one that is not a number", () => {
    expect(parseMonto("otro", "")).toBeUndefined();
    expect(parseMonto("otro", "  ")).toBeUndefined();
    expect(parseMonto("otro", "cien")).toBeNaN();
    expect(parseMonto("otro", "1.000,00")).toBeNaN();
    expect(parseMonto("otro", "-20")).toBeNaN();
  });

  it("takes a typed value with no radio marked (a page without JavaScript shows the field)", () => {
    expect(parseMonto("", "80")).toBe(80);
  });

  it("asks which one when a fixed amount is marked and another value typed", () => {
    expect(montoConflict("50", "80")).toBe("Marcaste USD 50 y escribiste otro valor: marca «Otro valor» o borra lo que escribiste");
    expect(montoConflict("50", "")).toBeNull();
    expect(montoConflict("otro", "80")).toBeNull();
    expect(montoConflict("", "80")).toBeNull();
  });
});

describe("the cart's gift card", () => {
  // the stored form as the domain writes it (its prefix is the domain's business)
const card = { codigo: formatTarjetaCodigo("ABCDEFGHJKMN"), saldo: 5000, vence_el: "2027-11-27" };

  it("reads back what the cookie kept, and nothing it should not have", () => {
    expect(readCartCard(card)).toEqual(card);
    // the stored form, whatever was kept
    expect(readCartCard({ ...card, codigo: "abcd efgh jkmn" })).toEqual(card);
    expect(readCartCard(null)).toBeNull();
    expect(readCartCard(card.codigo)).toBeNull();
    expect(readCartCard({ ...card, codigo: "0000 EFGH JKMN" })).toBeNull();
    expect(readCartCard({ ...card, saldo: -1 })).toBeNull();
    expect(readCartCard({ ...card, saldo: 12.5 })).toBeNull();
    expect(readCartCard({ ...card, saldo: "5000" })).toBeNull();
    expect(readCartCard({ ...card, vence_el: "mañana" })).toBeNull();
  });

  it("pays min(balance, total) and leaves the rest to PayPal", () => {
    expect(cardSplit(8000, card)).toEqual({ final: "…JKMN", cardCents: 5000, paypalCents: 3000 });
    expect(cardSplit(3550, card)).toEqual({ final: "…JKMN", cardCents: 3550, paypalCents: 0 });
    expect(cardSplit(5000, card)).toEqual({ final: "…JKMN", cardCents: 5000, paypalCents: 0 });
    expect(cardSplit(0, card)).toEqual({ final: "…JKMN", cardCents: 0, paypalCents: 0 });
    expect(cardSplit(8000, null)).toBeNull();
  });
});

describe("a card's balance in words", () => {
  it("says the balance, the value and until when", () => {
    expect(saldoText({ codigo_final: "…JKMN", importe: 50, saldo: 35, vence_el: "2027-11-27", vencida: false })).toBe(
      "Saldo: USD 35.00 de USD 50.00 · válida hasta el 27 de noviembre de 2027",
    );
    expect(saldoText({ codigo_final: "…JKMN", importe: 50, saldo: 12.3, vence_el: "2026-01-05", vencida: true })).toBe(
      "Saldo: USD 12.30 de USD 50.00 · Venció el 5 de enero de 2026",
    );
  });

  it("writes dates in Spanish", () => {
    expect(fechaLarga("2027-02-28")).toBe("28 de febrero de 2027");
    expect(fechaLarga("no es fecha")).toBe("no es fecha");
  });
});
