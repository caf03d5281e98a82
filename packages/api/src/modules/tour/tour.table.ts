import { sql } from "drizzle-orm";
import { boolean, check, doublePrecision, index, integer, pgTable, serial, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { ciudadesTable } from "../ciudades/ciudades.table.ts";
import { paisTable } from "../pais/pais.table.ts";

export const tourTable = pgTable(
  "tour",
  {
    id: serial("id").primaryKey(),
    nombre: text("nombre").notNull(),
    nombreHotel: text("nombre_hotel").notNull().default(""),
    // money is kept in integer cents; the contract's `precio` (USD) is derived on the way out
    precioCents: integer("precio_cents").notNull(),
    habitacionIndividual: boolean("habitacion_individual").notNull().default(false),
    habitacionDoble: boolean("habitacion_doble").notNull().default(false),
    habitacionTriple: boolean("habitacion_triple").notNull().default(false),
    intinerario: text("intinerario").notNull().default(""),
    incluye: text("incluye").notNull().default(""),
    noIncluye: text("no_incluye").notNull().default(""),
    duracion: text("duracion").notNull().default(""),
    accesibilidad: text("accesibilidad").notNull().default(""),
    mascotas: boolean("mascotas").notNull().default(false),
    salidas: text("salidas").notNull().default(""),
    puntoEncuentro: text("punto_encuentro").notNull().default(""),
    reembolsable: boolean("reembolsable").notNull().default(false),
    pais: integer("pais").notNull().references(() => paisTable.id, { onDelete: "restrict" }),
    ciudad: integer("ciudad").notNull().references(() => ciudadesTable.id, { onDelete: "restrict" }),
    descripcion: text("descripcion").notNull().default(""),
    /** Bookings close this many hours before a departure starts. */
    corteHoras: integer("corte_horas").notNull().default(2),
    /** IANA zone of its departures; null: the country's. */
    zonaHoraria: text("zona_horaria"),
    // The tour's facts (issue 26), beside the spec's free-text fields; null / empty: not given.
    /** How long the tour lasts, in minutes (the .ics DTEND, OCTO's end times, the duration filter). */
    duracionMinutos: integer("duracion_minutos"),
    /** Languages of the guiding, ISO 639-1 codes ("es", "en"…). */
    idiomas: text("idiomas").array().notNull().default(sql`'{}'::text[]`),
    /** Wheelchair access: "si", "no" or "parcial". */
    accesibleSillaRuedas: text("accesible_silla_ruedas"),
    /** "grupo" (shared with other travellers) or "privado". */
    modalidad: text("modalidad"),
    /** Youngest age the tour takes, in years. */
    edadMinima: smallint("edad_minima"),
    /** The meeting point's coordinates (WGS 84). */
    encuentroLat: doublePrecision("encuentro_lat"),
    encuentroLng: doublePrecision("encuentro_lng"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("tour_ciudad_idx").on(t.ciudad),
    index("tour_pais_idx").on(t.pais),
    check("tour_duracion_minutos_check", sql`${t.duracionMinutos} IS NULL OR ${t.duracionMinutos} > 0`),
    check("tour_accesible_check", sql`${t.accesibleSillaRuedas} IS NULL OR ${t.accesibleSillaRuedas} IN ('si', 'no', 'parcial')`),
    check("tour_modalidad_check", sql`${t.modalidad} IS NULL OR ${t.modalidad} IN ('grupo', 'privado')`),
    check("tour_edad_minima_check", sql`${t.edadMinima} IS NULL OR ${t.edadMinima} BETWEEN 0 AND 99`),
    check(
      "tour_encuentro_check",
      sql`(${t.encuentroLat} IS NULL) = (${t.encuentroLng} IS NULL) AND coalesce(${t.encuentroLat} BETWEEN -90 AND 90 AND ${t.encuentroLng} BETWEEN -180 AND 180, true)`,
    ),
  ],
);
export type TourRow = typeof tourTable.$inferSelect;

export const fotosTable = pgTable(
  "fotos",
  {
    id: serial("id").primaryKey(),
    url: text("url").notNull(),
    tourId: integer("tour_id").notNull().references(() => tourTable.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("fotos_tour_idx").on(t.tourId)],
);
export type FotoRow = typeof fotosTable.$inferSelect;

export const horarioTable = pgTable(
  "horario",
  {
    id: serial("id").primaryKey(),
    tourId: integer("tour_id").notNull().references(() => tourTable.id, { onDelete: "cascade" }),
    horaInicio: text("hora_inicio").notNull(),
    lunes: boolean("lunes").notNull().default(false),
    martes: boolean("martes").notNull().default(false),
    miercoles: boolean("miercoles").notNull().default(false),
    jueves: boolean("jueves").notNull().default(false),
    viernes: boolean("viernes").notNull().default(false),
    sabado: boolean("sabado").notNull().default(false),
    domingo: boolean("domingo").notNull().default(false),
    /** Persons per departure of this horario; null: unlimited. */
    cupo: integer("cupo"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("horario_tour_idx").on(t.tourId)],
);
export type HorarioRow = typeof horarioTable.$inferSelect;

export const comentariosTable = pgTable(
  "comentarios",
  {
    id: serial("id").primaryKey(),
    idTour: integer("id_tour").notNull().references(() => tourTable.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    comentario: text("comentario").notNull(),
    start: smallint("start").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("comentarios_tour_idx").on(t.idTour, t.createdAt)],
);
export type ComentarioRow = typeof comentariosTable.$inferSelect;
