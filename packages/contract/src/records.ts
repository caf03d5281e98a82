import { z } from "zod/mini";
import {
  BooleanLikeSchema,
  Flag01Schema,
  HORA_PATTERN,
  IdSchema,
  NumberLikeSchema,
  OptionalTextSchema,
  TimestampSchema,
  preprocess,
} from "./primitives.ts";

/** The records of api-contract.md "Records", as the API answers them. */

const timestamps = { createdAt: TimestampSchema, updatedAt: TimestampSchema };

/** A stored file's relative path (e.g. `uploads/tours/3f2a.webp`), or null when there is none. */
const StoredPathSchema = z.nullable(z.string());

export const PaisSchema = z.object({
  id: IdSchema,
  nombre: z.string(),
  prefijo: NumberLikeSchema,
  imagen: StoredPathSchema,
  destacado: Flag01Schema,
  /** Extension: the free-tour provider's country id. */
  freetour_id: z.optional(z.nullable(z.string())),
  /** Extension: the country's IANA time zone, the default of its tours. */
  zona_horaria: z.optional(z.string()),
  ...timestamps,
});
export type Pais = z.output<typeof PaisSchema>;

/**
 * Extension: a country's counters for the home's "Principales Experiencias" (GET /api/pais/resumen). Activities:
 * its local tours plus its free tours; reviews: the local tours' comments plus the free tours' review counts;
 * travellers: the distinct people who wrote them (a comment's email, a free-tour reviewer's name).
 */
export const PaisResumenSchema = z.object({
  pais: IdSchema,
  actividades: z.number().check(z.int(), z.nonnegative()),
  viajeros: z.number().check(z.int(), z.nonnegative()),
  opiniones: z.number().check(z.int(), z.nonnegative()),
});
export type PaisResumen = z.output<typeof PaisResumenSchema>;

export const CiudadSchema = z.object({
  id: IdSchema,
  nombre: z.string(),
  pais: IdSchema,
  imagen: StoredPathSchema,
  destacado: Flag01Schema,
  /** Extension: the free-tour provider's city id. */
  freetour_id: z.optional(z.nullable(z.string())),
  ...timestamps,
});
export type Ciudad = z.output<typeof CiudadSchema>;

export const TourSchema = z.object({
  id: IdSchema,
  nombre: z.string(),
  nombre_hotel: OptionalTextSchema,
  precio: NumberLikeSchema,
  habitacion_individual: Flag01Schema,
  habitacion_doble: Flag01Schema,
  habitacion_triple: Flag01Schema,
  intinerario: OptionalTextSchema,
  incluye: OptionalTextSchema,
  no_incluye: OptionalTextSchema,
  duracion: OptionalTextSchema,
  accesibilidad: OptionalTextSchema,
  mascotas: Flag01Schema,
  salidas: OptionalTextSchema,
  punto_encuentro: OptionalTextSchema,
  reembolsable: Flag01Schema,
  pais: IdSchema,
  ciudad: IdSchema,
  descripcion: OptionalTextSchema,
  imagen: z.optional(StoredPathSchema),
  /** Extension: hours before a departure when bookings close. */
  corte_horas: z.optional(z.number().check(z.int())),
  /** Extension: the tour's own IANA time zone; null: its country's. */
  zona_horaria: z.optional(z.nullable(z.string())),
  // Extension: the tour's facts (issue 26); null / []: not given.
  /** How long it lasts, in minutes. */
  duracion_minutos: z.optional(z.nullable(z.number())),
  /** Languages of the guiding, ISO 639-1 codes (IDIOMAS of @tours/domain). */
  idiomas: z.optional(z.array(z.string())),
  /** "si", "no" or "parcial". */
  accesible_silla_ruedas: z.optional(z.nullable(z.string())),
  /** "grupo" or "privado". */
  modalidad: z.optional(z.nullable(z.string())),
  edad_minima: z.optional(z.nullable(z.number())),
  /** The meeting point's coordinates (WGS 84), both or neither. */
  encuentro_lat: z.optional(z.nullable(z.number())),
  encuentro_lng: z.optional(z.nullable(z.number())),
  ...timestamps,
});
export type Tour = z.output<typeof TourSchema>;

export const FotoSchema = z.object({
  id: IdSchema,
  url: z.string(),
  tourId: IdSchema,
  ...timestamps,
});
export type Foto = z.output<typeof FotoSchema>;

export const HORARIO_WEEKDAYS = ["lunes", "martes", "miercoles", "jueves", "viernes", "sabado", "domingo"] as const;
export type HorarioWeekday = (typeof HORARIO_WEEKDAYS)[number];

export const HorarioSchema = z.object({
  id: IdSchema,
  tour_id: IdSchema,
  hora_inicio: z.string().check(z.regex(HORA_PATTERN)),
  lunes: BooleanLikeSchema,
  martes: BooleanLikeSchema,
  miercoles: BooleanLikeSchema,
  jueves: BooleanLikeSchema,
  viernes: BooleanLikeSchema,
  sabado: BooleanLikeSchema,
  domingo: BooleanLikeSchema,
  /** Extension: capacity of each departure of this horario, in persons; null: unlimited. */
  cupo: z.optional(z.nullable(z.number().check(z.int()))),
  ...timestamps,
});
export type Horario = z.output<typeof HorarioSchema>;

export const ComentarioSchema = z.object({
  id: IdSchema,
  id_tour: IdSchema,
  /** Masked on the public list (e.g. `m•••@gmail.com`), so not validated as an address. */
  email: z.string(),
  comentario: z.string(),
  start: preprocess((v) => (typeof v === "string" ? Number(v) : v), z.number().check(z.int(), z.gte(1), z.lte(5))),
  ...timestamps,
});
export type Comentario = z.output<typeof ComentarioSchema>;

const phoneAnswer = preprocess(
  (value: string | number | null) => (typeof value === "number" ? String(value) : value),
  z.nullable(z.string()),
);

export const RewardsSchema = z.object({
  id: IdSchema,
  nombre: z.string(),
  apellido: z.string(),
  email: z.string(),
  telefono: phoneAnswer,
  ...timestamps,
});

export const AyudaSchema = z.extend(RewardsSchema, { comentario: z.string() });

export const BannerSchema = z.object({
  id: IdSchema,
  url: z.string(),
  descripcion: OptionalTextSchema,
  ...timestamps,
});
export type Banner = z.output<typeof BannerSchema>;

export const PedidoSchema = z.object({
  id: IdSchema,
  nombre: z.string(),
  apellido: z.string(),
  email: z.string(),
  nit: z.optional(phoneAnswer),
  direccion: OptionalTextSchema,
  telefono: phoneAnswer,
  telefonorespaldo: z.optional(phoneAnswer),
  comentario: OptionalTextSchema,
  valor_total: NumberLikeSchema,
  status: BooleanLikeSchema,
  id_pay: z.optional(z.nullable(z.string())),
  /** Extension: the booking's public reference ("TR-7KQ2M9XP"), shown to the buyer and on the voucher. */
  referencia: z.optional(z.string()),
  /** Extension: "octo" for a reseller's booking (paid by the reseller), with the reseller and its reference. */
  canal: z.optional(z.enum(["tienda", "octo"])),
  revendedor_id: z.optional(z.nullable(z.number().check(z.int()))),
  revendedor_referencia: z.optional(z.nullable(z.string())),
  /** Extension (the panel's list): the order's state as people are told it (ORDER_STATES of @tours/domain). */
  situacion: z.optional(z.string()),
  /** Extension (the panel's list): each line's tour and date ("27/11/2026 19:30"), cancelled or not. */
  lineas: z.optional(z.array(z.object({ tour: z.string(), fecha: z.string(), cancelada: z.boolean() }))),
  ...timestamps,
});
export type Pedido = z.output<typeof PedidoSchema>;

/** Traveller counts: whole numbers ≥ 0, possibly as text. */
const CountSchema = IdSchema;

export const PedidoLineSchema = z.object({
  id: IdSchema,
  id_pedido: IdSchema,
  id_tour: IdSchema,
  fecha_tour: z.string(),
  mayores15: CountSchema,
  menoresde15_a4: CountSchema,
  menores3: CountSchema,
  mascotas: CountSchema,
  /** Unit price (adult) in USD. */
  valor: NumberLikeSchema,
  valor_total: NumberLikeSchema,
  ...timestamps,
});

// ---------------------------------------------------------------------------------------------------------
// The external free-tour provider's shapes, passed through (unknown keys kept).

const LocalisedTextSchema = z.record(z.string(), z.nullable(z.string()));

export const FreeTourSchema = z.looseObject({
  id: z.string(),
  title: LocalisedTextSchema,
  brief: z.optional(LocalisedTextSchema),
  description: z.optional(LocalisedTextSchema),
  includes: z._default(z.array(z.string()), []),
  price: z.looseObject({ value: NumberLikeSchema, currency: z.string() }),
  titleImageURL: z.optional(z.nullable(z.string())),
  images: z._default(z.array(z.looseObject({ id: z.union([z.string(), z.number()]), URL: z.string() })), []),
  videoURL: z.optional(z.nullable(z.string())),
  countryId: z.string(),
  cityId: z.optional(z.nullable(z.string())),
  meetingPoint: z.optional(
    z.nullable(z.looseObject({ title: z.optional(z.nullable(z.string())), coordinates: z.optional(z.unknown()) })),
  ),
  length: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  rating: z.optional(z.nullable(NumberLikeSchema)),
  reviewsNumber: z.optional(z.nullable(NumberLikeSchema)),
});
export type FreeTour = z.output<typeof FreeTourSchema>;

export const FreeTourAvailabilitySchema = z.looseObject({
  id: z.union([z.string(), z.number()]),
  tourId: z.union([z.string(), z.number()]),
  language: z.optional(z.nullable(z.string())),
  /** ISO date-time of the departure's start. */
  date: z.string(),
});
export type FreeTourAvailability = z.output<typeof FreeTourAvailabilitySchema>;

export const FreeTourReviewSchema = z.looseObject({
  id: z.union([z.string(), z.number()]),
  reviewerName: z.string(),
  language: z.optional(z.nullable(z.string())),
  title: z.optional(z.nullable(z.string())),
  content: z.string(),
  rate: NumberLikeSchema,
});
export type FreeTourReview = z.output<typeof FreeTourReviewSchema>;

/** The user `autenticate` answers. */
export const StaffUserSchema = z.object({
  id: IdSchema,
  nombre: z.string(),
  email: z.string(),
  rol: z.string(),
});

/** A staff account as the Usuarios screen lists it (never its password). */
export const UsuarioSchema = z.extend(StaffUserSchema, {
  activo: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Usuario = z.output<typeof UsuarioSchema>;

/** One audit-log entry: who changed what, with the fields that changed. */
export const ActividadSchema = z.object({
  id: z.number(),
  at: z.string(),
  actorId: z.nullable(z.number()),
  actorNombre: z.string(),
  actorEmail: z.string(),
  action: z.string(),
  resource: z.string(),
  resourceId: z.string(),
  changes: z.record(z.string(), z.object({ antes: z.unknown(), despues: z.unknown() })),
  ip: z.string(),
  userAgent: z.string(),
  /** What was done to what, in words: "cerró la salida del 25/11 10:30 de Monserrate" (the API writes it). */
  descripcion: z.optional(z.string()),
  /** Each changed field in words: {campo: "rol", antes: "(vacío)", despues: "Administrador"}. */
  cambios: z.optional(z.array(z.object({ campo: z.string(), antes: z.string(), despues: z.string() }))),
});
export type Actividad = z.output<typeof ActividadSchema>;

/** A PayPal-style link of the payment order that `compra/create` passes through. */
export const PaymentLinkSchema = z.looseObject({ href: z.string(), rel: z.string(), method: z.string() });

/** An unpaid order's hold (docs/decisions/0018): until when its places are kept, and the renewals used and left. */
export const RetencionSchema = z.object({
  hold_expires_at: z.nullable(z.string()),
  renovaciones: z.number(),
  renovaciones_restantes: z.number(),
});

export const PaymentOrderSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  links: z.array(PaymentLinkSchema),
  /** additive: the hold of the order just created (absent from older servers) */
  hold_expires_at: z.optional(z.nullable(z.string())),
  renovaciones_restantes: z.optional(z.number()),
  /**
   * additive (decision 0024): a gift card paid the whole order, so there is nothing to approve at PayPal (`links` is
   * empty): the order is paid, and its reference and PIN open "Mi reserva".
   */
  pagado: z.optional(z.boolean()),
  referencia: z.optional(z.string()),
  pin: z.optional(z.string()),
});
export type PaymentOrder = z.output<typeof PaymentOrderSchema>;
