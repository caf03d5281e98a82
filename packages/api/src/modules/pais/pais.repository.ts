import { asc, count, eq, sql } from "drizzle-orm";
import type { ListParams } from "@tours/contract";
import type { Db } from "../../db/client.ts";
import { type ListSpec, listPage } from "../../http/list.ts";
import { flag, timestamps } from "../../http/serialize.ts";
import { type PaisRow, paisTable } from "./pais.table.ts";

export function toPais(row: PaisRow) {
  return {
    id: row.id,
    nombre: row.nombre,
    prefijo: row.prefijo,
    imagen: row.imagen,
    destacado: flag(row.destacado),
    freetour_id: row.freetourId,
    zona_horaria: row.zonaHoraria,
    ...timestamps(row),
  };
}

export const PAIS_LIST: ListSpec = {
  resource: "pais",
  sortable: {
    id: paisTable.id,
    nombre: paisTable.nombre,
    prefijo: paisTable.prefijo,
    destacado: paisTable.destacado,
    imagen: paisTable.imagen,
    freetour_id: paisTable.freetourId,
    createdAt: paisTable.createdAt,
    updatedAt: paisTable.updatedAt,
  },
  filterable: {
    id: { column: paisTable.id, kind: "id" },
    destacado: { column: paisTable.destacado, kind: "bool" },
    freetour_id: { column: paisTable.freetourId, kind: "text" },
  },
  search: [paisTable.nombre],
  defaultSort: [asc(paisTable.id)],
};

export interface PaisValues {
  nombre: string;
  prefijo: number;
  destacado: boolean;
  /** undefined keeps the stored id, null clears it. */
  freetour_id?: string | null | undefined;
  /** IANA zone; undefined or null keeps the stored one (a country always has one). */
  zona_horaria?: string | null | undefined;
}

export function createPaisRepository(db: Db) {
  return {
    all(): Promise<PaisRow[]> {
      return db.select().from(paisTable).orderBy(asc(paisTable.id));
    },
    page(params: ListParams) {
      return listPage(db, paisTable, PAIS_LIST, params);
    },
    async find(id: number): Promise<PaisRow | null> {
      const [row] = await db.select().from(paisTable).where(eq(paisTable.id, id));
      return row ?? null;
    },
    async create(values: PaisValues & { imagen: string | null }): Promise<PaisRow> {
      const [row] = await db
        .insert(paisTable)
        .values({
          nombre: values.nombre,
          prefijo: values.prefijo,
          destacado: values.destacado,
          imagen: values.imagen,
          freetourId: values.freetour_id ?? null,
          ...(values.zona_horaria ? { zonaHoraria: values.zona_horaria } : {}),
        })
        .returning();
      return row!;
    },
    async update(id: number, values: PaisValues): Promise<PaisRow | null> {
      const [row] = await db
        .update(paisTable)
        .set({
          nombre: values.nombre,
          prefijo: values.prefijo,
          destacado: values.destacado,
          // absent keeps the stored id; the panel sends it when staff edit it
          ...(values.freetour_id !== undefined ? { freetourId: values.freetour_id } : {}),
          ...(values.zona_horaria ? { zonaHoraria: values.zona_horaria } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(paisTable.id, id))
        .returning();
      return row ?? null;
    },
    async setImage(id: number, imagen: string): Promise<PaisRow | null> {
      const [row] = await db
        .update(paisTable)
        .set({ imagen, updatedAt: sql`now()` })
        .where(eq(paisTable.id, id))
        .returning();
      return row ?? null;
    },
    async remove(id: number): Promise<PaisRow | null> {
      const [row] = await db.delete(paisTable).where(eq(paisTable.id, id)).returning();
      return row ?? null;
    },
    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(paisTable);
      return row?.n ?? 0;
    },
  };
}
