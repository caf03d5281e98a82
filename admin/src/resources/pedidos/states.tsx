import type { PedidoDetalle } from "@tours/contract";
import { LABELS } from "@tours/domain";
import { StateChip, type StateLook } from "../../lib/StateChip";

/** The states an order's detail shows (payment, lines, refunds, e-mails) and how each looks. */

export type OrderLine = PedidoDetalle["succes"][number];

export const when = (iso: string | Date | null | undefined) =>
  iso ? new Date(iso).toLocaleString("es-CO", { dateStyle: "medium", timeStyle: "short" }) : "—";

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
  nuevo_pedido: "Aviso de pedido al equipo",
  recordatorio: "Recordatorio",
  cancelacion: "Cancelación",
};

const PAID: StateLook = { label: LABELS.pago, color: "success" };
const UNPAID: StateLook = { label: LABELS.sinPago, color: "error" };

export function PaymentState({ paid }: { paid: boolean }) {
  return <StateChip look={paid ? PAID : UNPAID} testId="estado-pago" />;
}

export function LineState({ line }: { line: OrderLine }) {
  const look: StateLook = line.cancelada_at
    ? { label: "Cancelada", color: "error", variant: "outlined" }
    : line.checkin_at
      ? { label: `Llegó ${when(line.checkin_at)}`, color: "success" }
      : { label: "Activa", color: "default" };
  return <StateChip look={look} testId="linea-estado" />;
}
