import { expect, type APIRequestContext } from "@playwright/test";
import { API_URL } from "./env";
import { png } from "./png";
import { staffHeaders } from "./staff";

/** Tours of a test's own, and orders of them, made through the API, so a test never depends on (or changes) the demo catalogue. */

const EVERY_DAY = { lunes: true, martes: true, miercoles: true, jueves: true, viernes: true, sabado: true, domingo: true };

/**
 * A tour made through the API with a photo and the form's usual fields; `fields` (nombre, precio, pais and ciudad
 * at least) go on top. Answers its id.
 */
export async function createTour(request: APIRequestContext, fields: Record<string, string>): Promise<number> {
  const created = await request.post(`${API_URL}/api/tour/create`, {
    headers: await staffHeaders(),
    multipart: {
      habitacion_individual: "0",
      habitacion_doble: "0",
      habitacion_triple: "0",
      mascotas: "1",
      reembolsable: "1",
      descripcion: "<p>Un tour de prueba.</p>",
      ...fields,
      fotos: { name: "foto.png", mimeType: "image/png", buffer: png() },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return ((await created.json()) as { succes: { id: number } }).succes.id;
}

/** A tour in the first demo city with one daily horario of `cupo` places (null: unlimited). */
export async function createTestTour(
  request: APIRequestContext,
  options: { nombre: string; cupo: number | null; hora?: string; precio?: string; fields?: Record<string, string> },
): Promise<{ tourId: number; scheduleId: number }> {
  const paises = (await (await request.get(`${API_URL}/api/pais/index`)).json()) as { succes: Array<{ id: number }> };
  const pais = paises.succes[0]!.id;
  const ciudades = (await (await request.get(`${API_URL}/api/ciudades/find/${pais}`)).json()) as { succes: Array<{ id: number }> };
  const tourId = await createTour(request, {
    nombre: options.nombre,
    precio: options.precio ?? "30",
    pais: String(pais),
    ciudad: String(ciudades.succes[0]!.id),
    ...options.fields,
  });
  return { tourId, scheduleId: await createSchedule(request, tourId, options.hora ?? "10:00", options.cupo) };
}

/** A daily horario of a tour at `hora` with `cupo` places (null: unlimited). Answers its id. */
export async function createSchedule(request: APIRequestContext, tourId: number, hora: string, cupo: number | null): Promise<number> {
  const horario = await request.post(`${API_URL}/api/tour/horario/create/`, {
    headers: await staffHeaders(),
    data: { hora_inicio: hora, ...EVERY_DAY, tour_id: tourId, ...(cupo === null ? {} : { cupo }) },
  });
  expect(horario.ok(), await horario.text()).toBe(true);
  return ((await horario.json()) as { succes: { id: number } }).succes.id;
}

/** "YYYY-MM-DD" → the API's `dia` ("MM/DD/YYYY-HH:MM"). */
export function diaOf(fecha: string, hora: string): string {
  const [y, m, d] = fecha.split("-");
  return `${m}/${d}/${y}-${hora}`;
}

/** Who orders, as the checkout form sends it; createOrder's default buyer is "Reserva Previa". */
interface OrderBuyer {
  nombre: string;
  apellido: string;
  telefono: string;
  telefonoRespaldo?: string;
  direccion: string;
  nit: string;
  /** What the buyer writes at checkout ("Comentario"). */
  comentario?: string;
}

/** An unpaid order through the API (it holds its places for 15 minutes): PayPal's order token. */
export async function createOrder(request: APIRequestContext, lines: OrderLine[], email: string, buyer?: Partial<OrderBuyer>): Promise<string> {
  const response = await request.post(`${API_URL}/api/compra/create`, {
    data: {
      pedidos: lines.map((l) => ({
        tour_id: l.tourId,
        dia: diaOf(l.fecha, l.hora),
        mayores_15: l.adults,
        de_4_15: l.children ?? 0,
        menores_3: 0,
        mascotas: 0,
      })),
      nombre: "Reserva",
      apellido: "Previa",
      email,
      telefono: "3001234567",
      direccion: "Calle 1",
      nit: "123456",
      ...buyer,
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

/** One tour of an order made through the API, at the daily horario `hora`: adults, and children of 4–15 if given. */
export interface OrderLine {
  tourId: number;
  fecha: string;
  hora: string;
  adults: number;
  children?: number;
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
  buyer?: Partial<OrderBuyer>,
): Promise<{ orderId: number; referencia: string; token: string }> {
  const token = await createOrder(request, lines, email, buyer);
  const approve = await request.post(`${simUrl}/checkoutnow/approve`, { form: { token }, maxRedirects: 0 });
  expect(approve.status(), await approve.text()).toBeGreaterThanOrEqual(300);
  const confirmed = await request.post(`${API_URL}/api/compra/confirma`, { data: { token } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const { succes } = (await confirmed.json()) as { succes: { id: number; status: boolean; referencia: string } };
  expect(succes.status).toBe(true);
  return { orderId: succes.id, referencia: succes.referencia, token };
}

/** paidOrder of one tour. */
export function paidBooking(
  request: APIRequestContext,
  simUrl: string,
  options: OrderLine & { email: string },
): Promise<{ orderId: number; referencia: string; token: string }> {
  const { email, ...line } = options;
  return paidOrder(request, simUrl, [line], email);
}

/** The orders the API holds for this buyer (the staff list of orders, filtered here). */
export async function ordersOf(request: APIRequestContext, email: string) {
  const response = await request.get(`${API_URL}/api/compra/index`, { headers: await staffHeaders() });
  expect(response.ok()).toBe(true);
  const { succes } = (await response.json()) as {
    succes: Array<{ id: number; email: string; status: boolean; estado?: string; valor_total: number | string }>;
  };
  return succes.filter((pedido) => pedido.email === email);
}
