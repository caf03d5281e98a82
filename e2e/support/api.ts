import { ADMIN, API_URL } from "./env";

/** Reads a public call of the API directly (tests compare what the pages show with the data). */
export async function apiGet<T = unknown>(path: string, token?: string): Promise<T> {
  const response = await fetch(`${API_URL}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : undefined,
  });
  if (!response.ok) throw new Error(`GET ${path} → ${response.status}`);
  return (await response.json()) as T;
}

let cachedToken: string | null = null;

/** A staff bearer token for the harness's admin user. */
export async function adminToken(): Promise<string> {
  if (cachedToken) return cachedToken;
  const response = await fetch(`${API_URL}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  if (!response.ok) throw new Error(`login → ${response.status}`);
  const body = (await response.json()) as { sucess: string };
  cachedToken = body.sucess;
  return cachedToken;
}

export interface ApiPais {
  id: number;
  nombre: string;
  imagen: string | null;
  freetour_id?: string | null;
}
export interface ApiCiudad {
  id: number;
  nombre: string;
  pais: number;
  freetour_id?: string | null;
}
export interface ApiTour {
  id: number;
  nombre: string;
  precio: number | string;
  pais: number;
  ciudad: number;
}
export interface ApiFreeTour {
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
export interface ApiFreeTourDetail {
  data: ApiFreeTour;
  disponibilidad: { data: Array<{ id: string; date: string; language?: string | null }>; status: string };
  comentarios: { data: Array<{ id: string; reviewerName: string; title?: string | null; content: string; rate: number }> };
}

export const paises = async () => (await apiGet<{ succes: ApiPais[] }>("/api/pais/index")).succes;
export const ciudades = async () => (await apiGet<{ succes: ApiCiudad[] }>("/api/ciudades/index")).succes;
export const tours = async () => (await apiGet<{ succes: ApiTour[] }>("/api/tour/index")).succes;
export const freeToursOf = async (countryId: string) =>
  (await apiGet<{ data: { tours: ApiFreeTour[] } }>(`/api/freetours/tours/${countryId}`)).data.tours;
export const freeTour = (id: string) => apiGet<ApiFreeTourDetail>(`/api/freetours/tour/${id}`);
