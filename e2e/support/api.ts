import { expect } from "@playwright/test";
import { API_URL } from "./env";

/**
 * A call of the API from the test (not the browser), read as JSON: tests compare what the pages show with the data
 * and set up what they need. A string body is sent as JSON; `token` is a staff token (staff.ts).
 */
export async function apiJson<T = unknown>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  if (typeof init.body === "string") headers.set("Content-Type", "application/json");
  const res = await fetch(`${API_URL}${path}`, { ...init, headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path} → ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

interface ApiPais {
  id: number;
  nombre: string;
  imagen: string | null;
  freetour_id?: string | null;
}
interface ApiCiudad {
  id: number;
  nombre: string;
  pais: number;
  freetour_id?: string | null;
  imagen: string;
}
interface ApiTour {
  id: number;
  nombre: string;
  precio: number | string;
  pais: number;
  ciudad: number;
}
interface ApiFreeTour {
  id: string;
  title: { es: string } & Record<string, string>;
  brief?: { es?: string } & Record<string, string>;
  includes: string[];
  length?: number | string | null;
  price: { value: number; currency: string };
  countryId: string;
  cityId?: string | null;
  rating?: number | null;
  reviewsNumber?: number | null;
  images: Array<{ URL: string }>;
  meetingPoint?: { title?: string | null } | null;
}
interface ApiFreeTourDetail {
  data: ApiFreeTour;
  disponibilidad: { data: Array<{ id: string; date: string; language?: string | null }>; status: string };
  comentarios: { data: Array<{ id: string; reviewerName: string; title?: string | null; content: string; rate: number }> };
}

export const paises = async () => (await apiJson<{ succes: ApiPais[] }>("/api/pais/index")).succes;
export const ciudades = async () => (await apiJson<{ succes: ApiCiudad[] }>("/api/ciudades/index")).succes;
export const tours = async () => (await apiJson<{ succes: ApiTour[] }>("/api/tour/index")).succes;
export const freeToursOf = async (countryId: string) =>
  (await apiJson<{ data: { tours: ApiFreeTour[] } }>(`/api/freetours/tours/${countryId}`)).data.tours;
export const freeTour = (id: string) => apiJson<ApiFreeTourDetail>(`/api/freetours/tour/${id}`);

/** The entry of the demo seed with this name. */
export function byName<T extends { nombre: string }>(list: T[], nombre: string): T {
  const found = list.find((p) => p.nombre === nombre);
  if (!found) throw new Error(`demo seed without ${nombre}`);
  return found;
}

/** The demo seed's Colombia, which has free tours. */
export async function colombia(): Promise<ApiPais> {
  const pais = (await paises()).find((p) => p.nombre === "Colombia" && p.freetour_id);
  expect(pais, "the demo seed has Colombia with free tours").toBeTruthy();
  return pais!;
}

/** Colombia (or the first country), one of its cities, and a city of another country (the demo seed's). */
export async function demoPlace(): Promise<{ pais: ApiPais; ciudad: ApiCiudad; otherCity: ApiCiudad }> {
  const all = await paises();
  const pais = all.find((p) => p.nombre === "Colombia") ?? all[0]!;
  const cities = await ciudades();
  const ciudad = cities.find((c) => c.pais === pais.id)!;
  const otherCity = cities.find((c) => c.pais !== pais.id)!;
  return { pais, ciudad, otherCity };
}

/** The id of the demo seed's tour of this name. */
export async function tourIdByName(name: string): Promise<number> {
  const tour = (await tours()).find((t) => t.nombre === name);
  expect(tour, `the demo seed has "${name}"`).toBeTruthy();
  return tour!.id;
}
