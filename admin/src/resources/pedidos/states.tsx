import type { PedidoDetalle } from "@tours/contract";
import { type OrderState, orderStateLabel } from "@tours/domain";
import { StateChip, type StateLook } from "../../lib/StateChip";
import { dateTimeEs } from "../../lib/dates";

/** The states an order's detail shows (payment, lines, refunds, e-mails) and how each looks. */

export type OrderLine = PedidoDetalle["succes"][number];

/** "27/11/2026 19:30". */
export const when = dateTimeEs;

export const REFUND_STATES: Record<string, StateLook> = {
  completado: { label: "Completado", color: "success" },
  en_curso: { label: "En curso", color: "warning" },
  pendiente: { label: "Pendiente", color: "warning" },
  fallido: { label: "Rechazado", color: "error" },
};
// enviado: the SMTP server accepted it; pendiente: waiting for a (new) try; fallido: every try spent
export const MAIL_STATES: Record<string, StateLook> = {
  enviado: { label: "Entregado", color: "success" },
  pendiente: { label: "En cola", color: "warning" },
  fallido: { label: "No entregado", color: "error" },
};
export const MAIL_KINDS: Record<string, string> = {
  confirmacion: "Confirmación y voucher",
  cambio_fecha: "Nueva fecha y voucher",
  nuevo_pedido: "Aviso de pedido al equipo",
  recordatorio: "Recordatorio",
  cancelacion: "Cancelación",
  aviso_cambio: "Aviso al equipo: el cliente canceló o cambió la fecha",
};

const ORDER_COLORS: Record<OrderState, Pick<StateLook, "color" | "variant">> = {
  pendiente: { color: "warning" },
  pagado: { color: "success" },
  parcialmente_reembolsado: { color: "success", variant: "outlined" },
  reembolsado: { color: "default" },
  cancelado: { color: "default", variant: "outlined" },
  expirado: { color: "default", variant: "outlined" },
  fallido: { color: "error" },
};

/** The order's state as the API derives it (`situacion`): Pendiente, Pagado, Parcialmente reembolsado… */
export function OrderStateChip({ state }: { state: string | undefined }) {
  const look = state ? (ORDER_COLORS as Record<string, Pick<StateLook, "color" | "variant">>)[state] : undefined;
  return <StateChip look={look && state ? { ...look, label: orderStateLabel(state) } : undefined} fallback={state ?? "—"} testId="estado-pedido" />;
}

export function LineState({ line }: { line: OrderLine }) {
  const look: StateLook = line.cancelada_at
    ? { label: "Cancelada", color: "error", variant: "outlined" }
    : line.checkin_at
      ? { label: `Llegó ${when(line.checkin_at)}`, color: "success" }
      : { label: "Activa", color: "default" };
  return <StateChip look={look} testId="linea-estado" />;
}
