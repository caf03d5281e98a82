import { BUSQUEDA_ORDENES, BUSQUEDA_Q_MAX, DURACION_RANGOS, IDIOMA_CODES } from "@tours/domain";

/** What a bad query of GET /api/busqueda is told, per parameter. */
export const BUSQUEDA_MSG = {
  q: `La búsqueda admite hasta ${BUSQUEDA_Q_MAX} caracteres`,
  pais: "El país debe ser un número de identificación",
  ciudad: "La ciudad debe ser un número de identificación",
  precio: "El precio debe ser un número de dólares entre 0 y 1000000",
  precioRango: "El precio mínimo no puede ser mayor que el máximo",
  duracion: `La duración debe ser una de: ${DURACION_RANGOS.join(", ")}`,
  idioma: `El idioma debe ser uno de: ${IDIOMA_CODES.join(", ")}`,
  accesible: "La accesibilidad debe ser si o parcial",
  modalidad: "La modalidad debe ser grupo o privado",
  fecha: "La fecha debe tener la forma AAAA-MM-DD y existir",
  pagina: "La página debe ser un número entero desde 1",
  orden: `El orden debe ser uno de: ${BUSQUEDA_ORDENES.join(", ")}`,
} as const;
