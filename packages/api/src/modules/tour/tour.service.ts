import type { TourFields } from "@tours/contract";
import { toCents } from "@tours/domain";
import { sanitizeRichText } from "../../html/sanitize.ts";
import { badRequest, fieldError } from "../../http/errors.ts";
import type { CiudadesRepository } from "../ciudades/ciudades.repository.ts";
import type { TourValues } from "./tour.repository.ts";

export const TOUR_MSG = {
  notFound: "El tour no existe",
  paisNotFound: "El país no existe",
  ciudadNotFound: "La ciudad no existe",
  ciudadOtherPais: "La ciudad no pertenece al país seleccionado",
  fotosRequired: "Debe seleccionar al menos una foto",
  fotosTooMany: "Máximo 20 fotos seleccionadas",
  saveNone: "No se ha seleccionado fotos para guardar...",
  saveTooMany: "Puedes seleccionar hasta 20 imágenes.",
  fotoNotFound: "La imagen no existe",
  horarioNotFound: "El horario no existe",
} as const;

/**
 * The stored form of the tour form's fields: price in cents through the domain's one conversion, rich text
 * sanitised, and the city checked to exist and to belong to the country.
 */
export async function tourValuesFrom(fields: TourFields, ciudades: CiudadesRepository): Promise<TourValues> {
  const ciudad = await ciudades.find(fields.ciudad);
  if (!ciudad) throw badRequest([fieldError(TOUR_MSG.ciudadNotFound, "ciudad", fields.ciudad)]);
  if (ciudad.pais !== fields.pais) throw badRequest([fieldError(TOUR_MSG.ciudadOtherPais, "ciudad", fields.ciudad)]);
  return {
    nombre: fields.nombre,
    nombreHotel: fields.nombre_hotel ?? "",
    precioCents: toCents(fields.precio),
    habitacionIndividual: fields.habitacion_individual,
    habitacionDoble: fields.habitacion_doble,
    habitacionTriple: fields.habitacion_triple,
    intinerario: fields.intinerario ?? "",
    incluye: fields.incluye ?? "",
    noIncluye: fields.no_incluye ?? "",
    duracion: fields.duracion ?? "",
    accesibilidad: fields.accesibilidad ?? "",
    mascotas: fields.mascotas,
    salidas: sanitizeRichText(fields.salidas ?? ""),
    puntoEncuentro: fields.punto_encuentro ?? "",
    reembolsable: fields.reembolsable,
    pais: fields.pais,
    ciudad: fields.ciudad,
    descripcion: sanitizeRichText(fields.descripcion ?? ""),
    // absent (the original client's form) keeps what is stored
    corteHoras: fields.corte_horas,
    zonaHoraria: fields.zona_horaria,
  };
}
