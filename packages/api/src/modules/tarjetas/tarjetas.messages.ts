import { formatDateEs } from "@tours/domain";

/** What visitors and staff are told about gift cards (decision 0024): ours, in the spec's plain Spanish. */
export const TARJETA_MSG = {
  notFound: "Este código de tarjeta regalo no existe",
  notPaid: "Esta tarjeta regalo todavía no está pagada",
  expired: (venceEl: string) => `Esta tarjeta regalo venció el ${formatDateEs(venceEl)}`,
  empty: "Esta tarjeta regalo no tiene saldo",
  purchaseNotFound: "No encontramos esta compra de tarjeta regalo",
  createFailed: "No pudimos iniciar el pago con PayPal. Inténtalo de nuevo en unos minutos.",
  notApproved: "Todavía no aprobaste el pago en PayPal",
  declined: "PayPal rechazó el pago de la tarjeta regalo",
  failed: "El pago de esta tarjeta regalo no se completó. Puedes comprar otra.",
  inProgress: "Estamos confirmando el pago de tu tarjeta regalo. Vuelve a intentarlo en unos segundos.",
  captureFailed: "No pudimos confirmar el pago con PayPal. Vuelve a intentarlo en unos minutos.",
  amountMismatch: "PayPal cobró un monto distinto del valor de la tarjeta; no la activamos. Escríbenos para resolverlo.",
  dateChange: "Esta reserva se pagó con una tarjeta regalo: para cambiar la fecha, escríbenos y lo hacemos por ti.",
  dateChangeStaff: "Esta reserva se pagó con una tarjeta regalo: para cambiar la fecha, cancela la línea (su dinero vuelve a la tarjeta) y reserva la nueva fecha con la misma tarjeta.",
} as const;
