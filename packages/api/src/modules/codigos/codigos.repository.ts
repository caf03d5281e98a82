import { desc, eq, sql } from "drizzle-orm";
import type { CodigoBody, ListParams } from "@tours/contract";
import { toCents } from "@tours/domain";
import type { Db } from "../../db/client.ts";
import { type ListSpec, listPage } from "../../http/list.ts";
import { codigoDescuento, type CodigoDescuentoRow } from "./codigos.table.ts";
import { codeStats, useRefusal } from "./codigos.uses.ts";

const CODIGO_LIST: ListSpec = {
  resource: "codigos",
  sortable: { id: codigoDescuento.id, codigo: codigoDescuento.codigo, activo: codigoDescuento.activo, createdAt: codigoDescuento.createdAt },
  filterable: { id: { column: codigoDescuento.id, kind: "id" }, activo: { column: codigoDescuento.activo, kind: "bool" } },
  search: [codigoDescuento.codigo],
  defaultSort: [desc(codigoDescuento.id)],
};

/** A body's values as stored: the code upper-case, a fixed amount in cents. */
function columnsOf(body: CodigoBody) {
  return {
    codigo: body.codigo.toUpperCase(),
    tipo: body.tipo,
    valor: body.tipo === "porcentaje" ? body.valor : toCents(body.valor),
    tours: body.tours && body.tours.length > 0 ? [...new Set(body.tours)] : null,
    reserva_desde: body.reserva_desde ?? null,
    reserva_hasta: body.reserva_hasta ?? null,
    salida_desde: body.salida_desde ?? null,
    salida_hasta: body.salida_hasta ?? null,
    usos_max: body.usos_max ?? null,
    usos_por_email: body.usos_por_email ?? null,
    activo: body.activo,
  };
}

/** The only place that reads or writes codigo_descuento (its uses: codigos.uses.ts). */
export function createCodigosRepository(db: Db) {
  return {
    page(params: ListParams) {
      return listPage(db, codigoDescuento, CODIGO_LIST, params);
    },
    stats(ids: number[], now: Date) {
      return codeStats(db, ids, now);
    },
    async find(id: number): Promise<CodigoDescuentoRow | null> {
      const [row] = await db.select().from(codigoDescuento).where(eq(codigoDescuento.id, id));
      return row ?? null;
    },
    /** The code whatever its case. */
    async findByCode(text: string): Promise<CodigoDescuentoRow | null> {
      const [row] = await db.select().from(codigoDescuento).where(sql`upper(${codigoDescuento.codigo}) = upper(${text.trim()})`);
      return row ?? null;
    },
    /** Whether one more use by `email` fits, as it stands now (the checkout checks again under the code's lock). */
    useRefusal(codeId: number, email: string, now: Date) {
      return db.transaction((tx) => useRefusal(tx, codeId, email, now));
    },
    async create(body: CodigoBody): Promise<CodigoDescuentoRow> {
      const [row] = await db.insert(codigoDescuento).values(columnsOf(body)).returning();
      return row!;
    },
    async update(id: number, body: CodigoBody): Promise<CodigoDescuentoRow | null> {
      const [row] = await db.update(codigoDescuento).set({ ...columnsOf(body), updatedAt: new Date() }).where(eq(codigoDescuento.id, id)).returning();
      return row ?? null;
    },
  };
}

export type CodigosRepository = ReturnType<typeof createCodigosRepository>;
