import { describe, expect, it } from "vitest";
import { CompraCreateBody, LoginBody } from "./bodies.ts";
import { ValidationErrorBody, errorMessages, zodIssuesToErrors } from "./errors.ts";

describe("zodIssuesToErrors", () => {
  it("builds the contract's 400 list with the offending value and a dotted path", () => {
    const input = { email: "no-es-correo", password: "x" };
    const result = LoginBody.safeParse(input);
    expect(result.success).toBe(false);
    if (result.success) return;
    const errors = zodIssuesToErrors(result.error, "body", input);
    expect(errors).toEqual([
      { type: "field", value: "no-es-correo", msg: "El correo electrónico no es válido", path: "email", location: "body" },
    ]);
    expect(ValidationErrorBody.parse({ errors })).toEqual({ errors });
  });

  it("reaches into nested lines", () => {
    const input = { pedidos: [{ tour_id: 1, dia: "mañana", mayores_15: 1 }] };
    const result = CompraCreateBody.safeParse(input);
    if (result.success) throw new Error("should fail");
    const dia = zodIssuesToErrors(result.error, "body", input).find((e) => e.path === "pedidos.0.dia");
    expect(dia).toEqual({
      type: "field",
      value: "mañana",
      msg: "La fecha debe tener el formato MM/DD/YYYY-HH:MM",
      path: "pedidos.0.dia",
      location: "body",
    });
  });
});

describe("errorMessages", () => {
  it("collects the messages of every failure shape the clients show", () => {
    expect(errorMessages({ errors: [{ msg: "A" }, { msg: "B" }] })).toEqual(["A", "B"]);
    expect(errorMessages({ error: { errors: [{ msg: "Hora repetida" }] } })).toEqual(["Hora repetida"]);
    expect(errorMessages({ usuario: "El usuario no existe" })).toEqual(["El usuario no existe"]);
    expect(errorMessages({ password: "Contraseña incorrecta" })).toEqual(["Contraseña incorrecta"]);
    expect(errorMessages("Internal Server Error")).toEqual([]);
    expect(errorMessages(undefined)).toEqual([]);
  });
});
