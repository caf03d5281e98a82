import { and, eq } from "drizzle-orm";
import { personsOf, type TravellerCounts } from "@tours/domain";
import type { Db } from "../../db/client.ts";
import type { LineRefusal } from "../compra/retencion.ts";
import { isDateClosed, scheduleCapacity, takenBySalida } from "../salidas/cupo.ts";
import { salida } from "../salidas/salidas.table.ts";

/**
 * Whether travellers would fit a departure now, read without locks (a preview: the move itself counts again under
 * the departure's lock, reservas/cambio-de-fecha.ts).
 */
export async function placesLeft(
  db: Db,
  tourId: number,
  fecha: string,
  hora: string,
  counts: TravellerCounts,
  now: Date,
): Promise<{ ok: true; quedan: number | null } | { ok: false; refusal: Pick<LineRefusal, "estado" | "quedan"> }> {
  const [row] = await db.select().from(salida).where(and(eq(salida.tourId, tourId), eq(salida.fecha, fecha), eq(salida.hora, hora)));
  if (row?.cerrada || (await isDateClosed(db, tourId, fecha))) return { ok: false, refusal: { estado: "cerrada", quedan: 0 } };
  const capacity = row?.cupo ?? (await scheduleCapacity(db, tourId, fecha, hora)).cupo;
  if (capacity === null) return { ok: true, quedan: null };
  const taken = row ? (await takenBySalida(db, [row.id], now)).get(row.id) : undefined;
  const quedan = Math.max(0, capacity - (taken ? taken.vendidos + taken.retenidos : 0));
  if (personsOf(counts) > quedan) return { ok: false, refusal: { estado: quedan === 0 ? "agotada" : "pocos", quedan } };
  return { ok: true, quedan };
}
