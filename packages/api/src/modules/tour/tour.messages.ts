import { CIUDAD_ORDENES, CIUDAD_POR_PAGINA_MAX } from "@tours/contract";
import { MAX_PHOTOS_PER_SELECTION } from "@tours/domain";
import { HTTP_MSG } from "../../http/errors.ts";

export const TOUR_MSG = {
  notFound: "El tour no existe",
  paisNotFound: "El país no existe",
  ciudadNotFound: "La ciudad no existe",
  ciudadOtherPais: "La ciudad no pertenece al país seleccionado",
  fotosRequired: "Debe seleccionar al menos una foto",
  fotosTooMany: HTTP_MSG.tooManyFiles,
  saveNone: "No se ha seleccionado fotos para guardar...",
  saveTooMany: `Puedes seleccionar hasta ${MAX_PHOTOS_PER_SELECTION} imágenes.`,
  fotoNotFound: "La imagen no existe",
  horarioNotFound: "El horario no existe",
  badPagina: "La página debe ser un número entero desde 1",
  badPorPagina: `Los tours por página deben ser un número entero entre 1 y ${CIUDAD_POR_PAGINA_MAX}`,
  badOrden: `El orden debe ser uno de: ${CIUDAD_ORDENES.join(", ")}`,
} as const;
