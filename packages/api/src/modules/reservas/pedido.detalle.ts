import { asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { PedidoDetalle } from "@tours/contract";
import { fromCents, tarjetaCodigoFinal } from "@tours/domain";
import type { Db } from "../../db/client.ts";
import { listCorreos } from "../../mail/correo.repository.ts";
import { staffUsersTable } from "../auth/auth.table.ts";
import { pedidoLine, reembolso } from "../compra/compra.table.ts";
import { toPedidoLine } from "../compra/compra.serialize.ts";
import { salida } from "../salidas/salidas.table.ts";
import { describeDeparture } from "../salidas/salidas.service.ts";
import { cambioFecha } from "./cambio-fecha.table.ts";
import { tarjetaRegalo } from "../tarjetas/tarjetas.table.ts";
import { toReserva } from "./reserva.serialize.ts";
import { loadReservaView } from "./reserva.view.ts";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * GET /api/compra/find/{id} for the panel: the lines as upstream (plus cancellation, check-in and departure), the
 * reference, the booking as its buyer sees it, its refunds and its e-mails. Null when the order does not exist.
 */
export async function pedidoDetalle(db: Db, orderId: number, now: Date): Promise<PedidoDetalle | null> {
  const view = await loadReservaView(db, { orderId }, now);
  if (!view) return null;
  const checkinBy = alias(staffUsersTable, "checkin_by");
  const desde = alias(salida, "desde");
  const [lines, refunds, correos, cambios] = await Promise.all([
    db
      .select({ line: pedidoLine, checkinPor: checkinBy.nombre })
      .from(pedidoLine)
      .leftJoin(checkinBy, eq(checkinBy.id, pedidoLine.checkin_usuario_id))
      .where(eq(pedidoLine.id_pedido, orderId))
      .orderBy(asc(pedidoLine.id)),
    db
      .select({ r: reembolso, usuario: staffUsersTable.nombre, tarjetaNueva: tarjetaRegalo.codigo })
      .from(reembolso)
      .leftJoin(staffUsersTable, eq(staffUsersTable.id, reembolso.staff_usuario_id))
      .leftJoin(tarjetaRegalo, eq(tarjetaRegalo.id, reembolso.tarjeta_nueva_id))
      .where(eq(reembolso.pedido_id, orderId))
      .orderBy(asc(reembolso.id)),
    listCorreos(db, orderId),
    db
      .select({ c: cambioFecha, usuario: staffUsersTable.nombre, desdeFecha: sql<string | null>`${desde.fecha}::text`, desdeHora: desde.hora })
      .from(cambioFecha)
      .leftJoin(staffUsersTable, eq(staffUsersTable.id, cambioFecha.staff_usuario_id))
      .leftJoin(desde, eq(desde.id, cambioFecha.desde_salida_id))
      .where(eq(cambioFecha.pedido_id, orderId))
      .orderBy(asc(cambioFecha.id)),
  ]);
  const lineOf = new Map(view.lineas.map((l) => [l.id, l]));
  const salidaOf = new Map(view.lineas.map((l) => [l.id, l.salidaClave]));
  return {
    succes: lines.map(({ line, checkinPor }) => ({
      ...toPedidoLine(line),
      cancelada_at: iso(line.cancelada_at),
      reembolso_id: line.reembolso_id,
      checkin_at: iso(line.checkin_at),
      checkin_por: checkinPor,
      salida: salidaOf.get(line.id) ?? null,
    })),
    referencia: view.referencia,
    comentario: view.comentario,
    reserva: toReserva(view),
    reembolsos: refunds.map(({ r, usuario, tarjetaNueva }) => ({
      id: r.id,
      monto: fromCents(r.monto_cents),
      estado: r.estado,
      motivo: r.motivo,
      por: r.por,
      usuario,
      paypal_refund_id: r.paypal_refund_id,
      a_tarjeta: fromCents(r.tarjeta_cents),
      tarjeta_nueva: tarjetaNueva ? tarjetaCodigoFinal(tarjetaNueva) : null,
      error: r.error,
      created_at: r.createdAt.toISOString(),
    })),
    cambios: cambios.map(({ c, usuario, desdeFecha, desdeHora }) => {
      const l = lineOf.get(c.linea_id);
      const zona = l?.zona ?? "UTC";
      const tour = l?.tourNombre ?? "";
      return {
        id: c.id,
        linea: c.linea_id,
        desde: desdeFecha && desdeHora ? `${tour} · ${describeDeparture(desdeFecha, desdeHora, zona)}` : null,
        hacia: `${tour} · ${describeDeparture(c.hacia_fecha, c.hacia_hora, zona)}`,
        diferencia: fromCents(c.diferencia_cents),
        estado: c.estado,
        por: c.por,
        usuario,
        error: c.error,
        created_at: c.createdAt.toISOString(),
      };
    }),
    correos: correos.map((c) => ({
      id: c.id,
      tipo: c.tipo,
      destinatario: c.destinatario,
      asunto: c.asunto,
      estado: c.estado,
      intentos: c.intentos,
      ultimo_error: c.ultimo_error,
      enviado_at: iso(c.enviado_at),
      created_at: c.createdAt.toISOString(),
    })),
  };
}
