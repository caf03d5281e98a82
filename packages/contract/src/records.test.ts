import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { BannerGetAnswer, CALLS, TourByCiudadAnswer, TourFindAnswer, buildPath } from "./calls.ts";
import { HorarioSchema, PaisSchema, PedidoSchema, TourSchema } from "./records.ts";

const stamps = { createdAt: "2026-11-21T10:00:00.000Z", updatedAt: "2026-11-21T10:00:00.000Z" };

const tour = {
  id: 1,
  nombre: "Centro histórico",
  nombre_hotel: null,
  precio: "120.50",
  habitacion_individual: 1,
  habitacion_doble: false,
  habitacion_triple: "0",
  intinerario: "",
  incluye: "Guía",
  no_incluye: null,
  duracion: "3 h",
  accesibilidad: null,
  mascotas: 0,
  salidas: null,
  punto_encuentro: "Plaza",
  reembolsable: 1,
  pais: "1",
  ciudad: 2,
  descripcion: "<p>Hola</p>",
  imagen: null,
  ...stamps,
};

describe("record schemas", () => {
  it("normalise the upstream's loose forms: text ids and decimals, boolean or text flags", () => {
    const parsed = TourSchema.parse(tour);
    expect(parsed).toMatchObject({ precio: 120.5, pais: 1, habitacion_individual: 1, habitacion_doble: 0, habitacion_triple: 0 });
  });

  it("serialise Date timestamps (server side) as ISO text", () => {
    const parsed = PaisSchema.parse({
      id: 1,
      nombre: "Colombia",
      prefijo: 57,
      imagen: "uploads/paises/co.webp",
      destacado: true,
      createdAt: new Date("2026-01-02T03:04:05Z"),
      updatedAt: new Date("2026-01-02T03:04:05Z"),
    });
    expect(parsed.createdAt).toBe("2026-01-02T03:04:05.000Z");
    expect(parsed.destacado).toBe(1);
  });

  it("keep weekday flags and order status as booleans", () => {
    const horario = HorarioSchema.parse({
      id: 1, tour_id: 1, hora_inicio: "09:00:00", lunes: 1, martes: false, miercoles: true,
      jueves: 0, viernes: false, sabado: true, domingo: false, ...stamps,
    });
    expect(horario.lunes).toBe(true);
    expect(horario.jueves).toBe(false);
    const pedido = PedidoSchema.parse({
      id: 1, nombre: "Ana", apellido: "Ruiz", email: "a@b.co", nit: 123, direccion: "C", telefono: "300",
      telefonorespaldo: null, comentario: null, valor_total: "260.00", status: false, id_pay: "PAY-1", ...stamps,
    });
    expect(pedido).toMatchObject({ status: false, valor_total: 260, nit: "123" });
  });

  it("reject a flag outside 0|1", () => {
    expect(TourSchema.safeParse({ ...tour, mascotas: 2 }).success).toBe(false);
  });
});

describe("answer quirks", () => {
  it("find answers a one-element array, banner a bare array", () => {
    expect(TourFindAnswer.parse({ succes: [tour] }).succes).toHaveLength(1);
    expect(BannerGetAnswer.parse([])).toEqual([]);
    expect(BannerGetAnswer.safeParse({ succes: [] }).success).toBe(false);
  });

  it("city tours carry the free-tour page beside succes", () => {
    const answer = TourByCiudadAnswer.parse({
      succes: [tour],
      freetour: {
        tours: [
          {
            id: "ft-1",
            title: { es: "Free tour", en: "Free tour" },
            brief: { es: "Breve" },
            includes: ["Guía"],
            price: { value: 0, currency: "EUR" },
            titleImageURL: "https://img.example/1.jpg",
            images: [{ id: 1, URL: "https://img.example/1.jpg" }],
            countryId: "c-1",
            cityId: "ci-1",
            rating: 4.7,
            reviewsNumber: 120,
            extra: "kept",
          },
        ],
        currentPage: 1,
        totalPages: 1,
        totalObjects: 1,
      },
    });
    expect(answer.freetour.tours[0]?.title.es).toBe("Free tour");
    expect((answer.freetour.tours[0] as Record<string, unknown>).extra).toBe("kept");
  });
});

describe("CALLS", () => {
  it("keeps the contract's paths, quirks included", () => {
    expect(CALLS.paisIndex).toMatchObject({ method: "GET", path: "/api/pais/index", auth: false });
    expect(CALLS.horarioCreate.path).toBe("/api/tour/horario/create/");
    expect(CALLS.tourUpdate).toMatchObject({ method: "POST", path: "/api/tour/update/", auth: true });
    expect(CALLS.bannerDelete).toMatchObject({ method: "GET", path: "/api/deletebanner", auth: true });
    expect(CALLS.compraCancel.path).toBe("/compra/cancel");
    expect(CALLS.rewardsIndex.auth).toBe(true);
    expect(CALLS.compraCreate.auth).toBe(false);
  });

  it("fills path parameters, encoded", () => {
    expect(buildPath(CALLS.ciudadesFindCiudad.path, { ciudadId: 7 })).toBe("/api/ciudades/findciudad/7");
    expect(buildPath(CALLS.freetoursTour.path, { id: "a/b" })).toBe("/api/freetours/tour/a%2Fb");
    expect(() => buildPath(CALLS.paisFind.path, {})).toThrow("Falta el parámetro id");
  });
});

describe("machine-readable description", () => {
  it("every call's answer (output) and JSON body (input) converts to JSON Schema for the OpenAPI document", () => {
    for (const [name, def] of Object.entries(CALLS)) {
      expect(() => z.toJSONSchema(def.answer), name).not.toThrow();
      const body: unknown = "body" in def ? def.body : undefined;
      if (body instanceof z.ZodMiniType) expect(() => z.toJSONSchema(body, { io: "input" }), name).not.toThrow();
    }
  });
});
