import { describe, expect, it } from "vitest";
import {
  AyudaCreateBody,
  CiudadUpdateBody,
  ComentarioCreateBody,
  CompraCreateBody,
  HorarioCreateBody,
  LoginBody,
  PaisUpdateBody,
  RewardsCreateBody,
  TokenBody,
  TourFields,
  TourUpdateBody,
} from "./bodies.ts";
import type { z } from "zod/mini";

/** The Spanish messages of a failed parse, by field path. */
function messages(schema: z.ZodMiniType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".");
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

describe("LoginBody", () => {
  it("accepts an e-mail and password, trimming the e-mail", () => {
    expect(LoginBody.parse({ email: " ana@example.com ", password: "secreta" })).toEqual({
      email: "ana@example.com",
      password: "secreta",
    });
  });

  it("keeps spaces inside a password", () => {
    expect(LoginBody.parse({ email: "ana@example.com", password: " clave con espacios " }).password).toBe(" clave con espacios ");
  });

  it("answers Spanish messages for a bad e-mail and a missing password", () => {
    expect(messages(LoginBody, { email: "ana", password: "" })).toEqual({
      email: ["El correo electrónico no es válido"],
      password: ["La contraseña es obligatoria"],
    });
    expect(messages(LoginBody, {})).toEqual({
      email: ["El correo electrónico es obligatorio"],
      password: ["La contraseña es obligatoria"],
    });
  });
});

describe("PaisUpdateBody / CiudadUpdateBody", () => {
  it("accepts destacado as '1'/'0', 1/0 or booleans and prefijo as text", () => {
    expect(PaisUpdateBody.parse({ nombre: "Perú", prefijo: "51", destacado: "1" })).toEqual({
      nombre: "Perú",
      prefijo: 51,
      destacado: true,
    });
    expect(PaisUpdateBody.parse({ nombre: "Perú", prefijo: 51, destacado: 0 }).destacado).toBe(false);
    expect(CiudadUpdateBody.parse({ nombre: "Cusco", pais: "3", destacado: true })).toEqual({
      nombre: "Cusco",
      pais: 3,
      destacado: true,
    });
  });

  it("rejects a blank name and a non-numeric prefix in Spanish", () => {
    expect(messages(PaisUpdateBody, { nombre: "  ", prefijo: "abc", destacado: "1" })).toEqual({
      nombre: ["El nombre es obligatorio"],
      prefijo: ["El prefijo debe ser un número entre 1 y 99999"],
    });
    expect(messages(CiudadUpdateBody, { nombre: "Lima", destacado: "2" })).toEqual({
      pais: ["El país es obligatorio"],
      destacado: ["Destacado debe ser 1 o 0"],
    });
  });

  it("keeps the free-tour id extension and drops a blank one", () => {
    expect(PaisUpdateBody.parse({ nombre: "Perú", prefijo: 51, destacado: 1, freetour_id: "abc-1" }).freetour_id).toBe("abc-1");
    expect(PaisUpdateBody.parse({ nombre: "Perú", prefijo: 51, destacado: 1, freetour_id: "" }).freetour_id).toBeUndefined();
  });
});

describe("TourFields", () => {
  const valid = { nombre: "Tour por Bogotá", precio: "120.50", pais: "1", ciudad: 2 };

  it("parses multipart-style text into numbers and flags (absent flag = false)", () => {
    const tour = TourFields.parse({ ...valid, mascotas: "1", reembolsable: "0", habitacion_doble: "on" });
    expect(tour).toMatchObject({
      nombre: "Tour por Bogotá",
      precio: 120.5,
      pais: 1,
      ciudad: 2,
      mascotas: true,
      reembolsable: false,
      habitacion_doble: true,
      habitacion_individual: false,
    });
  });

  it("requires nombre, precio, pais and ciudad with Spanish messages", () => {
    expect(messages(TourFields, {})).toEqual({
      nombre: ["El nombre es obligatorio"],
      precio: ["El precio es obligatorio y debe ser un número"],
      pais: ["El país es obligatorio"],
      ciudad: ["La ciudad es obligatoria"],
    });
  });

  it.each([
    [0, "El precio debe ser mayor que 0"],
    [-5, "El precio debe ser mayor que 0"],
    [1_000_000.01, "El precio no puede ser mayor que 1.000.000"],
    ["19.999", "El precio admite como máximo 2 decimales"],
    [0.1 + 0.2, "El precio admite como máximo 2 decimales"],
    ["", "El precio es obligatorio y debe ser un número"],
    ["doce", "El precio es obligatorio y debe ser un número"],
  ])("rejects precio %s", (precio, message) => {
    expect(messages(TourFields, { ...valid, precio }).precio).toEqual([message]);
  });

  it.each([19.99, "1000000", 0.01, 1_000_000])("accepts precio %s", (precio) => {
    expect(TourFields.safeParse({ ...valid, precio }).success).toBe(true);
  });

  it("update body needs the tour id", () => {
    expect(messages(TourUpdateBody, valid)).toEqual({ id: ["El id del tour es obligatorio"] });
    expect(TourUpdateBody.parse({ ...valid, id: "7" }).id).toBe(7);
  });
});

describe("HorarioCreateBody", () => {
  const days = { lunes: true, martes: false, miercoles: 0, jueves: "0", viernes: "1", sabado: false, domingo: false };

  it("accepts HH:MM and HH:MM:SS and mixed flag forms", () => {
    expect(HorarioCreateBody.parse({ hora_inicio: "09:30", tour_id: 4, ...days })).toMatchObject({
      hora_inicio: "09:30",
      lunes: true,
      miercoles: false,
      viernes: true,
      tour_id: 4,
    });
    expect(HorarioCreateBody.safeParse({ hora_inicio: "18:00:00", tour_id: "4", ...days }).success).toBe(true);
  });

  it("rejects an impossible hour and a horario on no weekday", () => {
    expect(messages(HorarioCreateBody, { hora_inicio: "25:00", tour_id: 4, ...days })).toEqual({
      hora_inicio: ["La hora de inicio debe tener el formato HH:MM"],
    });
    expect(messages(HorarioCreateBody, { hora_inicio: "08:00", tour_id: 4 })).toEqual({
      lunes: ["Selecciona al menos un día de la semana"],
    });
  });
});

describe("ComentarioCreateBody", () => {
  it("accepts a rating as text", () => {
    expect(ComentarioCreateBody.parse({ email: "a@b.co", comentario: "Genial", start: "5", id_tour: 1 }).start).toBe(5);
  });

  it.each([0, 6, 3.5, "x"])("rejects rating %s with the Spanish message", (start) => {
    expect(messages(ComentarioCreateBody, { email: "a@b.co", comentario: "Genial", start, id_tour: 1 }).start).toEqual([
      "La calificación debe estar entre 1 y 5",
    ]);
  });
});

describe("RewardsCreateBody / AyudaCreateBody", () => {
  it("accepts telefono as a number or text", () => {
    expect(RewardsCreateBody.parse({ nombre: "Ana", apellido: "Ruiz", telefono: 3001234567, email: "a@b.co" }).telefono).toBe(
      "3001234567",
    );
    expect(RewardsCreateBody.parse({ nombre: "Ana", apellido: "Ruiz", telefono: " +57 300 ", email: "a@b.co" }).telefono).toBe(
      "+57 300",
    );
  });

  it("treats telefono 0 as missing", () => {
    expect(messages(RewardsCreateBody, { nombre: "Ana", apellido: "Ruiz", telefono: 0, email: "a@b.co" })).toEqual({
      telefono: ["El teléfono es obligatorio"],
    });
  });

  it("help needs the comment too", () => {
    expect(messages(AyudaCreateBody, { nombre: "Ana", apellido: "Ruiz", telefono: "1", email: "a@b.co" })).toEqual({
      comentario: ["El comentario es obligatorio"],
    });
  });
});

describe("phones and tax ids", () => {
  it("refuse letters, accept the usual separators", () => {
    const ok = { nombre: "Ana", apellido: "Ruiz", email: "a@b.co" };
    expect(RewardsCreateBody.safeParse({ ...ok, telefono: "+57 (601) 555-1234" }).success).toBe(true);
    expect(messages(RewardsCreateBody, { ...ok, telefono: "300-ABC-1234" })).toEqual({
      telefono: ["El teléfono solo admite números, espacios, +, -, punto y paréntesis"],
    });
    expect(messages(RewardsCreateBody, { ...ok, telefono: "<script>" }).telefono).toContain(
      "El teléfono solo admite números, espacios, +, -, punto y paréntesis",
    );
  });
});

describe("CompraCreateBody", () => {
  const line = {
    tour_id: 3,
    nombre: "Tour",
    dia: "12/24/2026-09:00",
    precio: 100,
    imagen: "uploads/x.webp",
    mayores_15: 2,
    de_4_15: "1",
    menores_3: 0,
    mascotas: 0,
    precio_total: 260,
  };
  const order = {
    pedidos: [line],
    nombre: "Ana",
    apellido: "Ruiz",
    email: "ana@example.com",
    telefono: 3001234567,
    telefonoRespaldo: 0,
    direccion: "Calle 1",
    comentario: "",
    nit: "123456",
    valor_total: 260,
  };

  it("refuses letters in the NIT and an infant travelling alone", () => {
    expect(messages(CompraCreateBody, { ...order, nit: "90012345A" }).nit).toEqual(["La cédula o NIT solo admite números, puntos y guiones"]);
    expect(CompraCreateBody.safeParse({ ...order, nit: "900.123.456-7" }).success).toBe(true);
    const infantAlone = { ...order, pedidos: [{ ...line, mayores_15: 0, de_4_15: 0, menores_3: 1 }] };
    expect(messages(CompraCreateBody, infantAlone)["pedidos.0.menores_3"]).toEqual([
      "Los menores de 3 años deben viajar con al menos un adulto o un niño de 4 a 15 años",
    ]);
  });

  it("accepts the storefront's body, numbers for phones and 0 for none", () => {
    const parsed = CompraCreateBody.parse(order);
    expect(parsed.telefono).toBe("3001234567");
    expect(parsed.telefonoRespaldo).toBeUndefined();
    expect(parsed.pedidos[0]).toMatchObject({ tour_id: 3, dia: "12/24/2026-09:00", mayores_15: 2, de_4_15: 1 });
  });

  it("accepts a start with seconds and absent counts as 0", () => {
    const parsed = CompraCreateBody.parse({
      ...order,
      pedidos: [{ tour_id: 3, dia: "01/02/2027-18:30:00", mayores_15: 1 }],
    });
    expect(parsed.pedidos[0]).toMatchObject({ de_4_15: 0, menores_3: 0, mascotas: 0 });
  });

  it("rejects an empty cart", () => {
    expect(messages(CompraCreateBody, { ...order, pedidos: [] }).pedidos).toEqual(["El carrito está vacío"]);
    expect(messages(CompraCreateBody, { ...order, pedidos: undefined }).pedidos).toEqual(["El carrito está vacío"]);
  });

  it("rejects a line without people (pets alone do not count)", () => {
    const noPeople = { ...line, mayores_15: 0, de_4_15: 0, menores_3: 0, mascotas: 2 };
    expect(messages(CompraCreateBody, { ...order, pedidos: [noPeople] })).toEqual({
      "pedidos.0.mayores_15": ["Cada tour debe incluir al menos una persona"],
    });
  });

  it.each([-1, 51, 1.5, "dos"])("rejects a count of %s", (count) => {
    expect(messages(CompraCreateBody, { ...order, pedidos: [{ ...line, mayores_15: count }] })["pedidos.0.mayores_15"]).toContain(
      "La cantidad debe ser un número entero entre 0 y 50",
    );
  });

  it.each(["2026-12-24 09:00", "13/01/2026-09:00", "12/24/2026", "12/24/2026-24:00", "1/2/2026-9:00"])(
    "rejects dia %s",
    (dia) => {
      expect(messages(CompraCreateBody, { ...order, pedidos: [{ ...line, dia }] })).toEqual({
        "pedidos.0.dia": ["La fecha debe tener el formato MM/DD/YYYY-HH:MM"],
      });
    },
  );

  it("requires the contact fields of the checkout form", () => {
    expect(messages(CompraCreateBody, { pedidos: [line] })).toEqual({
      nombre: ["El nombre es obligatorio"],
      apellido: ["El apellido es obligatorio"],
      email: ["El correo electrónico es obligatorio"],
      telefono: ["El teléfono es obligatorio"],
      direccion: ["La dirección es obligatoria"],
      nit: ["La cédula o NIT es obligatorio"],
    });
  });
});

describe("TokenBody", () => {
  it("requires a token", () => {
    expect(TokenBody.parse({ token: "5O190127TN364715T" })).toEqual({ token: "5O190127TN364715T" });
    expect(messages(TokenBody, {})).toEqual({ token: ["El token es obligatorio"] });
  });
});
