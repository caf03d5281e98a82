import { deflateSync } from "node:zlib";
import { expect, type APIRequestContext } from "@playwright/test";
import { ADMIN, API_URL } from "./env";

/** Tours of a test's own, made through the API, so a test never depends on (or changes) the demo catalogue. */

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A small real PNG, for the tour the API requires photos for. */
export function png(width = 32, height = 24): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = Array.from({ length: height }, (_, y) => {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set([40 + x * 4, 90 + y * 5, 160], 1 + x * 3);
    return row;
  });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.concat(rows))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

// One login per worker while the token works: the API allows 10 login attempts a minute per address, shared with
// the other specs. A "Cerrar sesión" in another spec ends every session of the staff user (the API bumps its token
// version), so a cached token is checked first and replaced when the API no longer accepts it.
let cachedToken: string | undefined;
export async function staffHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  if (cachedToken) {
    const check = await request.get(`${API_URL}/api/auth/autenticate`, { headers: { Authorization: `Bearer ${cachedToken}` } });
    if (!check.ok()) cachedToken = undefined;
  }
  if (!cachedToken) {
    const response = await request.post(`${API_URL}/api/auth/login`, { data: ADMIN });
    expect(response.ok()).toBe(true);
    cachedToken = ((await response.json()) as { sucess: string }).sucess;
  }
  return { Authorization: `Bearer ${cachedToken}` };
}

const EVERY_DAY = { lunes: true, martes: true, miercoles: true, jueves: true, viernes: true, sabado: true, domingo: true };

/** A tour in the first demo city with one daily slot of `cupo` places (null: unlimited). */
export async function createTestTour(
  request: APIRequestContext,
  options: { nombre: string; cupo: number | null; hora?: string; precio?: string; fields?: Record<string, string> },
): Promise<{ tourId: number; horarioId: number }> {
  const headers = await staffHeaders(request);
  const paises = (await (await request.get(`${API_URL}/api/pais/index`)).json()) as { succes: Array<{ id: number }> };
  const pais = paises.succes[0]!.id;
  const ciudades = (await (await request.get(`${API_URL}/api/ciudades/find/${pais}`)).json()) as { succes: Array<{ id: number }> };
  const created = await request.post(`${API_URL}/api/tour/create`, {
    headers,
    multipart: {
      nombre: options.nombre,
      precio: options.precio ?? "30",
      pais: String(pais),
      ciudad: String(ciudades.succes[0]!.id),
      habitacion_individual: "0",
      habitacion_doble: "0",
      habitacion_triple: "0",
      mascotas: "1",
      reembolsable: "1",
      descripcion: "<p>Un tour de prueba.</p>",
      ...options.fields,
      fotos: { name: "foto.png", mimeType: "image/png", buffer: png() },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const tourId = ((await created.json()) as { succes: { id: number } }).succes.id;
  const horario = await request.post(`${API_URL}/api/tour/horario/create/`, {
    headers,
    data: { hora_inicio: options.hora ?? "10:00", ...EVERY_DAY, tour_id: tourId, ...(options.cupo === null ? {} : { cupo: options.cupo }) },
  });
  expect(horario.ok(), await horario.text()).toBe(true);
  return { tourId, horarioId: ((await horario.json()) as { succes: { id: number } }).succes.id };
}

/** "YYYY-MM-DD" → the API's `dia` ("MM/DD/YYYY-HH:MM"). */
export function diaOf(fecha: string, hora: string): string {
  const [y, m, d] = fecha.split("-");
  return `${m}/${d}/${y}-${hora}`;
}

/** An unpaid order through the API (adults only; it holds its places for 15 minutes): PayPal's order token. */
async function createOrder(request: APIRequestContext, lines: OrderLine[], email: string): Promise<string> {
  const response = await request.post(`${API_URL}/api/compra/create`, {
    data: {
      pedidos: lines.map((l) => ({ tour_id: l.tourId, dia: diaOf(l.fecha, l.hora), mayores_15: l.adults, de_4_15: 0, menores_3: 0, mascotas: 0 })),
      nombre: "Reserva",
      apellido: "Previa",
      email,
      telefono: "3001234567",
      direccion: "Calle 1",
      nit: "123456",
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { succes: { id: string } }).succes.id;
}

/** An unpaid order of one tour through the API: it holds its places for 15 minutes. */
export function holdPlaces(request: APIRequestContext, tourId: number, fecha: string, hora: string, adults: number, email: string) {
  return createOrder(request, [{ tourId, fecha, hora, adults }], email);
}

/** The day after tomorrow in Bogotá: clear of today's cutoff, and always in the calendar's reach. */
export function soonDate(daysAhead = 2): string {
  const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/Bogota" });
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + daysAhead);
  return d.toISOString().slice(0, 10);
}

/** One tour of an order made through the API: adults only, at the daily slot `hora`. */
export interface OrderLine {
  tourId: number;
  fecha: string;
  hora: string;
  adults: number;
}

/**
 * A paid booking made as a buyer would through the API: the order, its approval on the PayPal simulator, and the
 * confirmation the storefront's /pay/ok asks for. Answers the order's id, its booking reference and PayPal's token.
 */
export async function paidOrder(
  request: APIRequestContext,
  simUrl: string,
  lines: OrderLine[],
  email: string,
): Promise<{ pedidoId: number; referencia: string; token: string }> {
  const token = await createOrder(request, lines, email);
  const approve = await request.post(`${simUrl}/checkoutnow/approve`, { form: { token }, maxRedirects: 0 });
  expect(approve.status(), await approve.text()).toBeGreaterThanOrEqual(300);
  const confirmed = await request.post(`${API_URL}/api/compra/confirma`, { data: { token } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const { succes } = (await confirmed.json()) as { succes: { id: number; status: boolean; referencia: string } };
  expect(succes.status).toBe(true);
  return { pedidoId: succes.id, referencia: succes.referencia, token };
}

/** paidOrder of one tour. */
export function paidBooking(
  request: APIRequestContext,
  simUrl: string,
  options: OrderLine & { email: string },
): Promise<{ pedidoId: number; referencia: string; token: string }> {
  const { email, ...line } = options;
  return paidOrder(request, simUrl, [line], email);
}
