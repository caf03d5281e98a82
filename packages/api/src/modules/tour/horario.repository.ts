import { asc, eq } from "drizzle-orm";
import type { HorarioCreateBody, ListParams } from "@tours/contract";
import type { Db } from "../../db/client.ts";
import { type ListSpec, listPage } from "../../http/list.ts";
import { timestamps } from "../../http/serialize.ts";
import { type HorarioRow, horarioTable } from "./tour.table.ts";

export function toHorario(row: HorarioRow) {
  return {
    id: row.id,
    tour_id: row.tourId,
    hora_inicio: row.horaInicio,
    lunes: row.lunes,
    martes: row.martes,
    miercoles: row.miercoles,
    jueves: row.jueves,
    viernes: row.viernes,
    sabado: row.sabado,
    domingo: row.domingo,
    cupo: row.cupo,
    ...timestamps(row),
  };
}

export const HORARIO_LIST: ListSpec = {
  resource: "horario",
  sortable: {
    id: horarioTable.id,
    tour_id: horarioTable.tourId,
    hora_inicio: horarioTable.horaInicio,
    lunes: horarioTable.lunes,
    martes: horarioTable.martes,
    miercoles: horarioTable.miercoles,
    jueves: horarioTable.jueves,
    viernes: horarioTable.viernes,
    sabado: horarioTable.sabado,
    domingo: horarioTable.domingo,
    createdAt: horarioTable.createdAt,
  },
  filterable: {
    id: { column: horarioTable.id, kind: "id" },
    tour_id: { column: horarioTable.tourId, kind: "id" },
  },
  search: [horarioTable.horaInicio],
  defaultSort: [asc(horarioTable.tourId), asc(horarioTable.horaInicio), asc(horarioTable.id)],
};

export function createHorarioRepository(db: Db) {
  return {
    all(): Promise<HorarioRow[]> {
      return db.select().from(horarioTable).orderBy(...HORARIO_LIST.defaultSort);
    },
    byTour(tourId: number): Promise<HorarioRow[]> {
      return db
        .select()
        .from(horarioTable)
        .where(eq(horarioTable.tourId, tourId))
        .orderBy(asc(horarioTable.horaInicio), asc(horarioTable.id));
    },
    page(params: ListParams) {
      return listPage(db, horarioTable, HORARIO_LIST, params);
    },
    async find(id: number): Promise<HorarioRow | null> {
      const [row] = await db.select().from(horarioTable).where(eq(horarioTable.id, id));
      return row ?? null;
    },
    async create(body: HorarioCreateBody): Promise<HorarioRow> {
      const [row] = await db
        .insert(horarioTable)
        .values({
          tourId: body.tour_id,
          // starts are kept as HH:MM; a client may send seconds
          horaInicio: body.hora_inicio.slice(0, 5),
          lunes: body.lunes,
          martes: body.martes,
          miercoles: body.miercoles,
          jueves: body.jueves,
          viernes: body.viernes,
          sabado: body.sabado,
          domingo: body.domingo,
          cupo: body.cupo ?? null,
        })
        .returning();
      return row!;
    },
    async remove(id: number): Promise<HorarioRow | null> {
      const [row] = await db.delete(horarioTable).where(eq(horarioTable.id, id)).returning();
      return row ?? null;
    },
  };
}
