import type { CartItem } from "@tours/domain";
import { describe, expect, it } from "vitest";
import { CART_MSG, clampToPlaces, linePersons, lineProblem, type LineAvailability } from "~/lib/cart-places";

const counts = (mayores_15: number, de_4_15 = 0, menores_3 = 0, mascotas = 0) => ({ mayores_15, de_4_15, menores_3, mascotas });

const item = (c: ReturnType<typeof counts>): CartItem =>
  ({ tour_id: 7, nombre: "Tour", precio: "30.00", imagen: null, dia: "11/24/2026-10:00", ...c }) as unknown as CartItem;

const live = (estado: LineAvailability["estado"], quedan: number | null): LineAvailability => ({
  estado,
  quedan,
  when: "martes, 24 de noviembre de 2026, 10:00 hora de Bogotá",
});

describe("linePersons", () => {
  it("counts adults, children and infants; pets take no place", () => {
    expect(linePersons(counts(2, 1, 1, 3))).toBe(4);
  });
});

describe("clampToPlaces", () => {
  it("leaves a post within the places left alone", () => {
    expect(clampToPlaces(counts(1), counts(2), 2)).toEqual({ item: counts(2), clamped: false });
  });

  it("unlimited departures are never clamped", () => {
    expect(clampToPlaces(counts(1), counts(40), null)).toEqual({ item: counts(40), clamped: false });
  });

  it("one '+' past the limit is taken back", () => {
    expect(clampToPlaces(counts(1, 1), counts(2, 1), 2)).toEqual({ item: counts(1, 1), clamped: true });
  });

  it("a post that jumps past the limit keeps as many as fit, infants and children taken back first", () => {
    expect(clampToPlaces(counts(0), counts(3, 2, 1), 4)).toEqual({ item: counts(3, 1, 0), clamped: true });
    expect(clampToPlaces(counts(1), counts(5), 3)).toEqual({ item: counts(3), clamped: true });
  });

  it("pets are never touched", () => {
    expect(clampToPlaces(counts(2, 0, 0, 1), counts(3, 0, 0, 2), 2)).toEqual({ item: counts(2, 0, 0, 2), clamped: true });
  });

  it("a line already above places sold meanwhile is not cut below what it had", () => {
    expect(clampToPlaces(counts(3), counts(4), 1)).toEqual({ item: counts(3), clamped: true });
    expect(clampToPlaces(counts(3), counts(3, 0, 0, 1), 1)).toEqual({ item: counts(3, 0, 0, 1), clamped: false });
  });

  it("sold out: nothing can be added", () => {
    expect(clampToPlaces(counts(0), counts(1), 0)).toEqual({ item: counts(0), clamped: true });
  });
});

describe("lineProblem", () => {
  it("unknown availability (the call failed): no problem, the checkout re-checks", () => {
    expect(lineProblem(item(counts(2)), undefined)).toBeNull();
  });

  it("a departure sold out while the cart waited", () => {
    expect(lineProblem(item(counts(1)), live("agotada", 0))).toBe(CART_MSG.soldOut);
  });

  it("closed by staff or past its cutoff", () => {
    expect(lineProblem(item(counts(1)), live("cerrada", 5))).toBe(CART_MSG.closed);
    expect(lineProblem(item(counts(1)), live("vencida", 5))).toBe(CART_MSG.closed);
  });

  it("more travelers than places left, in plain Spanish", () => {
    expect(lineProblem(item(counts(2, 1)), live("pocos", 2))).toBe("Solo quedan 2 lugares para esta salida");
    expect(lineProblem(item(counts(2)), live("pocos", 1))).toBe("Solo queda 1 lugar para esta salida");
  });

  it("fits: no problem", () => {
    expect(lineProblem(item(counts(2, 0, 0, 4)), live("pocos", 2))).toBeNull();
    expect(lineProblem(item(counts(9)), live("disponible", null))).toBeNull();
  });
});
