import { sql } from "drizzle-orm";
import type { CompraCreateBody } from "@tours/contract";
import type { Db } from "../../db/client.ts";
import { HttpError, badRequest, fieldError } from "../../http/errors.ts";
import { scheduleCapacity } from "../salidas/cupo.ts";
import type { SalidaRow } from "../salidas/salidas.table.ts";

/** What the check reads of an order line (compra.repository.ts's NewPedidoLine). */
interface HeldLine {
  id_tour: number;
  fecha: string;
  hora: string;
  mayores15: number;
  menoresde15_a4: number;
  menores3: number;
}

/**
 * Limits on what storefront orders may hold (issue 28, docs/decisions/0008): nobody can take a departure's places,
 * or many departures' places, for the length of a hold, again and again. Per order: persons and lines. Per client
 * (its address or IPv6 /64, `clientKey`) across its live unpaid holds: a share of each departure's capacity and a
 * number of persons in all — checked in the transaction that takes the hold, under a lock per client, so concurrent
 * checkouts of one client cannot pass the limits together. OCTO bookings have their own limits per reseller.
 */
export interface HoldLimits {
  personsPerOrder: number;
  linesPerOrder: number;
  /** Percent of a departure's capacity one client may hold (rounded down, at least one place). */
  departurePercent: number;
  personsPerClient: number;
}

/** Where a group is told to ask for a group booking: the storefront's help page (solicitud de ayuda). */
const AYUDA = "la página de Ayuda (/ayuda)";

export const HOLD_LIMITS_MSG = {
  tooManyPersons: (max: number) =>
    `Un pedido en línea admite hasta ${max} personas. Para un grupo más grande escríbenos desde ${AYUDA} y te preparamos una reserva de grupo.`,
  tooManyLines: (max: number) =>
    `Un pedido admite hasta ${max} tours distintos. Haz tu compra en varios pedidos o, si es para un grupo, escríbenos desde ${AYUDA}.`,
  departureShare: (salida: string, max: number) =>
    `Los pedidos sin pagar hechos desde una misma conexión pueden retener hasta ${max} ${max === 1 ? "lugar" : "lugares"} de la salida del ${salida}. ` +
    `Paga tus pedidos pendientes o elige menos viajeros; para un grupo más grande escríbenos desde ${AYUDA} y te preparamos una reserva de grupo.`,
  clientTotal: (max: number, held: number) =>
    `Ya tienes ${held} ${held === 1 ? "lugar retenido" : "lugares retenidos"} en pedidos sin pagar, y desde una misma conexión se pueden retener hasta ${max} a la vez. ` +
    `Paga tus pedidos pendientes o espera unos minutos a que se liberen; para un grupo más grande escríbenos desde ${AYUDA}.`,
} as const;

const personsOfBody = (l: CompraCreateBody["pedidos"][number]) => l.mayores_15 + l.de_4_15 + l.menores_3;

/** Lines and persons of one order: a 400 before anything is priced or locked. */
export function checkOrderSize(body: CompraCreateBody, limits: HoldLimits): void {
  if (body.pedidos.length > limits.linesPerOrder) throw badRequest([fieldError(HOLD_LIMITS_MSG.tooManyLines(limits.linesPerOrder), "pedidos")]);
  const persons = body.pedidos.reduce((sum, l) => sum + personsOfBody(l), 0);
  if (persons > limits.personsPerOrder) throw badRequest([fieldError(HOLD_LIMITS_MSG.tooManyPersons(limits.personsPerOrder), "pedidos")]);
}

/** The most places one client may hold on a departure of this capacity (null: unlimited). */
export function departureShare(capacity: number | null, percent: number): number | null {
  return capacity === null ? null : Math.max(1, Math.floor((capacity * percent) / 100));
}

/** Keeps the two-key advisory locks of the holds' clients apart from the capacity locks (salidas/cupo.ts). */
const CLIENT_LOCK_NAMESPACE = 74_310_012;

/**
 * The check run inside `reserve`'s transaction, once the order fits its departures and is inserted (uncommitted):
 * a refusal throws and rolls the order back. It takes the client's lock last (after the departures'), so it never
 * waits while holding it; the count then sees every hold of the client committed before, this order aside.
 */
export function clientHoldGuard(options: {
  client: string;
  limits: HoldLimits;
  now: Date;
  /** "lunes, 23 de noviembre de 2026 a las 10:00 hora de Bogotá" for a line's departure. */
  describe: (line: HeldLine) => string;
}) {
  const { client, limits, now } = options;
  return async (tx: Db, lines: Array<HeldLine & { departureId: number }>, departures: SalidaRow[], orderId: number): Promise<void> => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CLIENT_LOCK_NAMESPACE}::int, hashtext(${client}::text))`);
    const result = await tx.execute(sql`
      select l.salida_id, sum(l.mayores15 + l.menoresde15_a4 + l.menores3)::int as personas
        from pedido p join pedido_line l on l.id_pedido = p.id
       where p.cliente = ${client}::text and p.estado = 'pendiente' and p.id <> ${orderId}::int
         and (p.hold_expires_at > ${now}::timestamptz or p.capture_claimed_at is not null)
         and l.cancelada_at is null
       group by l.salida_id`);
    const heldBySalida = new Map<number, number>();
    let held = 0;
    for (const row of (result as unknown as { rows: Array<{ salida_id: number | null; personas: number }> }).rows) {
      const persons = Number(row.personas);
      held += persons;
      if (row.salida_id !== null) heldBySalida.set(Number(row.salida_id), persons);
    }
    const asked = new Map<number, number>();
    for (const l of lines) asked.set(l.departureId, (asked.get(l.departureId) ?? 0) + l.mayores15 + l.menoresde15_a4 + l.menores3);
    const askedTotal = [...asked.values()].reduce((a, b) => a + b, 0);
    if (held + askedTotal > limits.personsPerClient) {
      throw new HttpError(409, { errors: [fieldError(HOLD_LIMITS_MSG.clientTotal(limits.personsPerClient, held), "pedidos")] });
    }
    const byId = new Map(departures.map((d) => [d.id, d]));
    for (const [index, l] of lines.entries()) {
      const dep = byId.get(l.departureId)!;
      const capacity = dep.cupo ?? (await scheduleCapacity(tx, l.id_tour, l.fecha, l.hora)).cupo;
      const max = departureShare(capacity, limits.departurePercent);
      if (max !== null && (heldBySalida.get(l.departureId) ?? 0) + asked.get(l.departureId)! > max) {
        throw new HttpError(409, { errors: [fieldError(HOLD_LIMITS_MSG.departureShare(options.describe(l), max), `pedidos[${index}].dia`)] });
      }
    }
  };
}

export type HoldGuard = ReturnType<typeof clientHoldGuard>;
