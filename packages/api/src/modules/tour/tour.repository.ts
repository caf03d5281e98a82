import { asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { CiudadOrden, ListParams } from "@tours/contract";
import { fromCents } from "@tours/domain";
import type { Db } from "../../db/client.ts";
import { type ListSpec, listPage, pageOf } from "../../http/list.ts";
import { flag, timestamps } from "../../http/serialize.ts";
import { type TourRow, fotosTable, tourTable } from "./tour.table.ts";

/** The tour's `imagen`: the path of its first photo, or null. */
// written out by hand: inside a select on "tour" Drizzle renders columns unqualified, and "id" would be fotos.id
const firstFoto = sql<string | null>`(select f.url from fotos f where f.tour_id = "tour"."id" order by f.id limit 1)`;
const tourWithImagen = { tour: tourTable, imagen: firstFoto };
type TourWithImagen = { tour: TourRow; imagen: string | null };

export function toTour({ tour, imagen }: TourWithImagen) {
  return {
    id: tour.id,
    nombre: tour.nombre,
    nombre_hotel: tour.nombreHotel,
    precio: fromCents(tour.precioCents),
    habitacion_individual: flag(tour.habitacionIndividual),
    habitacion_doble: flag(tour.habitacionDoble),
    habitacion_triple: flag(tour.habitacionTriple),
    intinerario: tour.intinerario,
    incluye: tour.incluye,
    no_incluye: tour.noIncluye,
    duracion: tour.duracion,
    accesibilidad: tour.accesibilidad,
    mascotas: flag(tour.mascotas),
    salidas: tour.salidas,
    punto_encuentro: tour.puntoEncuentro,
    reembolsable: flag(tour.reembolsable),
    pais: tour.pais,
    ciudad: tour.ciudad,
    descripcion: tour.descripcion,
    imagen,
    corte_horas: tour.corteHoras,
    zona_horaria: tour.zonaHoraria,
    duracion_minutos: tour.duracionMinutos,
    idiomas: tour.idiomas,
    accesible_silla_ruedas: tour.accesibleSillaRuedas,
    modalidad: tour.modalidad,
    edad_minima: tour.edadMinima,
    encuentro_lat: tour.encuentroLat,
    encuentro_lng: tour.encuentroLng,
    ...timestamps(tour),
  };
}

export const TOUR_LIST: ListSpec = {
  resource: "tour",
  sortable: {
    id: tourTable.id,
    nombre: tourTable.nombre,
    precio: tourTable.precioCents,
    nombre_hotel: tourTable.nombreHotel,
    duracion: tourTable.duracion,
    pais: tourTable.pais,
    ciudad: tourTable.ciudad,
    mascotas: tourTable.mascotas,
    reembolsable: tourTable.reembolsable,
    habitacion_individual: tourTable.habitacionIndividual,
    habitacion_doble: tourTable.habitacionDoble,
    habitacion_triple: tourTable.habitacionTriple,
    punto_encuentro: tourTable.puntoEncuentro,
    accesibilidad: tourTable.accesibilidad,
    createdAt: tourTable.createdAt,
    updatedAt: tourTable.updatedAt,
  },
  filterable: {
    id: { column: tourTable.id, kind: "id" },
    pais: { column: tourTable.pais, kind: "id" },
    ciudad: { column: tourTable.ciudad, kind: "id" },
    mascotas: { column: tourTable.mascotas, kind: "bool" },
    reembolsable: { column: tourTable.reembolsable, kind: "bool" },
  },
  search: [tourTable.nombre, tourTable.nombreHotel, tourTable.duracion],
  defaultSort: [asc(tourTable.id)],
};

/** A tour's fields as stored (money in cents, rich text already sanitised). */
export type TourValues = Omit<typeof tourTable.$inferInsert, "id" | "createdAt" | "updatedAt">;

export function createTourRepository(db: Db) {
  /** The first photo of just these rows, in one query. */
  async function withFirstFotos(tours: TourRow[]): Promise<TourWithImagen[]> {
    const ids = tours.map((t) => t.id);
    const firstFotos =
      ids.length === 0
        ? []
        : await db
            .selectDistinctOn([fotosTable.tourId], { tourId: fotosTable.tourId, url: fotosTable.url })
            .from(fotosTable)
            .where(inArray(fotosTable.tourId, ids))
            .orderBy(asc(fotosTable.tourId), asc(fotosTable.id));
    const imagenByTour = new Map(firstFotos.map((f) => [f.tourId, f.url]));
    return tours.map((tour) => ({ tour, imagen: imagenByTour.get(tour.id) ?? null }));
  }
  const select = () => db.select(tourWithImagen).from(tourTable);
  return {
    all(): Promise<TourWithImagen[]> {
      return select().orderBy(asc(tourTable.id));
    },
    byCiudad(cityId: number): Promise<TourWithImagen[]> {
      return select().where(eq(tourTable.ciudad, cityId)).orderBy(asc(tourTable.id));
    },
    /** One page of a city's tours (a sort column, then id for ties) and how many it has. */
    async byCiudadPage(cityId: number, page: { offset: number; limit: number; orden: CiudadOrden }) {
      const where = eq(tourTable.ciudad, cityId);
      const orderBy = {
        id: [asc(tourTable.id)],
        nombre: [asc(tourTable.nombre), asc(tourTable.id)],
        precio: [asc(tourTable.precioCents), asc(tourTable.id)],
        "-precio": [desc(tourTable.precioCents), asc(tourTable.id)],
      }[page.orden];
      const { rows, total } = await pageOf(db, tourTable, { where, orderBy, offset: page.offset, limit: page.limit });
      return { rows: await withFirstFotos(rows), total };
    },
    async page(params: ListParams) {
      // The page's rows first, then the first photo of just those rows: a photo lookup in the select list would
      // also run for every row OFFSET skips, so deep pages would cost as much as the whole list.
      const { q, rows, total } = await listPage(db, tourTable, TOUR_LIST, params);
      return { q, rows: await withFirstFotos(rows), total };
    },
    /** The tours of these ids with their first photo, in the order given (a search's page). */
    async byIds(ids: readonly number[]): Promise<TourWithImagen[]> {
      if (ids.length === 0) return [];
      const rows = await db.select().from(tourTable).where(inArray(tourTable.id, [...ids]));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return withFirstFotos(ids.flatMap((id) => byId.get(id) ?? []));
    },
    async find(id: number): Promise<TourWithImagen | null> {
      const [row] = await select().where(eq(tourTable.id, id));
      return row ?? null;
    },
    async exists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: tourTable.id }).from(tourTable).where(eq(tourTable.id, id));
      return Boolean(row);
    },
    /** Inserts the tour and its photos in one transaction. */
    async create(values: TourValues, fotoUrls: string[]): Promise<TourWithImagen> {
      const id = await db.transaction(async (tx) => {
        const [tour] = await tx.insert(tourTable).values(values).returning({ id: tourTable.id });
        if (fotoUrls.length > 0) {
          await tx.insert(fotosTable).values(fotoUrls.map((url) => ({ url, tourId: tour!.id })));
        }
        return tour!.id;
      });
      return (await this.find(id))!;
    },
    async update(id: number, values: TourValues): Promise<TourWithImagen | null> {
      const [row] = await db
        .update(tourTable)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(tourTable.id, id))
        .returning({ id: tourTable.id });
      return row ? this.find(row.id) : null;
    },
    /** Deletes the tour (photos, schedules and comments go with it); answers it and its photo paths. */
    async remove(id: number): Promise<{ tour: TourWithImagen; fotoUrls: string[] } | null> {
      const tour = await this.find(id);
      if (!tour) return null;
      const fotos = await db.select({ url: fotosTable.url }).from(fotosTable).where(eq(fotosTable.tourId, id));
      const [deleted] = await db.delete(tourTable).where(eq(tourTable.id, id)).returning({ id: tourTable.id });
      if (!deleted) return null;
      return { tour, fotoUrls: fotos.map((f) => f.url) };
    },
    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(tourTable);
      return row?.n ?? 0;
    },
  };
}
