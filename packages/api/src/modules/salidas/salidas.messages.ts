export const SALIDA_MSG = {
  notFound: "La salida no existe",
  badKey: "El identificador de la salida no es válido",
  badMonth: "El mes debe tener el formato AAAA-MM",
  belowTaken: (cupo: number, taken: number, salida: string) =>
    `No se puede fijar el cupo en ${cupo}: la salida del ${salida} ya tiene ${taken} ${taken === 1 ? "persona reservada" : "personas reservadas"}`,
  rangeTooLong: "El rango de fechas no puede superar 366 días",
  rangeInverted: "La fecha final debe ser igual o posterior a la inicial",
  /** An app without the job queue (some tests): the refunds of a cancelled departure have nowhere to run. */
  noQueue: "No es posible cancelar salidas en este momento: la cola de trabajos no está disponible",
} as const;
