import { and, eq, isNull } from "drizzle-orm";
import type { Checkin } from "@tours/contract";
import { parseDepartureKey, personsOf, wallClock, formatLocalTime } from "@tours/domain";
import type { Db } from "../../db/client.ts";
import { HttpError, badRequest, fieldError, notFound } from "../../http/errors.ts";
import { type AuditActor, audited } from "../auditoria/auditoria.ts";
import { staffUsersTable } from "../auth/auth.table.ts";
import { pedidoLine } from "../compra/compra.table.ts";
import { type ReservaLinea, type ReservaView, loadReservaView } from "./reserva.view.ts";
import { CHECKIN_MSG } from "./reservas.messages.ts";
import { GUIAS_MSG } from "../salidas/guias.ts";

/**
 * Check-in at a departure (docs/decisions/0013): a guide scans the voucher's QR (the reference) or types it, sees
 * the travellers of that booking for the departure in hand, and marks them present, once.
 */

const conflict = (msg: string) => new HttpError(409, { errors: [fieldError(msg, "referencia")] });

/**
 * The line of the booking for this departure, or the reason it cannot be checked in there. `discreet` (a Guía):
 * a booking that is not of this departure, or none at all, is only "not of this departure" (guias.ts).
 */
function lineAt(view: ReservaView | null, salida: string, discreet = false): ReservaLinea {
  const line = view?.lineas.find((l) => l.salidaClave === salida);
  if (discreet && !line) throw conflict(GUIAS_MSG.otherDeparture);
  if (!view) throw notFound(CHECKIN_MSG.notFound);
  const cancelledOrder = view.estado === "cancelado" || view.estado === "reembolsado";
  if (!line) {
    const active = view.lineas.filter((l) => !l.canceladaAt);
    if (cancelledOrder || active.length === 0) throw conflict(CHECKIN_MSG.cancelled);
    throw conflict(CHECKIN_MSG.otherDeparture(active));
  }
  if (line.canceladaAt || cancelledOrder) throw conflict(CHECKIN_MSG.cancelled);
  if (!view.pagado) throw conflict(CHECKIN_MSG.notPaid);
  return line;
}

export function createCheckinService(deps: { db: Db; now: () => Date }) {
  const { db } = deps;

  function checkSalida(salida: string): void {
    if (!parseDepartureKey(salida)) throw badRequest([fieldError(CHECKIN_MSG.badSalida, "salida", salida)]);
  }

  async function toCheckin(view: ReservaView, line: ReservaLinea): Promise<Checkin> {
    const [who] = await db
      .select({ nombre: staffUsersTable.nombre })
      .from(pedidoLine)
      .innerJoin(staffUsersTable, eq(staffUsersTable.id, pedidoLine.checkin_usuario_id))
      .where(eq(pedidoLine.id, line.id));
    return {
      pedido_id: view.orderId,
      referencia: view.referencia,
      nombre: view.nombre,
      apellido: view.apellido,
      salida: line.salidaClave!,
      tour_nombre: line.tourNombre,
      fecha_texto: line.fechaTexto,
      hora_texto: line.horaTexto,
      mayores15: line.mayores15,
      menoresde15_a4: line.menoresde15_a4,
      menores3: line.menores3,
      mascotas: line.mascotas,
      personas: personsOf(line),
      checkin_at: line.checkinAt ? line.checkinAt.toISOString() : null,
      checkin_texto: line.checkinAt ? formatLocalTime(wallClock(line.checkinAt, line.zona).hora, line.zona) : null,
      checkin_por: who?.nombre ?? null,
    };
  }

  /** Who of this booking comes to this departure, and whether they already checked in. */
  async function consulta(referencia: string, salida: string, discreet = false): Promise<Checkin> {
    checkSalida(salida);
    const view = await loadReservaView(db, { referencia }, deps.now());
    return toCheckin(view!, lineAt(view, salida, discreet));
  }

  /** Marks them present, once (409 with the time of the first check-in after that). Audited. */
  async function registrar(referencia: string, salida: string, actor: AuditActor, discreet = false): Promise<Checkin> {
    checkSalida(salida);
    const now = deps.now();
    const line = lineAt(await loadReservaView(db, { referencia }, now), salida, discreet);
    const marked = await audited(db, actor, async (tx, audit) => {
      const rows = await tx
        .update(pedidoLine)
        .set({ checkin_at: now, checkin_usuario_id: actor.id, updatedAt: now })
        .where(and(eq(pedidoLine.id, line.id), isNull(pedidoLine.checkin_at), isNull(pedidoLine.cancelada_at)))
        .returning({ id: pedidoLine.id, pedido: pedidoLine.id_pedido });
      if (rows.length === 0) return false;
      await audit({ action: "checkin", resource: "pedido", resourceId: rows[0]!.pedido, before: { checkin: null }, after: { checkin: now, salida, linea: line.id } });
      return true;
    });
    const view = await loadReservaView(db, { referencia }, now);
    const after = lineAt(view, salida);
    if (!marked && after.checkinAt) {
      throw conflict(CHECKIN_MSG.already(formatLocalTime(wallClock(after.checkinAt, after.zona).hora, after.zona)));
    }
    return toCheckin(view!, after);
  }

  return { consulta, registrar };
}
