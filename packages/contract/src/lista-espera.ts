import { z } from "zod/mini";
import { DIA_PATTERN, MAX_VIAJEROS_POR_TIPO } from "./bodies.ts";
import { countOrZero, optionalText, requiredEmail, requiredId, requiredPhoneLike, requiredText } from "./primitives.ts";

const count = countOrZero(`La cantidad debe ser un número entero entre 0 y ${MAX_VIAJEROS_POR_TIPO}`, MAX_VIAJEROS_POR_TIPO);

/**
 * The waiting list's calls (issue 24, docs/decisions/0023). Joining names a departure like a cart line (`tour_id`,
 * `dia`, the same traveller counts) and an address.
 */
export const ListaEsperaBody = z
  .object({
    tour_id: requiredId("El tour es obligatorio"),
    dia: z
      .string({ error: "La fecha del tour es obligatoria" })
      .check(z.trim(), z.regex(DIA_PATTERN, { error: "La fecha debe tener el formato MM/DD/YYYY-HH:MM" })),
    email: requiredEmail(),
    mayores_15: count,
    de_4_15: count,
    menores_3: count,
    mascotas: count,
  })
  .check(
    z.refine((b) => b.mayores_15 + b.de_4_15 + b.menores_3 >= 1, { error: "Indica cuántas personas vienen (al menos una)", path: ["mayores_15"], abort: true }),
    z.refine((b) => b.mayores_15 + b.de_4_15 >= 1, {
      error: "Los menores de 3 años deben viajar con al menos un adulto o un niño de 4 a 15 años",
      path: ["menores_3"],
    }),
  );
export type ListaEsperaBody = z.output<typeof ListaEsperaBody>;

const TOKEN = z.string({ error: "Falta el enlace de la lista de espera" }).check(z.trim(), z.minLength(10, "El enlace no es válido"), z.maxLength(100, "El enlace no es válido"));

export const ListaEsperaBajaBody = z.object({ token: TOKEN });

/** "Reservar mis lugares": the buyer's details for the held order (its e-mail is the entry's). */
export const ListaEsperaOfertaBody = z.object({
  token: TOKEN,
  nombre: requiredText("El nombre es obligatorio", 120),
  apellido: requiredText("El apellido es obligatorio", 120),
  telefono: requiredPhoneLike("El teléfono es obligatorio"),
  direccion: optionalText(300),
  nit: optionalText(40),
});
export type ListaEsperaOfertaBody = z.output<typeof ListaEsperaOfertaBody>;
export type ListaEsperaBodyInput = z.input<typeof ListaEsperaBody>;
export type ListaEsperaBajaBodyInput = z.input<typeof ListaEsperaBajaBody>;
export type ListaEsperaOfertaBodyInput = z.input<typeof ListaEsperaOfertaBody>;

const TRAVELLERS = z.object({ mayores15: z.number(), menoresde15_a4: z.number(), menores3: z.number(), mascotas: z.number() });

/** POST /api/lista-espera and /baja: the Spanish confirmation. */
export const ListaEsperaMensajeAnswer = z.object({ succes: z.object({ mensaje: z.string() }) });

/** GET /api/lista-espera/oferta/:token: what the offer's page shows. */
export const ListaEsperaOfertaAnswer = z.object({
  succes: z.object({
    estado: z.enum(["esperando", "ofrecida", "usada", "vencida", "baja"]),
    vigente: z.boolean(),
    tour: z.object({ id: z.number(), nombre: z.string() }),
    fecha: z.string(),
    hora: z.string(),
    fecha_texto: z.string(),
    hora_texto: z.string(),
    viajeros: TRAVELLERS,
    viajeros_texto: z.string(),
    total_cents: z.nullable(z.number()),
    hasta: z.nullable(z.string()),
    hasta_texto: z.nullable(z.string()),
  }),
});

/** One entry of a departure's waiting list as the panel shows it (GET /api/salidas/lista-espera/:salidaId). */
export const ListaEsperaEntrySchema = z.object({
  id: z.number(),
  orden: z.number(),
  email: z.string(),
  mayores15: z.number(),
  menoresde15_a4: z.number(),
  menores3: z.number(),
  mascotas: z.number(),
  personas: z.number(),
  estado: z.enum(["esperando", "ofrecida", "usada", "vencida", "baja"]),
  estado_texto: z.string(),
  pedido: z.nullable(z.number()),
  ofrecida_at: z.nullable(z.string()),
  oferta_hasta: z.nullable(z.string()),
  ofrecida_por_staff: z.boolean(),
  created_at: z.string(),
});
export type ListaEsperaEntry = z.output<typeof ListaEsperaEntrySchema>;
export const ListaEsperaListAnswer = z.object({ succes: z.array(ListaEsperaEntrySchema) });
export const ListaEsperaOfrecerBody = z.object({});
export const ListaEsperaOfrecerAnswer = z.object({ succes: z.object({ id: z.number(), estado: z.string(), oferta_hasta: z.string() }) });
