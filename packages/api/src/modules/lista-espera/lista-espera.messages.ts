/** The waiting list's Spanish texts (docs/decisions/0023). */
export const ESPERA_MSG = {
  joined: "Listo: te anotamos en la lista de espera. Si se libera un lugar para tu grupo te escribiremos; revisa tu correo.",
  hasPlaces: (quedan: number) =>
    quedan === 1 ? "Esta salida todavía tiene 1 lugar: puedes reservarlo ahora." : `Esta salida todavía tiene ${quedan} lugares: puedes reservarlos ahora.`,
  closed: "Esta salida está cerrada: no tiene lista de espera.",
  tooManyPersons: (max: number) => `La lista de espera admite hasta ${max} personas por solicitud.`,
  noPersons: "Indica cuántas personas vienen (al menos una).",
  tooMany: "Ya recibimos varias solicitudes de este correo hace un momento. Espera un minuto e inténtalo de nuevo.",
  notFound: "No encontramos esa solicitud de la lista de espera: puede que ya hayas salido de ella.",
  left: "Saliste de la lista de espera de esta salida. No te escribiremos más sobre ella.",
  offerGone: "Esta oferta ya no está disponible: venció o los lugares pasaron a la siguiente persona de la lista.",
  offerUsed: "Ya reservaste estos lugares: revisa el correo de confirmación.",
  noOffer: "Esta solicitud todavía no tiene lugares ofrecidos.",
  noRoom: (persons: number, free: number) =>
    `No hay lugar para ${persons} ${persons === 1 ? "persona" : "personas"}: ${free === 1 ? "queda 1 lugar libre" : `quedan ${free} lugares libres`}.`,
  notWaiting: "Esta solicitud ya no está esperando: no se le puede ofrecer un lugar.",
  tooLate: "Ya no hay tiempo de ofrecer lugares: la salida está a menos de 15 minutos de su cierre de ventas.",
  createFailed: "No pudimos abrir el pago con PayPal. Inténtalo de nuevo en unos minutos.",
} as const;

/** What the panel shows for an entry's state. */
export const ESPERA_ESTADO_ES = {
  esperando: "Esperando",
  ofrecida: "Oferta enviada",
  usada: "Reservó",
  vencida: "Oferta vencida",
  baja: "Salió de la lista",
} as const;
