import { timeZoneLabel } from "@tours/domain";

/** IANA zones offered in the forms (the API accepts any valid one). */
const ZONES = [
  "America/Bogota",
  "America/Mexico_City",
  "America/Cancun",
  "America/Lima",
  "America/Guayaquil",
  "America/Caracas",
  "America/Panama",
  "America/Santiago",
  "America/Argentina/Buenos_Aires",
  "America/Montevideo",
  "America/Sao_Paulo",
  "America/New_York",
  "Europe/Madrid",
  "Atlantic/Canary",
  "Europe/Lisbon",
  "Europe/Paris",
  "Europe/Rome",
  "Europe/London",
  "Asia/Tokyo",
];

/** Choices of a zone select: "Europe/Madrid (hora de Madrid)". */
export const ZONE_CHOICES = ZONES.map((id) => ({ id, name: `${id} (${timeZoneLabel(id)})` }));
