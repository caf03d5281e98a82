/**
 * Which panel screens each role sees (the API enforces the same rules on every call; see
 * docs/decisions/0010-staff-roles-and-audit.md). Role codes are the API's; "admin" is the Administrador.
 */
export const ROL_NOMBRES: Record<string, string> = {
  admin: "Administrador",
  ventas: "Ventas",
  contenido: "Contenido",
  guia: "Guía",
};

export type Screen =
  | "hoy"
  | "destinos"
  | "pais"
  | "ciudades"
  | "pedidos"
  | "rewards"
  | "ayuda"
  | "banner"
  | "salidas"
  | "checkin"
  | "usuarios"
  | "actividad"
  | "blogs"
  | "fotos"
  | "nosotros"
  | "opiniones"
  | "codigos"
  | "tarjetas-regalo"
  | "apis"
  | "rendimiento";

const CATALOGUE: Screen[] = ["destinos", "pais", "ciudades", "banner", "blogs", "fotos", "nosotros", "opiniones"];
const SALES: Screen[] = ["hoy", "pedidos", "salidas", "checkin", "codigos", "tarjetas-regalo", "rewards", "ayuda", "rendimiento"];

const SCREENS: Record<string, Screen[]> = {
  admin: ["hoy", "destinos", "pais", "ciudades", "pedidos", "salidas", "checkin", "codigos", "tarjetas-regalo", "rewards", "ayuda", "banner", "usuarios", "actividad", "blogs", "fotos", "nosotros", "opiniones", "apis", "rendimiento"],
  ventas: SALES,
  contenido: CATALOGUE,
  // their departures of today and tomorrow first (Hoy, with the manifests), then check-in and the departures
  guia: ["hoy", "checkin", "salidas"],
};

/** Whether a panel address's first segment names one of the panel's screens (for "Sin permiso" vs "No encontrado"). */
export function isScreen(segment: string): segment is Screen {
  return (SCREENS.admin as string[]).includes(segment);
}

export function screensOf(rol: string | undefined): Screen[] {
  return (rol && SCREENS[rol]) || [];
}

export function canSee(rol: string | undefined, screen: Screen): boolean {
  return screensOf(rol).includes(screen);
}

/**
 * Closing, cancelling or changing the places of a departure (the API's `salidas.gestionar`): Administrador and
 * Ventas; a Guía reads manifests and checks in (docs/decisions/0016-the-operators-day.md).
 */
export function canChangeDepartures(rol: string | undefined): boolean {
  return rol === "admin" || rol === "ventas";
}

/** Assigning guides to a departure (a Guía then sees and checks in only those): Administrador and Ventas. */
export function canAssignGuides(rol: string | undefined): boolean {
  return rol === "admin" || rol === "ventas";
}

/** Cancelling and refunding a paid order from its detail (the API allows the same roles). */
export function canRefund(rol: string | undefined): boolean {
  return rol === "admin" || rol === "ventas";
}
