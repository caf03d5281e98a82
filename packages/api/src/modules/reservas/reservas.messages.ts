import type { ReservaLinea } from "./reserva.view.ts";

export const ACCESO_MSG = {
  notFound: "No encontramos una reserva con esa referencia y PIN",
  tooMany: "Demasiados intentos con una referencia o un PIN incorrectos. Espera un minuto e intenta de nuevo.",
} as const;

export const CHECKIN_MSG = {
  badSalida: "La salida no es válida (tour-AAAAMMDD-HHMM)",
  notFound: "No encontramos una reserva con esa referencia",
  cancelled: "Esta reserva está cancelada",
  notPaid: "Esta reserva no está pagada",
  otherDeparture: (lines: ReservaLinea[]) =>
    `Este voucher es de otra salida: ${lines.map((l) => `${l.tourNombre}, ${l.fechaTexto} a las ${l.horaTexto}`).join("; ")}`,
  already: (hora: string) => `Esta reserva ya registró su llegada a las ${hora}`,
} as const;

export const CANCELACION_MSG = {
  pedidoNotFound: "El pedido no existe",
  lineaNotFound: "La reserva no tiene esa línea",
  alreadyCancelled: "Esta reserva ya fue cancelada",
  lineAlreadyCancelled: "Esta parte de la reserva ya fue cancelada",
  notPaid: "Esta reserva no está pagada: no hay nada que reembolsar",
  octo: "Esta reserva se hizo con un revendedor: la cancela el revendedor por su canal",
  noCapture: "Este pedido no tiene un pago de PayPal que reembolsar",
  started: (l: ReservaLinea) => `La salida de ${l.tourNombre} del ${l.fechaTexto} a las ${l.horaTexto} ya empezó: no se puede cancelar`,
  noAnswer:
    "PayPal no respondió a la solicitud de reembolso. La reserva sigue pagada y no se canceló nada; intenta de nuevo en unos minutos.",
  refused: (why: string) => `PayPal rechazó el reembolso: ${why}. La reserva sigue pagada y no se canceló nada.`,
  inProgress: "Ya se está procesando una cancelación de esta reserva; intenta de nuevo en unos segundos",
} as const;
