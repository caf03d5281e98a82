import { inArray } from "drizzle-orm";
import { orderStateLabel, parseDepartureKey, wallClock } from "@tours/domain";
import type { Db } from "../../db/client.ts";
import { staffUsersTable } from "../auth/auth.table.ts";
import { ciudadesTable } from "../ciudades/ciudades.table.ts";
import { pedido } from "../compra/compra.table.ts";
import { revendedor } from "../octo/octo.table.ts";
import { paisTable } from "../pais/pais.table.ts";
import { tourTable } from "../tour/tour.table.ts";
import type { AuditLogRow } from "./auditoria.table.ts";

/**
 * The one home of how an audit entry reads (issue 22): what was done to what, in Spanish words, with names instead
 * of ids ("cerró la salida del 25/11 10:30 de Monserrate"), and each changed field as "rol: Administrador". The
 * panel shows these texts as they come; the stored entry (action, resource, ids, raw values) stays as written.
 */

/** One field in words; "" on the side a creation or deletion does not have. */
export interface AuditChangeText {
  campo: string;
  antes: string;
  despues: string;
}

export interface AuditTexts {
  descripcion: string;
  cambios: AuditChangeText[];
}

const ROLES: Record<string, string> = { admin: "Administrador", ventas: "Ventas", contenido: "Contenido", guia: "Guía" };

const FIELDS: Record<string, string> = {
  nombre: "nombre",
  email: "correo",
  rol: "rol",
  activo: "activo",
  precio: "precio",
  cupo: "cupo",
  cerrada: "cerrada",
  guias: "guías",
  fotos: "fotos",
  estado: "estado",
  status: "pagado",
  reembolsado: "reembolsado",
  reembolso: "reembolso",
  lineas: "líneas",
  lineas_canceladas: "líneas canceladas",
  linea: "línea",
  checkin: "llegada",
  salida: "salida",
  error: "motivo del rechazo",
  descripcion: "descripción",
  hora_inicio: "hora de inicio",
  tour_id: "tour",
  pais: "país",
  ciudad: "ciudad",
  imagen: "imagen",
  destacado: "destacado",
  prefijo: "prefijo",
  corte_horas: "horas de corte",
  zona_horaria: "zona horaria",
  punto_encuentro: "punto de encuentro",
  duracion_minutos: "duración (minutos)",
  idiomas: "idiomas del guía",
  accesible_silla_ruedas: "accesible en silla de ruedas",
  edad_minima: "edad mínima",
  encuentro_lat: "latitud del punto de encuentro",
  encuentro_lng: "longitud del punto de encuentro",
  reembolsable: "reembolsable",
  miercoles: "miércoles",
  sabado: "sábado",
  url: "dirección",
};

/** The names the texts need, loaded once for a page of entries. */
interface Names {
  tours: Map<number, string>;
  paises: Map<number, string>;
  ciudades: Map<number, string>;
  usuarios: Map<number, string>;
  pedidos: Map<number, string>;
  revendedores: Map<number, string>;
  zona: string;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const num = (v: unknown) => (typeof v === "number" ? v : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : null);

function ddmm(date: string): string {
  const [, m, d] = date.split("-");
  return `${d}/${m}`;
}

function instantText(iso: string, zona: string): string {
  const { date, hora } = wallClock(new Date(iso), zona);
  const [y, m, d] = date.split("-");
  return `${d}/${m}/${y} ${hora}`;
}

function valueText(field: string, value: unknown, resource: string, names: Names): string {
  if (value === null || value === undefined || value === "") return "(vacío)";
  if (typeof value === "boolean") return value ? "sí" : "no";
  if (field === "rol" && typeof value === "string") return ROLES[value] ?? value;
  if (field === "estado" && resource === "pedido" && typeof value === "string") return orderStateLabel(value);
  const id = num(value);
  if (id !== null) {
    if (field === "pais") return names.paises.get(id) ?? `n.º ${id}`;
    if (field === "ciudad") return names.ciudades.get(id) ?? `n.º ${id}`;
    if (field === "tour_id") return names.tours.get(id) ?? `n.º ${id}`;
    if (["linea", "reembolso", "lineas", "lineas_canceladas"].includes(field)) return `n.º ${id}`;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return "(ninguno)";
    if (field === "guias") return value.map((g) => names.usuarios.get(Number(g)) ?? `n.º ${String(g)}`).join(", ");
    return value.map((v) => valueText(field, v, resource, names)).join(", ");
  }
  if (typeof value === "string" && field === "salida") return departureText(value, names) ?? value;
  if (typeof value === "string" && ISO_INSTANT.test(value)) return instantText(value, names.zona);
  return typeof value === "string" ? value : JSON.stringify(value);
}

function departureText(key: string, names: Names): string | null {
  const parsed = parseDepartureKey(key);
  if (!parsed) return null;
  return `la salida del ${ddmm(parsed.date)} ${parsed.hora} de ${names.tours.get(parsed.tourId) ?? `el tour n.º ${parsed.tourId}`}`;
}

/** `<tourId>-<YYYY-MM-DD>`: a whole date of a tour closed or reopened. */
function dateText(key: string, names: Names): string | null {
  const match = /^(\d+)-(\d{4}-\d{2}-\d{2})$/.exec(key);
  if (!match) return null;
  const tourId = Number(match[1]);
  return `el día ${ddmm(match[2]!)} de ${names.tours.get(tourId) ?? `el tour n.º ${tourId}`}`;
}

const VERBS: Record<string, string> = {
  create: "creó",
  update: "modificó",
  delete: "eliminó",
  close: "cerró",
  reopen: "reabrió",
  password_reset: "restableció la contraseña de",
  checkin: "registró la llegada de",
  reembolso: "canceló y reembolsó",
  reembolso_rechazado: "intentó reembolsar (PayPal lo rechazó)",
  // a gift card's ledger (decision 0024)
  carga: "cargó el valor de",
  pago: "pagó un pedido con",
  devolucion: "devolvió dinero a",
};

/** What the entry is about, with its name: "el tour Monserrate", "la salida del 25/11 10:30 de Monserrate". */
function objectText(row: AuditLogRow, names: Names): string {
  const id = num(row.resourceId);
  const snapshot = (row.changes.nombre?.despues ?? row.changes.nombre?.antes) as string | undefined;
  switch (row.resource) {
    case "salida":
      return departureText(row.resourceId, names) ?? `la salida ${row.resourceId}`;
    case "fecha":
      return dateText(row.resourceId, names) ?? `la fecha ${row.resourceId}`;
    case "tour":
      return `el tour ${(id !== null && names.tours.get(id)) || snapshot || `n.º ${row.resourceId}`}`;
    case "horario": {
      const hora = (row.changes.hora_inicio?.despues ?? row.changes.hora_inicio?.antes) as string | undefined;
      return `un horario${hora ? ` (${String(hora).slice(0, 5)})` : ""} de ${(id !== null && names.tours.get(id)) || `el tour n.º ${row.resourceId}`}`;
    }
    case "fotos":
      return `fotos de ${(id !== null && names.tours.get(id)) || `el tour n.º ${row.resourceId}`}`;
    case "pais":
      return `el país ${(id !== null && names.paises.get(id)) || snapshot || `n.º ${row.resourceId}`}`;
    case "ciudades":
      return `la ciudad ${(id !== null && names.ciudades.get(id)) || snapshot || `n.º ${row.resourceId}`}`;
    case "banner":
      return "el banner";
    case "pedido":
      return `el pedido ${(id !== null && names.pedidos.get(id)) || `n.º ${row.resourceId}`}`;
    case "usuario":
      return `el usuario ${(id !== null && names.usuarios.get(id)) || snapshot || `n.º ${row.resourceId}`}`;
    case "revendedor":
      return `el revendedor ${(id !== null && names.revendedores.get(id)) || snapshot || `n.º ${row.resourceId}`}`;
    case "tarjeta_regalo": {
      const code = row.changes.codigo?.despues as string | undefined;
      return `la tarjeta regalo ${code ?? `n.º ${row.resourceId}`}`;
    }
    case "codigo_descuento": {
      const code = (row.changes.codigo?.despues ?? row.changes.codigo?.antes) as string | undefined;
      return `el código de descuento ${code ?? `n.º ${row.resourceId}`}`;
    }
    default:
      return `${row.resource}${row.resourceId ? ` ${row.resourceId}` : ""}`;
  }
}

/** Bookkeeping a creation or deletion lists that says nothing to a person. */
const NOISE = new Set(["id"]);

/**
 * Each changed field in words. A record created (nothing before) or deleted (nothing after) lists its fields with
 * the one value they had, `antes` (creation) or `despues` (deletion) left "" — "rol: Administrador", not
 * "rol: (vacío) → Administrador" — and without its empty fields.
 */
function changeTexts(row: AuditLogRow, names: Names): AuditChangeText[] {
  const entries = Object.entries(row.changes);
  const created = entries.length > 0 && entries.every(([, c]) => c.antes === null || c.antes === undefined);
  const deleted = entries.length > 0 && entries.every(([, c]) => c.despues === null || c.despues === undefined);
  const texts: AuditChangeText[] = [];
  for (const [field, { antes, despues }] of entries) {
    const campo = FIELDS[field] ?? field.replaceAll("_", " ");
    if (created || deleted) {
      const value = created ? despues : antes;
      if (NOISE.has(field) || value === null || value === undefined || value === "") continue;
      const text = valueText(field, value, row.resource, names);
      texts.push(created ? { campo, antes: "", despues: text } : { campo, antes: text, despues: "" });
      continue;
    }
    texts.push({ campo, antes: valueText(field, antes, row.resource, names), despues: valueText(field, despues, row.resource, names) });
  }
  return texts;
}

function describe(row: AuditLogRow, names: Names): AuditTexts {
  const cambios = changeTexts(row, names);
  if (row.resource === "sesion") {
    const descripcion =
      row.action === "login" ? "inició sesión" : row.action === "logout" ? "cerró sesión" : row.action === "login_failed" ? "intentó iniciar sesión sin éxito" : row.action;
    return { descripcion, cambios };
  }
  const verb = VERBS[row.action] ?? row.action;
  return { descripcion: `${verb} ${objectText(row, names)}`, cambios };
}

function idsOf(rows: AuditLogRow[]) {
  const ids = { tours: new Set<number>(), paises: new Set<number>(), ciudades: new Set<number>(), usuarios: new Set<number>(), pedidos: new Set<number>(), revendedores: new Set<number>() };
  for (const row of rows) {
    const id = num(row.resourceId);
    if (["tour", "horario", "fotos"].includes(row.resource) && id !== null) ids.tours.add(id);
    if (row.resource === "salida") {
      const key = parseDepartureKey(row.resourceId);
      if (key) ids.tours.add(key.tourId);
    }
    if (row.resource === "fecha") {
      const tourId = num(row.resourceId.split("-")[0]);
      if (tourId !== null) ids.tours.add(tourId);
    }
    if (row.resource === "pais" && id !== null) ids.paises.add(id);
    if (row.resource === "ciudades" && id !== null) ids.ciudades.add(id);
    if (row.resource === "usuario" && id !== null) ids.usuarios.add(id);
    if (row.resource === "pedido" && id !== null) ids.pedidos.add(id);
    if (row.resource === "revendedor" && id !== null) ids.revendedores.add(id);
    for (const [field, { antes, despues }] of Object.entries(row.changes)) {
      for (const value of [antes, despues].flat()) {
        const n = num(value);
        if (n === null) {
          const key = field === "salida" && typeof value === "string" ? parseDepartureKey(value) : null;
          if (key) ids.tours.add(key.tourId);
          continue;
        }
        if (field === "pais") ids.paises.add(n);
        if (field === "ciudad") ids.ciudades.add(n);
        if (field === "tour_id") ids.tours.add(n);
        if (field === "guias") ids.usuarios.add(n);
      }
    }
  }
  return ids;
}

async function namesOf<T extends { id: number; nombre: string }>(load: (ids: number[]) => Promise<T[]>, ids: Set<number>): Promise<Map<number, string>> {
  if (ids.size === 0) return new Map();
  return new Map((await load([...ids])).map((r) => [r.id, shortName(r.nombre)]));
}

/** A name as a sentence can carry it: a pasted 64 KB "name" must not make one line of Actividad a page wide. */
function shortName(nombre: string): string {
  return nombre.length > 80 ? `${nombre.slice(0, 79)}…` : nombre;
}

/** The entries with their Spanish texts; names are read in one query per kind of record. */
export async function withTexts<T extends AuditLogRow>(db: Db, rows: T[], zona: string): Promise<Array<T & AuditTexts>> {
  const ids = idsOf(rows);
  const [tours, paises, ciudades, usuarios, pedidos, revendedores] = await Promise.all([
    namesOf((list) => db.select({ id: tourTable.id, nombre: tourTable.nombre }).from(tourTable).where(inArray(tourTable.id, list)), ids.tours),
    namesOf((list) => db.select({ id: paisTable.id, nombre: paisTable.nombre }).from(paisTable).where(inArray(paisTable.id, list)), ids.paises),
    namesOf((list) => db.select({ id: ciudadesTable.id, nombre: ciudadesTable.nombre }).from(ciudadesTable).where(inArray(ciudadesTable.id, list)), ids.ciudades),
    namesOf((list) => db.select({ id: staffUsersTable.id, nombre: staffUsersTable.nombre }).from(staffUsersTable).where(inArray(staffUsersTable.id, list)), ids.usuarios),
    namesOf((list) => db.select({ id: pedido.id, nombre: pedido.referencia }).from(pedido).where(inArray(pedido.id, list)), ids.pedidos),
    namesOf((list) => db.select({ id: revendedor.id, nombre: revendedor.nombre }).from(revendedor).where(inArray(revendedor.id, list)), ids.revendedores),
  ]);
  const names: Names = { tours, paises, ciudades, usuarios, pedidos, revendedores, zona };
  return rows.map((row) => ({ ...row, ...describe(row, names) }));
}
