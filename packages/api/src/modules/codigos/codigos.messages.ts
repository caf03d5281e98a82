/** Spanish answers about discount codes (decision 0021): the cart shows the refusals as they are. */

/** "2026-12-31" → "31/12/2026". */
const dayEs = (date: string) => date.split("-").reverse().join("/");

export const CODIGO_MSG = {
  notFound: "Este código no existe",
  inactive: "Este código no está activo",
  notYet: (from: string) => `Este código vale para reservas desde el ${dayEs(from)}`,
  expired: "Este código caducó",
  notThisTour: "Este código no aplica a este tour",
  notTheseTours: "Este código no aplica a los tours de tu carrito",
  notTheseDates: (from: string | null, to: string | null) =>
    from && to
      ? `Este código vale solo para salidas del ${dayEs(from)} al ${dayEs(to)}`
      : from
        ? `Este código vale solo para salidas desde el ${dayEs(from)}`
        : `Este código vale solo para salidas hasta el ${dayEs(to ?? "")}`,
  usedUp: "Este código ya se agotó",
  usedByEmail: "Ya usaste este código con este e-mail todas las veces que permite",
  duplicate: "Ya existe un código con ese nombre",
  codeNotFound: "El código de descuento no existe",
} as const;
