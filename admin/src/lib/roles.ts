/**
 * Which panel screens each role sees (the API enforces the same rules on every call; see
 * docs/decisions/0007-staff-roles-and-audit.md). Role codes are the API's; "admin" is the Administrador.
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
  | "usuarios"
  | "actividad"
  | "blogs"
  | "fotos"
  | "nosotros"
  | "opiniones"
  | "apis";

const CATALOGUE: Screen[] = ["destinos", "pais", "ciudades", "banner", "blogs", "fotos", "nosotros", "opiniones"];
const SALES: Screen[] = ["pedidos", "rewards", "ayuda"];

const SCREENS: Record<string, Screen[]> = {
  admin: ["destinos", "pais", "ciudades", "pedidos", "rewards", "ayuda", "banner", "usuarios", "actividad", "blogs", "fotos", "nosotros", "opiniones", "apis"],
  ventas: SALES,
  contenido: CATALOGUE,
  // departures, manifests and check-in: their screens join this list when they exist
  guia: [],
};

export function screensOf(rol: string | undefined): Screen[] {
  return (rol && SCREENS[rol]) || [];
}

export function canSee(rol: string | undefined, screen: Screen): boolean {
  return screensOf(rol).includes(screen);
}
