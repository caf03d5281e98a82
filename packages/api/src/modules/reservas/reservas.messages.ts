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

/** Changing a line's date (docs/decisions/0013, "Cambio de fecha"): every refusal and outcome the buyer or staff read. */
export const CAMBIO_MSG = {
  lineaNotFound: "La reserva no tiene ese tour",
  cancelled: "Esta parte de la reserva está cancelada: no se puede cambiar la fecha",
  refunded: "Esta reserva ya fue cancelada: no se puede cambiar la fecha",
  notPaid: "Esta reserva no está pagada: no se puede cambiar la fecha",
  octo: "Esta reserva se hizo con un revendedor: el cambio de fecha se pide a quien te la vendió",
  notRefundable: (tour: string) => `El tour ${tour} no es reembolsable: su fecha no se puede cambiar`,
  tooLate: (tour: string, limite: string) => `El plazo para cambiar la fecha de ${tour} terminó el ${limite}`,
  started: (tour: string) => `La salida de ${tour} ya empezó: no se puede cambiar la fecha`,
  sameDeparture: "Tu reserva ya está en esa fecha y horario; elige otra",
  soldOut: (salida: string) => `La salida del ${salida} está agotada; elige otra fecha u horario`,
  fewLeft: (salida: string, left: number) =>
    `En la salida del ${salida} solo ${left === 1 ? "queda 1 lugar" : `quedan ${left} lugares`}; tu reserva necesita más. Elige otra fecha u horario`,
  closed: (salida: string) => `La salida del ${salida} no está disponible; elige otra fecha u horario`,
  inProgress: "Ya se está procesando un cambio de esta reserva; intenta de nuevo en unos segundos",
  notFound: "No encontramos ese cambio de fecha en tu reserva",
  createFailed: "No pudimos iniciar el pago de la diferencia con PayPal; tu reserva sigue igual. Intenta de nuevo en unos minutos.",
  notApproved: "No aprobaste el pago de la diferencia en PayPal; tu reserva sigue en su fecha de antes.",
  declined: "PayPal rechazó el pago de la diferencia; tu reserva sigue en su fecha de antes.",
  captureFailed: "PayPal no respondió al cobrar la diferencia; tu reserva sigue igual. Vuelve a intentarlo en unos minutos.",
  anulado: "Este cambio de fecha ya no está vigente; tu reserva sigue como la ves.",
  done: (salida: string) => `Listo: tu reserva pasó a la salida del ${salida}. Te enviamos un correo con el nuevo voucher.`,
  donePaid: (salida: string, monto: string) =>
    `Listo: pagaste la diferencia de ${monto} y tu reserva pasó a la salida del ${salida}. Te enviamos un correo con el nuevo voucher.`,
  doneRefund: (salida: string, monto: string) =>
    `Listo: tu reserva pasó a la salida del ${salida}. Te devolvimos la diferencia de ${monto} por PayPal. Te enviamos un correo con el nuevo voucher.`,
  doneRefundPending: (salida: string, monto: string) =>
    `Listo: tu reserva pasó a la salida del ${salida}. La devolución de la diferencia de ${monto} por PayPal está en trámite; la reintentamos hasta que se haga.`,
  devuelto: (salida: string, monto: string) =>
    `La salida del ${salida} se agotó mientras pagabas: tu reserva sigue en su fecha de antes y te devolvimos los ${monto} de la diferencia por PayPal.`,
  porDevolver: (salida: string, monto: string) =>
    `La salida del ${salida} se agotó mientras pagabas: tu reserva sigue en su fecha de antes. La devolución de los ${monto} de la diferencia está en trámite.`,
  staffNoCharge: (salida: string) => `Reserva movida a la salida del ${salida}, sin cobrar diferencia al comprador.`,
} as const;
