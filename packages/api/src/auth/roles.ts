/**
 * Staff roles and what each may do. A route declares the permission it needs in one line
 * (`{ preHandler: requireRole("catalogo") }`); this table is the only place that says which role holds it.
 * The stored code of the Administrador is "admin" so that existing users and the original client's
 * `rol === "admin"` keep working.
 */
export const ROLES = ["admin", "ventas", "contenido", "guia"] as const;
export type Rol = (typeof ROLES)[number];

export const PERMISSIONS = [
  /** write the catalogue: countries, cities, tours, photos, schedules, banner */
  "catalogo",
  /** read the staff-only catalogue calls (a tour's images, the schedule list) */
  "catalogo.ver",
  /** orders: list, detail, status changes, refunds */
  "pedidos",
  /** requests with people's data: rewards and help */
  "solicitudes",
  /** departures, manifests and check-in */
  "salidas",
  /** change departures: capacity, close and reopen, cancel a whole departure with its refunds (issue 22, decision 0016) */
  "salidas.gestionar",
  /** discount codes (decision 0021) */
  "codigos",
  /** gift cards and their ledgers (decision 0024) */
  "tarjetas",
  /** staff accounts and API keys */
  "usuarios",
  /** the whole audit log */
  "actividad",
  /** the storefront's field vitals (issue 27): how fast real visits were */
  "rendimiento",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const GRANTS: Record<Rol, readonly Permission[]> = {
  admin: PERMISSIONS,
  ventas: ["pedidos", "solicitudes", "catalogo.ver", "salidas.gestionar", "rendimiento", "codigos", "tarjetas"],
  contenido: ["catalogo", "catalogo.ver"],
  guia: ["salidas"],
};

export function isRol(value: unknown): value is Rol {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function rolCan(rol: string, permission: Permission): boolean {
  return isRol(rol) && GRANTS[rol].includes(permission);
}
