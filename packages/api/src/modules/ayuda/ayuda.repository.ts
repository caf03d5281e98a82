import { asc } from "drizzle-orm";
import type { ListParams, AyudaCreateBody } from "@tours/contract";
import type { Db } from "../../db/client.ts";
import { type ListSpec, listPage } from "../../http/list.ts";
import { timestamps } from "../../http/serialize.ts";
import { type AyudaRow, ayudaTable } from "./ayuda.table.ts";

export function toAyuda(row: AyudaRow) {
  return {
    id: row.id,
    nombre: row.nombre,
    apellido: row.apellido,
    email: row.email,
    telefono: row.telefono,
    comentario: row.comentario,
    ...timestamps(row),
  };
}

export const AYUDA_LIST: ListSpec = {
  resource: "ayuda",
  sortable: {
    id: ayudaTable.id,
    nombre: ayudaTable.nombre,
    apellido: ayudaTable.apellido,
    email: ayudaTable.email,
    telefono: ayudaTable.telefono,
    comentario: ayudaTable.comentario,
    createdAt: ayudaTable.createdAt,
    updatedAt: ayudaTable.updatedAt,
  },
  filterable: { id: { column: ayudaTable.id, kind: "id" }, email: { column: ayudaTable.email, kind: "text" } },
  search: [ayudaTable.nombre, ayudaTable.apellido, ayudaTable.email, ayudaTable.telefono, ayudaTable.comentario],
  defaultSort: [asc(ayudaTable.id)],
};

export function createAyudaRepository(db: Db) {
  return {
    all(): Promise<AyudaRow[]> {
      return db.select().from(ayudaTable).orderBy(asc(ayudaTable.id));
    },
    page(params: ListParams) {
      return listPage(db, ayudaTable, AYUDA_LIST, params);
    },
    async create(body: AyudaCreateBody): Promise<AyudaRow> {
      const [row] = await db
        .insert(ayudaTable)
        .values({ nombre: body.nombre, apellido: body.apellido, email: body.email, telefono: body.telefono, comentario: body.comentario })
        .returning();
      return row!;
    },
  };
}
