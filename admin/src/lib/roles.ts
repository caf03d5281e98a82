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
  | "apis";

const CATALOGUE: Screen[] = ["destinos", "pais", "ciudades", "banner", "blogs", "fotos", "nosotros", "opiniones"];
const SALES: Screen[] = ["pedidos", "salidas", "checkin", "rewards", "ayuda"];

const SCREENS: Record<string, Screen[]> = {
  admin: ["destinos", "pais", "ciudades", "pedidos", "salidas", "checkin", "rewards", "ayuda", "banner", "usuarios", "actividad", "blogs", "fotos", "nosotros", "opiniones", "apis"],
  ventas: SALES,
  contenido: CATALOGUE,
  // at the meeting point first (vouchers' check-in), then the departures and their manifests
  guia: ["checkin", "salidas"],
};

export function screensOf(rol: string | undefined): Screen[] {
  return (rol && SCREENS[rol]) || [];
}

export function canSee(rol: string | undefined, screen: Screen): boolean {
  return screensOf(rol).includes(screen);
}

/** Closing a departure or changing its places (the API's `salidas` permission): Ventas only looks. */
export function canChangeDepartures(rol: string | undefined): boolean {
  return rol === "admin" || rol === "guia";
}

/** Assigning guides to a departure (a Guía then sees and checks in only those): Administrador and Ventas. */
export function canAssignGuides(rol: string | undefined): boolean {
  return rol === "admin" || rol === "ventas";
}

/** Cancelling and refunding a paid order from its detail (the API allows the same roles). */
export function canRefund(rol: string | undefined): boolean {
  return rol === "admin" || rol === "ventas";
}
