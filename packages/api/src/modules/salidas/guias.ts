import { and, asc, eq, inArray } from "drizzle-orm";
import { parseDepartureKey } from "@tours/domain";
import type { Db } from "../../db/client.ts";
import { HttpError, badRequest, fieldError } from "../../http/errors.ts";
import { staffUsersTable } from "../auth/auth.table.ts";
import { salidaGuia } from "./guias.table.ts";
import { lockDeparture } from "./cupo.ts";
import { salida } from "./salidas.table.ts";

/**
 * Which guides run which departure (issue 28, docs/decisions/0010). Administrador and Ventas assign them in the
 * panel's Salidas screen; a Guía sees and checks in only the departures assigned to them. Other roles as before.
 */
export const GUIAS_MSG = {
  notGuide: (id: number) => `El usuario ${id} no es un guía activo`,
  notAssigned: "No tienes asignada esta salida; pide a un administrador que te la asigne",
  otherDeparture: "Esta reserva no es de esta salida",
} as const;

export const GUIA_ROL = "guia";

export interface GuiaAsignado {
  id: number;
  nombre: string;
  email: string;
}

/** The guides of a departure given by its key; none when the departure has no row yet. */
export async function guidesOf(db: Db, key: { tourId: number; date: string; hora: string }): Promise<GuiaAsignado[]> {
  return db
    .select({ id: staffUsersTable.id, nombre: staffUsersTable.nombre, email: staffUsersTable.email })
    .from(salidaGuia)
    .innerJoin(salida, eq(salida.id, salidaGuia.salidaId))
    .innerJoin(staffUsersTable, eq(staffUsersTable.id, salidaGuia.usuarioId))
    .where(and(eq(salida.tourId, key.tourId), eq(salida.fecha, key.date), eq(salida.hora, key.hora)))
    .orderBy(asc(staffUsersTable.nombre));
}

/** Every active guide, for the assignment's choices. */
export async function activeGuides(db: Db): Promise<GuiaAsignado[]> {
  return db
    .select({ id: staffUsersTable.id, nombre: staffUsersTable.nombre, email: staffUsersTable.email })
    .from(staffUsersTable)
    .where(and(eq(staffUsersTable.rol, GUIA_ROL), eq(staffUsersTable.activo, true)))
    .orderBy(asc(staffUsersTable.nombre));
}

/** Replaces the departure's guides (its row created if it had none); 400 naming any id that is not an active guide. */
export async function setGuides(tx: Db, key: { tourId: number; date: string; hora: string }, ids: number[]): Promise<{ before: number[]; after: number[] }> {
  const wanted = [...new Set(ids)];
  const guides = wanted.length ? await tx.select({ id: staffUsersTable.id }).from(staffUsersTable)
    .where(and(inArray(staffUsersTable.id, wanted), eq(staffUsersTable.rol, GUIA_ROL), eq(staffUsersTable.activo, true))) : [];
  const bad = wanted.filter((id) => !guides.some((g) => g.id === id));
  if (bad.length) throw badRequest(bad.map((id) => fieldError(GUIAS_MSG.notGuide(id), "guias", id)));
  const dep = await lockDeparture(tx, key.tourId, key.date, key.hora);
  const before = (await tx.select({ id: salidaGuia.usuarioId }).from(salidaGuia).where(eq(salidaGuia.salidaId, dep.id))).map((r) => r.id).sort((a, b) => a - b);
  await tx.delete(salidaGuia).where(eq(salidaGuia.salidaId, dep.id));
  if (wanted.length) await tx.insert(salidaGuia).values(wanted.map((usuarioId) => ({ salidaId: dep.id, usuarioId })));
  return { before, after: wanted.sort((a, b) => a - b) };
}

/** True when this user is one of the guides of the departure with this key. */
export async function isAssigned(db: Db, usuarioId: number, departureKey: string): Promise<boolean> {
  const key = parseDepartureKey(departureKey);
  if (!key) return false;
  const [row] = await db
    .select({ id: salidaGuia.usuarioId })
    .from(salidaGuia)
    .innerJoin(salida, eq(salida.id, salidaGuia.salidaId))
    .where(and(eq(salidaGuia.usuarioId, usuarioId), eq(salida.tourId, key.tourId), eq(salida.fecha, key.date), eq(salida.hora, key.hora)));
  return !!row;
}

/**
 * A Guía asking about a departure that is not theirs (other roles see every departure). A malformed key is not
 * refused here: whoever reads it answers 400 naming it.
 */
export async function notTheirs(db: Db, staff: { id: number; rol: string } | null, departureKey: string): Promise<boolean> {
  if (staff?.rol !== GUIA_ROL || !parseDepartureKey(departureKey)) return false;
  return !(await isAssigned(db, staff.id, departureKey));
}

/** Check-in: a Guía gets 403 at a departure that is not theirs. */
export async function assertOwnDeparture(db: Db, staff: { id: number; rol: string } | null, departureKey: string): Promise<void> {
  if (await notTheirs(db, staff, departureKey)) throw new HttpError(403, { errors: [{ msg: GUIAS_MSG.notAssigned }] });
}
