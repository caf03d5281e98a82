import { ApiError } from "@tours/contract";
import { formatTarjetaCodigo } from "@tours/domain";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

/*
 * Gift cards against the API (decision 0024), the API mocked: the purchase form's checks and the API's refusals per
 * field, the way to PayPal, the balance's refusals, and the cart's card kept in its cookie only when it can pay.
 */

const calls = vi.hoisted(() => ({ answer: null as unknown, bodies: [] as Array<{ name: string; body: unknown }> }));
vi.mock("./api.server", () => ({
  api: () => ({
    call: async (name: string, options: { body: unknown }) => {
      calls.bodies.push({ name, body: options.body });
      if (calls.answer instanceof Error) throw calls.answer;
      return calls.answer;
    },
  }),
  logLoadFailure: () => {},
}));

let server: typeof import("./gift-card.server");
let cart: typeof import("./cart.server");
beforeAll(async () => {
  process.env.SESSION_SECRET = "una-clave-de-prueba";
  server = await import("./gift-card.server");
  cart = await import("./cart.server");
});
beforeEach(() => {
  calls.answer = null;
  calls.bodies = [];
});

const values = {
  monto: "50",
  monto_otro: "",
  comprador_nombre: "Luis",
  comprador_email: "luis@example.com",
  destinatario_nombre: "Ana",
  destinatario_email: "ana@example.com",
  mensaje: "",
};
const order = (links: Array<{ href: string; rel: string; method: string }>) => ({ succes: { id: "PAYPAL-1", status: "CREATED", links } });
const validation = (status: number, path: string, msg: string) =>
  new ApiError(status, { errors: [{ type: "field", value: "x", msg, path, location: "body" }] });

describe("buying a card", () => {
  it("sends the amount and the people to the API and answers PayPal's approve link", async () => {
    calls.answer = order([
      { href: "https://sim.example/self", rel: "self", method: "GET" },
      { href: "https://sim.example/checkoutnow?token=PAYPAL-1", rel: "approve", method: "GET" },
    ]);
    const outcome = await server.comprarTarjeta({ ...values, monto: "otro", monto_otro: "75,50", mensaje: "¡Feliz cumpleaños!" });
    expect(outcome).toEqual({ kind: "approve", url: "https://sim.example/checkoutnow?token=PAYPAL-1" });
    expect(calls.bodies).toEqual([
      {
        name: "tarjetaComprar",
        body: { monto: 75.5, comprador_nombre: "Luis", comprador_email: "luis@example.com", destinatario_nombre: "Ana", destinatario_email: "ana@example.com", mensaje: "¡Feliz cumpleaños!" },
      },
    ]);
  });

  it("says what to correct per field, in the contract's words, without asking the API", async () => {
    const outcome = await server.comprarTarjeta({ ...values, monto: "", comprador_email: "luis@", destinatario_nombre: "" });
    expect(outcome.kind).toBe("invalid");
    expect(outcome.kind === "invalid" && outcome.errors).toEqual({
      monto: "Elige o escribe el valor de la tarjeta",
      comprador_email: "Tu correo electrónico no es válido",
      destinatario_nombre: "Escribe el nombre de quien la recibe",
    });
    expect(calls.bodies).toEqual([]);
  });

  it("refuses an amount out of range, with too many cents, not a number, or ambiguous", async () => {
    const monto = async (choice: string, otro: string) => {
      const outcome = await server.comprarTarjeta({ ...values, monto: choice, monto_otro: otro });
      return outcome.kind === "invalid" ? outcome.errors.monto : outcome.kind;
    };
    expect(await monto("otro", "5")).toBe("El valor debe estar entre USD 10 y USD 1,000");
    expect(await monto("otro", "1000.01")).toBe("El valor debe estar entre USD 10 y USD 1,000");
    expect(await monto("otro", "10.555")).toBe("El valor admite hasta dos decimales");
    expect(await monto("otro", "diez")).toBe("Escribe el valor en números, por ejemplo 75 o 75.50");
    expect(await monto("otro", "")).toBe("Elige o escribe el valor de la tarjeta");
    expect(await monto("50", "80")).toMatch(/^Marcaste USD 50 y escribiste otro valor/);
    expect(calls.bodies).toEqual([]);
  });

  it("shows the API's refusals on their fields", async () => {
    calls.answer = validation(400, "destinatario_email", "El correo de quien la recibe no es válido");
    const outcome = await server.comprarTarjeta(values);
    expect(outcome).toEqual({ kind: "invalid", errors: { destinatario_email: "El correo de quien la recibe no es válido" }, messages: [] });
  });

  it("says so when the API cannot be reached", async () => {
    calls.answer = new ApiError(0, null, "network");
    const outcome = await server.comprarTarjeta(values);
    expect(outcome).toEqual({ kind: "invalid", errors: {}, messages: ["No pudimos iniciar el pago de la tarjeta regalo; intenta de nuevo en unos minutos"] });
  });
});

describe("back from PayPal", () => {
  it("says what was sent, to whom and until when", async () => {
    calls.answer = { succes: { codigo_final: "…JKMN", importe: 50, vence_el: "2027-11-27", destinatario_nombre: "Ana", destinatario_email: "ana@example.com" } };
    expect(await server.confirmarTarjeta("PAYPAL-1")).toEqual({ ok: true, importe: "USD 50.00", final: "…JKMN", venceEl: "2027-11-27", destinatario: "Ana", email: "ana@example.com" });
    expect(calls.bodies).toEqual([{ name: "tarjetaConfirmar", body: { token: "PAYPAL-1" } }]);
  });

  it("passes on the API's reason, or a generic one", async () => {
    calls.answer = new ApiError(409, { errors: [{ msg: "PayPal no aprobó este pago" }] });
    expect(await server.confirmarTarjeta("PAYPAL-1")).toEqual({ ok: false, message: "PayPal no aprobó este pago" });
    calls.answer = new ApiError(500, { errors: [{ msg: "boom" }] });
    expect(await server.confirmarTarjeta("PAYPAL-1")).toEqual({ ok: false, message: expect.stringMatching(/^No pudimos confirmar/) });
    expect(await server.confirmarTarjeta(null)).toEqual({ ok: false, message: expect.any(String) });
  });
});

describe("a card's balance", () => {
  const saldo = { codigo_final: "…JKMN", importe: 50, saldo: 35, vence_el: "2027-11-27", vencida: false };

  it("asks with the code in its stored form, and refuses what cannot be a code without asking", async () => {
    calls.answer = { succes: saldo };
    expect(await server.consultarSaldo(" abcd-efgh jkmn ")).toEqual({ ok: true, codigo: formatTarjetaCodigo("ABCDEFGHJKMN"), saldo });
    expect(calls.bodies).toEqual([{ name: "tarjetaSaldo", body: { codigo: formatTarjetaCodigo("ABCDEFGHJKMN") } }]);
    expect(await server.consultarSaldo("HOLA")).toEqual({ ok: false, message: "Este código de tarjeta regalo no existe" });
    expect(await server.consultarSaldo("  ")).toEqual({ ok: false, message: "Escribe el código de la tarjeta regalo" });
    expect(calls.bodies).toHaveLength(1);
  });

  it("shows the API's 404 and 429 in its words", async () => {
    calls.answer = validation(404, "codigo", "Este código de tarjeta regalo no existe");
    expect(await server.consultarSaldo("ABCDEFGHJKMN")).toEqual({ ok: false, message: "Este código de tarjeta regalo no existe" });
    calls.answer = new ApiError(429, { errors: [{ msg: "Demasiadas consultas: intenta de nuevo en una hora" }] });
    expect(await server.consultarSaldo("ABCDEFGHJKMN")).toEqual({ ok: false, message: "Demasiadas consultas: intenta de nuevo en una hora" });
  });

  describe("in the cart", () => {
    const post = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      return form;
    };
    const request = () => new Request("http://localhost/shop", { method: "POST" });

    it("keeps a card with a balance in the cart's cookie, with that balance", async () => {
      calls.answer = { succes: saldo };
      const response = await server.cardAction(request(), post({ intent: "tarjeta", tarjeta: "abcdefghjkmn" }), true, {});
      const cookies = response.headers.getSetCookie();
      const cartCookie = cookies.find((c) => !c.startsWith("toast="))!;
      const kept = await cart.getCard(new Request("http://localhost/shop", { headers: { Cookie: cartCookie.split(";")[0]! } }));
      expect(kept).toEqual({ codigo: formatTarjetaCodigo("ABCDEFGHJKMN"), saldo: 3500, vence_el: "2027-11-27" });
    });

    it("refuses an expired or empty card with the reason, keeping nothing", async () => {
      calls.answer = { succes: { ...saldo, vencida: true, vence_el: "2026-01-05" } };
      let response = await server.cardAction(request(), post({ intent: "tarjeta", tarjeta: "abcdefghjkmn" }), false, {});
      expect(response.headers.get("Set-Cookie")).toBeNull();
      expect(await response.json()).toEqual({ kind: "card", message: "Esta tarjeta regalo venció el lunes, 5 de enero de 2026", value: "abcdefghjkmn" });
      calls.answer = { succes: { ...saldo, saldo: 0 } };
      response = await server.cardAction(request(), post({ intent: "tarjeta", tarjeta: "abcdefghjkmn" }), false, {});
      expect(await response.json()).toEqual({ kind: "card", message: "Esta tarjeta regalo no tiene saldo", value: "abcdefghjkmn" });
    });

    it("forgets it on «Quitar tarjeta» (a plain post goes back to the cart)", async () => {
      const response = await server.cardAction(request(), post({ intent: "tarjeta-quitar" }), false, {});
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/shop");
      expect(calls.bodies).toEqual([]);
    });
  });
});
