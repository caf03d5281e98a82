import { HttpError } from "../../http/errors.ts";
import type { OctoErrorCode } from "./octo.schemas.ts";

/** Every message the OCTO module answers with (resellers read them; the panel shows the reseller ones). */
export const OCTO_MSG = {
  invalidProduct: "El producto no existe",
  invalidOption: "La opción no existe para este producto",
  invalidUnit: "La unidad no existe para este producto",
  invalidAvailability: "La salida no existe para este producto",
  invalidBooking: "La reserva no existe",
  uuidTaken: "Ese uuid ya se usó para otra reserva",
  uuidReused: (fields: string[]) =>
    `Ese uuid ya se usó para una reserva con otros datos (${fields.join(", ")}): la reserva existente no cambió; use un uuid nuevo para otra reserva`,
  rangeTooLong: "El rango de fechas no puede superar 366 días",
  rangeInverted: "La fecha final debe ser igual o posterior a la inicial",
  availabilityWhich: "Indique localDate, o localDateStart y localDateEnd, o availabilityIds (solo una de las tres formas)",
  listFilter: "Indique resellerReference, supplierReference, localDate o localDateStart y localDateEnd",
  noPersons: "La reserva debe incluir al menos una persona",
  // the storefront's rule and words (CompraCreateBody)
  infantsAlone: "Los menores de 3 años deben viajar con al menos un adulto o un niño de 4 a 15 años",
  expired: "La retención de la reserva expiró: haga una reserva nueva",
  notOnHold: "Solo se puede extender una reserva retenida (ON_HOLD)",
  holdAtLimit: (minutes: number) => `La retención ya alcanzó su duración máxima (${minutes} minutos desde la reserva): confirme o cancele la reserva`,
  cancelled: "La reserva está cancelada",
  nonRefundable: "El tour no es reembolsable: la reserva confirmada no se puede cancelar",
  afterCutoff: (hours: number) => `Ya pasó el corte de cancelación (${hours} ${hours === 1 ? "hora" : "horas"} antes del inicio): la reserva no se puede cancelar`,
  moveNonRefundable: "El tour no es reembolsable: la reserva confirmada no se puede cambiar",
  moveAfterCutoff: (hours: number) => `Ya pasó el corte (${hours} ${hours === 1 ? "hora" : "horas"} antes del inicio): la reserva no se puede cambiar`,
  moveProductNeedsAvailability: "Para cambiar de producto indique también la salida (availabilityId) del nuevo producto",
  unauthorized: "Falta la clave de API o no es válida",
  invalidWebhook: "El webhook no existe",
  webhookEvent: "El evento debe ser booking_update o availability_update",
  webhookLimit: (max: number) => `Un revendedor puede tener como máximo ${max} webhooks`,
} as const;

export const RESELLER_MSG = {
  notFound: "El revendedor no existe",
} as const;

export class OctoError extends HttpError {
  constructor(code: OctoErrorCode, errorMessage: string, extra: Record<string, string> = {}, status = 400) {
    super(status, { error: code, errorMessage, ...extra });
    this.name = "OctoError";
  }
}
