import { MAX_HOLD_RENEWALS, formatDiaCorto, fromCents } from "@tours/domain";
import { timestamps } from "../../http/serialize.ts";
import type { PedidoLineRow, PedidoRow } from "./compra.table.ts";
import type { PedidoListRow } from "./compra.repository.ts";

/**
 * The contract's Pedido (money in USD on the wire, cents in the database) plus the additive `estado` (stored
 * lifecycle) and, in the panel's list, `situacion` (the state people are told: order-state.ts) and its tours and dates.
 */
export function toPedido(row: PedidoRow | PedidoListRow) {
  return {
    id: row.id,
    referencia: row.referencia,
    nombre: row.nombre,
    apellido: row.apellido,
    email: row.email,
    nit: row.nit,
    direccion: row.direccion,
    telefono: row.telefono,
    telefonorespaldo: row.telefonorespaldo,
    comentario: row.comentario ?? "",
    valor_total: fromCents(row.valor_total_cents),
    status: row.status,
    id_pay: row.id_pay,
    estado: row.estado,
    paid_at: row.paid_at ? row.paid_at.toISOString() : null,
    // additive: an OCTO booking's channel, reseller and the reseller's reference (paid by the reseller, no PayPal)
    canal: row.canal,
    revendedor_id: row.revendedor_id,
    revendedor_referencia: row.revendedor_referencia,
    ...("situacion" in row
      ? {
          situacion: row.situacion,
          lineas: row.lineas.map((l) => ({ tour: l.tour, fecha: formatDiaCorto(l.fecha), cancelada: l.cancelada })),
        }
      : {}),
    ...timestamps(row),
  };
}

export function toPedidoLine(row: PedidoLineRow) {
  return {
    id: row.id,
    id_pedido: row.id_pedido,
    id_tour: row.id_tour,
    fecha_tour: row.fecha_tour,
    mayores15: row.mayores15,
    menoresde15_a4: row.menoresde15_a4,
    menores3: row.menores3,
    mascotas: row.mascotas,
    valor: fromCents(row.valor_cents),
    valor_total: fromCents(row.valor_total_cents),
    ...timestamps(row),
  };
}

/** An unpaid order's hold as the buyer sees it (docs/decisions/0018): until when, and how many renewals are left. */
export function toRetencion(row: Pick<PedidoRow, "hold_expires_at" | "hold_renewals">) {
  return {
    hold_expires_at: row.hold_expires_at ? row.hold_expires_at.toISOString() : null,
    renovaciones: row.hold_renewals,
    renovaciones_restantes: Math.max(0, MAX_HOLD_RENEWALS - row.hold_renewals),
  };
}
