import type { Disponibilidad } from "@tours/contract";
import { formatDateEs, parseDia, type CartItem } from "@tours/domain";
import { api, loadOr } from "./api.server";
import type { LineAvailability } from "./cart-places";

/**
 * The live availability of each cart line's departure (keyed by tour id): one call per tour and month. A line
 * whose availability could not be read is left out; the API checks again when the order is placed.
 */
export async function cartAvailability(items: readonly CartItem[]): Promise<Map<number, LineAvailability>> {
  const months = new Map<string, Promise<Disponibilidad | null>>();
  const read = (tourId: number, mes: string) => {
    const key = `${tourId}|${mes}`;
    if (!months.has(key)) {
      months.set(key, loadOr(`la disponibilidad del tour ${tourId}`, async () => (await api().tour.disponibilidad(tourId, mes)).succes, null));
    }
    return months.get(key)!;
  };
  const result = new Map<number, LineAvailability>();
  await Promise.all(
    items.map(async (item) => {
      const dia = parseDia(item.dia);
      if (!dia) return;
      const month = await read(item.tour_id, dia.date.slice(0, 7));
      if (!month) return;
      const salida = month.dias.find((d) => d.fecha === dia.date)?.salidas.find((s) => s.hora === dia.hora);
      result.set(item.tour_id, {
        estado: salida?.estado ?? "cerrada",
        quedan: salida ? salida.quedan : 0,
        when: `${formatDateEs(dia.date)}, ${salida?.hora_local ?? dia.hora}`,
      });
    }),
  );
  return result;
}
