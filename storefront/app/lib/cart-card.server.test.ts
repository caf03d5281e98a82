import { formatTarjetaCodigo } from "@tours/domain";
import { beforeAll, describe, expect, it } from "vitest";

/*
 * The cart's gift card in the cart's signed cookie (decision 0024), as discount codes are kept: set, read back,
 * forgotten, kept while the cart changes, gone with the cart once it is paid.
 */

let cart: typeof import("./cart.server");
beforeAll(async () => {
  process.env.SESSION_SECRET = "una-clave-de-prueba";
  cart = await import("./cart.server");
});

// the stored form as the domain writes it (its prefix is the domain's business)
const card = { codigo: formatTarjetaCodigo("ABCDEFGHJKMN"), saldo: 5000, vence_el: "2027-11-27" };
const item = { tour_id: 7, nombre: "La Candelaria", dia: "12/05/2026-09:00", precio: 40, imagen: "x.webp", mayores_15: 1, de_4_15: 0, menores_3: 0, mascotas: 0, precio_total: 40 };

/** A request that carries the cookie a Set-Cookie header set. */
function requestWith(setCookie: string | null): Request {
  const cookie = setCookie ? setCookie.split(";")[0]! : "";
  return new Request("http://localhost/shop", { headers: cookie ? { Cookie: cookie } : {} });
}

describe("the cart's gift card cookie", () => {
  it("keeps the card applied and reads it back", async () => {
    const set = await cart.commitCard(requestWith(null), card);
    expect(set).toMatch(/HttpOnly/i);
    // signed: the code is in it, but it cannot be changed by the visitor
    expect(await cart.getCard(requestWith(set))).toEqual(card);
  });

  it("refuses a tampered cookie", async () => {
    const set = await cart.commitCard(requestWith(null), card);
    const [name, value] = set.split(";")[0]!.split("=") as [string, string];
    const forged = `${name}=${value.replace(/\.[^.]+$/, ".firmafalsa")}`;
    expect(await cart.getCard(new Request("http://localhost/shop", { headers: { Cookie: forged } }))).toBeNull();
  });

  it("forgets it on «Quitar tarjeta», keeping the rest of the cart", async () => {
    const withItems = await cart.commitCart(requestWith(null), [item]);
    const withCard = await cart.commitCard(requestWith(withItems), card);
    const removed = await cart.commitCard(requestWith(withCard), null);
    expect(await cart.getCard(requestWith(removed))).toBeNull();
    expect((await cart.getCart(requestWith(removed))).map((i) => i.tour_id)).toEqual([7]);
  });

  it("stays while the cart's lines change, and goes with a card the checkout refused", async () => {
    const withCard = await cart.commitCard(requestWith(await cart.commitCart(requestWith(null), [item])), card);
    const changed = await cart.commitCart(requestWith(withCard), [{ ...item, mayores_15: 3 }]);
    expect(await cart.getCard(requestWith(changed))).toEqual(card);
    const refused = await cart.commitCart(requestWith(changed), [item], undefined, null);
    expect(await cart.getCard(requestWith(refused))).toBeNull();
  });

  it("goes with the cart once the order is paid (the cart emptied)", async () => {
    const withCard = await cart.commitCard(requestWith(await cart.commitCart(requestWith(null), [item])), card);
    const emptied = await cart.commitCart(requestWith(withCard), []);
    expect(await cart.getCard(requestWith(emptied))).toBeNull();
    expect(await cart.getCart(requestWith(emptied))).toEqual([]);
  });

  it("does not keep what is not a card", async () => {
    const set = await cart.commitCard(requestWith(null), { ...card, codigo: "NO-ES-UNA-TARJETA" });
    expect(await cart.getCard(requestWith(set))).toBeNull();
  });
});
