import { describe, expect, it } from "vitest";
import {
  addToCart,
  cartTotalCents,
  hasTravellers,
  newCartItem,
  readCart,
  removeFromCart,
  setCount,
  updateCartItem,
  type CartItem,
} from "./cart.ts";
import { MSG } from "./messages.ts";

const tour = { tour_id: 3, nombre: "Centro histórico", dia: "12/24/2026-09:00", precio: 120.5, imagen: "uploads/t.webp" };

describe("cart line counters", () => {
  it("a new line starts with every count at 0 and total 0", () => {
    expect(newCartItem(tour)).toEqual({ ...tour, mayores_15: 0, de_4_15: 0, menores_3: 0, mascotas: 0, precio_total: 0 });
  });

  it("plus adds each kind's unit price, minus takes it back exactly", () => {
    let item = newCartItem(tour);
    item = setCount(item, "mayores_15", item.mayores_15 + 1); // 120.50
    item = setCount(item, "mayores_15", item.mayores_15 + 1); // 241.00
    item = setCount(item, "de_4_15", item.de_4_15 + 1); // + 72.30
    item = setCount(item, "menores_3", item.menores_3 + 1); // + 0
    item = setCount(item, "mascotas", item.mascotas + 1); // + 24.10
    expect(item).toMatchObject({ mayores_15: 2, de_4_15: 1, menores_3: 1, mascotas: 1, precio_total: 337.4 });
    item = setCount(item, "de_4_15", item.de_4_15 - 1);
    expect(item.precio_total).toBe(265.1);
    item = setCount(item, "mascotas", item.mascotas - 1);
    item = setCount(item, "mayores_15", item.mayores_15 - 1);
    item = setCount(item, "mayores_15", item.mayores_15 - 1);
    expect(item).toMatchObject({ mayores_15: 0, precio_total: 0 });
  });

  it("never goes below 0 nor above 50", () => {
    const item = setCount(newCartItem(tour), "mascotas", -1);
    expect(item.mascotas).toBe(0);
    expect(setCount(item, "mayores_15", 99).mayores_15).toBe(50);
    expect(setCount(item, "mayores_15", -3).mayores_15).toBe(0);
    expect(setCount(item, "mayores_15", 2.7).mayores_15).toBe(2);
    expect(setCount(item, "de_4_15", 51).de_4_15).toBe(50);
  });

  it("a line needs a person; pets alone do not count", () => {
    const item = newCartItem(tour);
    expect(hasTravellers(setCount(item, "mascotas", item.mascotas + 1))).toBe(false);
    expect(hasTravellers(setCount(item, "menores_3", item.menores_3 + 1))).toBe(true);
  });
});

describe("the cart", () => {
  it("adds a tour once and warns on the second time", () => {
    const first = addToCart([], newCartItem(tour));
    expect(first).toMatchObject({ ok: true, message: MSG.tourAgregado });
    expect(first.cart).toHaveLength(1);
    const again = addToCart(first.cart, newCartItem({ ...tour, dia: "12/25/2026-09:00" }));
    expect(again).toMatchObject({ ok: false, message: "Ya existe este tour en tu carrito" });
    expect(again.cart).toHaveLength(1);
  });

  it("updates, removes and totals in cents", () => {
    const a = setCount(newCartItem(tour), "mayores_15", 1);
    const b = setCount(newCartItem({ ...tour, tour_id: 4, precio: 19.99 }), "de_4_15", 3);
    let cart = addToCart(addToCart([], a).cart, b).cart;
    expect(cartTotalCents(cart)).toBe(12050 + 3 * 1199);
    cart = updateCartItem(cart, setCount(a, "mayores_15", a.mayores_15 + 1));
    expect(cartTotalCents(cart)).toBe(24100 + 3 * 1199);
    cart = removeFromCart(cart, 3);
    expect(cart.map((l) => l.tour_id)).toEqual([4]);
  });
});

describe("readCart", () => {
  it("keeps valid lines, recomputes totals and drops what cannot be priced", () => {
    const stored: unknown = [
      { ...tour, mayores_15: "2", de_4_15: -4, menores_3: 1.9, mascotas: null, precio_total: 0.01 },
      { ...tour, tour_id: 3 }, // duplicate tour
      { ...tour, tour_id: 5, precio: 10.999 },
      { ...tour, tour_id: "x" },
      { ...tour, tour_id: 6, dia: undefined },
      null,
      "junk",
    ];
    const cart: CartItem[] = readCart(stored);
    expect(cart).toEqual([
      { ...tour, mayores_15: 2, de_4_15: 0, menores_3: 1, mascotas: 0, precio_total: 241 },
    ]);
  });

  it("answers an empty cart for anything but a list", () => {
    expect(readCart(null)).toEqual([]);
    expect(readCart({ carttravel: [] })).toEqual([]);
  });
});
