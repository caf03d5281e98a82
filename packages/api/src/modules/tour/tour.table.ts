import { boolean, index, integer, pgTable, serial, smallint, text, timestamp } from "drizzle-orm/pg-core";
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("tour_ciudad_idx").on(t.ciudad), index("tour_pais_idx").on(t.pais)],
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
    /** Persons per departure of this slot; null: unlimited. */
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
