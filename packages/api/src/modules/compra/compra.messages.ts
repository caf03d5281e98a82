import { MSG } from "@tours/domain";

/** Spanish answers of the orders module (the storefront shows its own toast; these explain the status). */
export const COMPRA_MSG = {
  createFailed: MSG.errorCrearPedido,
  tourNotFound: "El tour seleccionado no existe",
  notFound: "No existe un pedido con ese token",
  pedidoNotFound: "El pedido no existe",
  notApproved: "El pago aún no ha sido aprobado en PayPal; el pedido sigue pendiente de pago",
  declined: "PayPal rechazó el pago; el pedido sigue pendiente de pago",
  captureFailed: "No fue posible confirmar el pago con PayPal, intente de nuevo en unos minutos",
  capturePending: "PayPal aún está procesando el pago; el pedido se marcará como pagado cuando termine",
  amountMismatch: "El valor cobrado no coincide con el total del pedido; el pedido no se marcó como pagado",
  notPayable: "Este pedido no se puede pagar",
  inProgress: "El pago de este pedido se está procesando, intente de nuevo en unos segundos",
  alreadyPaid: "El pedido ya fue pagado y no se puede cancelar",
  alreadyPaidHold: "Este pedido ya fue pagado: sus lugares son tuyos",
  refunded: "Este pedido fue cancelado y su pago reembolsado",
  duplicateTour: "Este tour ya está en el pedido: indica todos sus viajeros en una sola línea",
  renewalLimit: (max: number) =>
    `Ya pediste más tiempo ${max} veces, el máximo para un pedido; completa el pago antes de que se liberen tus lugares`,
  holdExpired: "Tu reserva expiró y ya no quedan lugares suficientes en esa salida; no se realizó ningún cobro",
  soldOut: (salida: string) => `La salida del ${salida} está agotada; elige otra fecha u horario`,
  fewLeft: (salida: string, left: number) =>
    left === 1
      ? `Solo queda 1 lugar para la salida del ${salida}; elige menos viajeros u otra fecha`
      : `Solo quedan ${left} lugares para la salida del ${salida}; elige menos viajeros u otra fecha`,
  closed: (salida: string) => `La salida del ${salida} no está disponible; elige otra fecha u horario`,
} as const;

export const DIA_MSG = {
  invalid: "La fecha del tour no es válida",
  past: "La fecha y hora del tour ya pasaron",
  noSchedule: "El tour no tiene un horario que empiece a esa hora ese día",
  tooFar: "Solo se puede reservar con hasta un año de anticipación",
  cutoff: (hours: number) =>
    hours === 1
      ? "Las reservas para esa salida ya cerraron: se reciben hasta 1 hora antes del inicio"
      : `Las reservas para esa salida ya cerraron: se reciben hasta ${hours} horas antes del inicio`,
} as const;
