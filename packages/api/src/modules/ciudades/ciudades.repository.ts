import { asc, eq, sql } from "drizzle-orm";
import type { ListParams } from "@tours/contract";
import type { Db } from "../../db/client.ts";
import { type ListSpec, listPage } from "../../http/list.ts";
import { flag, timestamps } from "../../http/serialize.ts";
import { type CiudadRow, ciudadesTable } from "./ciudades.table.ts";

export function toCiudad(row: CiudadRow) {
  return {
    id: row.id,
    nombre: row.nombre,
    pais: row.pais,
    imagen: row.imagen,
    destacado: flag(row.destacado),
    freetour_id: row.freetourId,
    ...timestamps(row),
  };
}

export const CIUDADES_LIST: ListSpec = {
  resource: "ciudades",
  sortable: {
    id: ciudadesTable.id,
    nombre: ciudadesTable.nombre,
    pais: ciudadesTable.pais,
    destacado: ciudadesTable.destacado,
    imagen: ciudadesTable.imagen,
    freetour_id: ciudadesTable.freetourId,
    createdAt: ciudadesTable.createdAt,
    updatedAt: ciudadesTable.updatedAt,
  },
  filterable: {
    id: { column: ciudadesTable.id, kind: "id" },
    pais: { column: ciudadesTable.pais, kind: "id" },
    destacado: { column: ciudadesTable.destacado, kind: "bool" },
    freetour_id: { column: ciudadesTable.freetourId, kind: "text" },
  },
  search: [ciudadesTable.nombre],
  defaultSort: [asc(ciudadesTable.id)],
};

export interface CiudadValues {
  nombre: string;
  pais: number;
  destacado: boolean;
  /** undefined keeps the stored id, null clears it. */
  freetour_id?: string | null | undefined;
}

export function createCiudadesRepository(db: Db) {
  return {
    all(): Promise<CiudadRow[]> {
      return db.select().from(ciudadesTable).orderBy(asc(ciudadesTable.id));
    },
    byPais(countryId: number): Promise<CiudadRow[]> {
      return db.select().from(ciudadesTable).where(eq(ciudadesTable.pais, countryId)).orderBy(asc(ciudadesTable.id));
    },
    page(params: ListParams) {
      return listPage(db, ciudadesTable, CIUDADES_LIST, params);
    },
    async find(id: number): Promise<CiudadRow | null> {
      const [row] = await db.select().from(ciudadesTable).where(eq(ciudadesTable.id, id));
      return row ?? null;
    },
    async create(values: CiudadValues & { imagen: string | null }): Promise<CiudadRow> {
      const [row] = await db
        .insert(ciudadesTable)
        .values({
          nombre: values.nombre,
          pais: values.pais,
          destacado: values.destacado,
          imagen: values.imagen,
          freetourId: values.freetour_id ?? null,
        })
        .returning();
      return row!;
    },
    async update(id: number, values: CiudadValues): Promise<CiudadRow | null> {
      const [row] = await db
        .update(ciudadesTable)
        .set({
          nombre: values.nombre,
          pais: values.pais,
          destacado: values.destacado,
          ...(values.freetour_id !== undefined ? { freetourId: values.freetour_id } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(ciudadesTable.id, id))
        .returning();
      return row ?? null;
    },
    async setImage(id: number, imagen: string): Promise<CiudadRow | null> {
      const [row] = await db
        .update(ciudadesTable)
        .set({ imagen, updatedAt: sql`now()` })
        .where(eq(ciudadesTable.id, id))
        .returning();
      return row ?? null;
    },
    async remove(id: number): Promise<CiudadRow | null> {
      const [row] = await db.delete(ciudadesTable).where(eq(ciudadesTable.id, id)).returning();
      return row ?? null;
    },
  };
}
export type CiudadesRepository = ReturnType<typeof createCiudadesRepository>;
