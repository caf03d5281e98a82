/**
 * Bulk data for the list benchmark: 5,000 tours (one photo each) and 5,000 orders with 1–3 lines each, written
 * straight into the tables in multi-row INSERTs. Names are deterministic so the expected search hits are known.
 */
import type { Db } from "../src/db/client.ts";
import { ciudadesTable } from "../src/modules/ciudades/ciudades.table.ts";
import { pedido, pedidoLine, type PedidoEstado } from "../src/modules/compra/compra.table.ts";
import { paisTable } from "../src/modules/pais/pais.table.ts";
import { fotosTable, tourTable } from "../src/modules/tour/tour.table.ts";

// 50 place names, none a substring of another (checked below), so `q` = one of them hits exactly 1/50 of the tours
const PLACES = [
  "Monserrate", "Candelaria", "Usaquen", "Guatavita", "Zipaquira", "Villa de Leyva", "Barichara", "Salento",
  "Cocora", "Guatape", "Jardin", "Comuna Trece", "Getsemani", "Rosario", "Tayrona", "Minca", "Palomino",
  "Cabo de la Vela", "Punta Gallinas", "Mompox", "Tatacoa", "San Agustin", "Tierradentro", "Popayan", "Silvia",
  "Ipiales", "Las Lajas", "Providencia", "Leticia", "Amacayacu", "Cano Cristales", "Chicamocha", "Giron",
  "Suesca", "Chingaza", "Sumapaz", "Nemocon", "Raquira", "Iguaque", "Cucuta", "Capurgana", "Sapzurro",
  "Nuqui", "Bahia Solano", "Gorgona", "Malpelo", "Puracé", "Nevado del Ruiz", "Filandia", "Buritaca",
] as const;
const HOTELS = ["Hotel Central", "Posada del Mar", "Casa Colonial", "Hostal Andino", "Eco Lodge"] as const;
const DURATIONS = ["2 horas", "4 horas", "Medio día", "Día completo", "2 días"] as const;

const FIRST = ["Ana", "Luis", "Marta", "Jorge", "Lucia", "Pedro", "Sofia", "Diego", "Elena", "Camilo"] as const;
// 40 surnames, none a substring of another nor of a first name, so `q` = one of them hits exactly 1/40 of the orders
const LAST = [
  "Gomez", "Rodriguez", "Martinez", "Hernandez", "Lopez", "Ramirez", "Torres", "Vargas", "Castro", "Rojas",
  "Moreno", "Jimenez", "Quintero", "Ortiz", "Pardo", "Salazar", "Cardenas", "Mejia", "Osorio", "Restrepo",
  "Zapata", "Arango", "Velez", "Ospina", "Giraldo", "Duque", "Montoya", "Cifuentes", "Bermudez", "Escobar",
  "Uribe", "Acosta", "Benitez", "Caicedo", "Durango", "Figueroa", "Guerrero", "Ibarra", "Leal", "Nieto",
] as const;
const ESTADOS: PedidoEstado[] = ["pagado", "pendiente", "pagado", "cancelado", "pagado"];

export const TOUR_COUNT = 5_000;
export const ORDER_COUNT = 5_000;
const CHUNK = 500;

export interface TourData {
  nombre: string;
  nombreHotel: string;
  duracion: string;
}
export interface OrderData {
  nombre: string;
  apellido: string;
  email: string;
  telefono: string;
}

export function tourData(i: number): TourData {
  return {
    nombre: `Tour ${PLACES[i % PLACES.length]} ${String(i).padStart(4, "0")}`,
    nombreHotel: HOTELS[i % HOTELS.length]!,
    duracion: DURATIONS[(i * 7) % DURATIONS.length]!,
  };
}

export function orderData(i: number): OrderData {
  return {
    nombre: FIRST[(i * 3) % FIRST.length]!,
    apellido: LAST[i % LAST.length]!,
    email: `cliente${String(i).padStart(4, "0")}@correo.test`,
    telefono: `300${String(1_000_000 + i * 37).padStart(7, "0")}`,
  };
}

/** How many rows a case-insensitive substring search over these fields finds (what ILIKE '%q%' does). */
export function expectedHits<T extends object>(rows: T[], fields: (keyof T)[], q: string): number {
  const needle = q.toLowerCase();
  return rows.filter((row) => fields.some((f) => String(row[f]).toLowerCase().includes(needle))).length;
}

function assertNoSubstrings(words: readonly string[], label: string): void {
  for (const a of words) for (const b of words) {
    if (a !== b && b.toLowerCase().includes(a.toLowerCase())) throw new Error(`${label}: "${a}" is inside "${b}"`);
  }
}
assertNoSubstrings(PLACES, "PLACES");
assertNoSubstrings([...FIRST, ...LAST], "names");

async function chunked(count: number, write: (from: number, to: number) => Promise<void>): Promise<void> {
  for (let from = 0; from < count; from += CHUNK) await write(from, Math.min(count, from + CHUNK));
}

export interface Seeded {
  tours: TourData[];
  orders: OrderData[];
  lines: number;
}

export async function seedBulk(db: Db): Promise<Seeded> {
  const [pais] = await db.insert(paisTable).values({ nombre: "Colombia", prefijo: 57 }).returning({ id: paisTable.id });
  const ciudades = await db
    .insert(ciudadesTable)
    .values(["Bogotá", "Medellín", "Cartagena", "Cali", "Santa Marta"].map((nombre) => ({ nombre, pais: pais!.id })))
    .returning({ id: ciudadesTable.id });

  const tours = Array.from({ length: TOUR_COUNT }, (_, i) => tourData(i));
  const tourIds: number[] = [];
  await chunked(TOUR_COUNT, async (from, to) => {
    const rows = await db
      .insert(tourTable)
      .values(
        tours.slice(from, to).map((t, k) => {
          const i = from + k;
          return {
            ...t,
            precioCents: 1_500 + ((i * 137) % 20_000),
            pais: pais!.id,
            ciudad: ciudades[i % ciudades.length]!.id,
            mascotas: i % 3 === 0,
            reembolsable: i % 2 === 0,
            intinerario: `<p>Salida desde el hotel, recorrido guiado y regreso. Parada ${i}.</p>`,
            incluye: "<ul><li>Guía bilingüe</li><li>Transporte</li></ul>",
            descripcion: `<p>Una visita por ${t.nombre} con guía local.</p>`,
          };
        }),
      )
      .returning({ id: tourTable.id });
    tourIds.push(...rows.map((r) => r.id));
  });
  await chunked(TOUR_COUNT, async (from, to) => {
    await db.insert(fotosTable).values(tourIds.slice(from, to).map((tourId) => ({ tourId, url: `uploads/tour-${tourId}.webp` })));
  });

  const orders = Array.from({ length: ORDER_COUNT }, (_, i) => orderData(i));
  let lineCount = 0;
  await chunked(ORDER_COUNT, async (from, to) => {
    const lineSets = orders.slice(from, to).map((_, k) => {
      const i = from + k;
      return Array.from({ length: 1 + (i % 3) }, (_, j) => {
        const mayores15 = 1 + ((i + j) % 4);
        const valor = 2_000 + (((i + j) * 53) % 9_000);
        return {
          id_tour: tourIds[(i * 7 + j) % tourIds.length]!,
          fecha_tour: `2026-12-${String(1 + ((i + j) % 28)).padStart(2, "0")} 09:00`,
          mayores15,
          menoresde15_a4: 0,
          menores3: 0,
          mascotas: 0,
          valor_cents: valor,
          valor_total_cents: valor * mayores15,
        };
      });
    });
    const rows = await db
      .insert(pedido)
      .values(
        orders.slice(from, to).map((o, k) => {
          const i = from + k;
          const estado = ESTADOS[i % ESTADOS.length]!;
          return {
            ...o,
            nit: String(10_000_000 + i),
            direccion: `Calle ${1 + (i % 120)} # ${1 + (i % 50)}-${10 + (i % 80)}`,
            telefonorespaldo: null,
            comentario: i % 4 === 0 ? "Llegamos un día antes" : null,
            valor_total_cents: lineSets[k]!.reduce((sum, l) => sum + l.valor_total_cents, 0),
            estado,
            status: estado === "pagado",
            id_pay: estado === "pendiente" ? null : `PAY-${i}`,
            paid_at: estado === "pagado" ? new Date(Date.UTC(2026, 10, 1) + i * 60_000) : null,
          };
        }),
      )
      .returning({ id: pedido.id });
    const lines = rows.flatMap((row, k) => lineSets[k]!.map((l) => ({ ...l, id_pedido: row.id })));
    await db.insert(pedidoLine).values(lines);
    lineCount += lines.length;
  });
  return { tours, orders, lines: lineCount };
}
