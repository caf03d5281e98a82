import { ApiError } from "@tours/contract";
import { describe, expect, it, vi } from "vitest";

/*
 * Issue 28: an order beyond the hold limits is refused by the API; the checkout shows its Spanish message as it
 * shows a sold-out departure's (the API's answers below are the ones packages/api/test/hold-limits.test.ts asserts).
 */

const answer = vi.hoisted(() => ({ current: null as unknown }));
vi.mock("./api.server", () => ({
  api: () => ({
    compra: {
      create: async () => {
        throw answer.current;
      },
    },
  }),
  logLoadFailure: () => {},
}));

const { placeOrder } = await import("./checkout.server");

const GROUP =
  "Un pedido en línea admite hasta 20 personas. Para un grupo más grande escríbenos desde la página de Ayuda (/ayuda) y te preparamos una reserva de grupo.";
const SHARE =
  "Los pedidos sin pagar hechos desde una misma conexión pueden retener hasta 6 lugares de la salida del miércoles, 25 de noviembre de 2026 a las 09:00 hora de Bogotá. " +
  "Paga tus pedidos pendientes o elige menos viajeros; para un grupo más grande escríbenos desde la página de Ayuda (/ayuda) y te preparamos una reserva de grupo.";

const values = {
  nombre: "Ana",
  apellido: "Gómez",
  nit: "1020304050",
  email: "ana@example.com",
  telefono: "3001234567",
  telefonoRespaldo: "",
  direccion: "Calle 10 # 5-20",
  comentario: "",
};
const item = { tour_id: 1, nombre: "La Candelaria", dia: "11/25/2026-09:00", precio: 45, imagen: "x.webp", mayores_15: 21, de_4_15: 0, menores_3: 0, mascotas: 0, precio_total: 945 };

describe("checkout beyond the hold limits", () => {
  it("shows the group-booking message of a 400 on pedidos", async () => {
    answer.current = new ApiError(400, { errors: [{ type: "field", msg: GROUP, path: "pedidos", location: "body" }] });
    const outcome = await placeOrder([item], values);
    expect(outcome).toMatchObject({ kind: "error", messages: [GROUP] });
  });

  it("shows the departure-share message of a 409 on a line", async () => {
    answer.current = new ApiError(409, { errors: [{ type: "field", msg: SHARE, path: "pedidos[0].dia", location: "body" }] });
    const outcome = await placeOrder([{ ...item, mayores_15: 12 }], values);
    expect(outcome).toMatchObject({ kind: "error", messages: [SHARE] });
  });
});
