import { expect, type Page } from "@playwright/test";
import { apiJson } from "./api";
import { API_URL } from "./env";

/** A visitor's steps on the storefront that many specs take on their way to what they test. */

/** A tour's page on the month of `fecha` with that day picked; `extra` adds to the query ("&hora=10:00"). */
export function tourPage(tourId: number, fecha: string, extra = ""): string {
  return `/actividades/detalle/local/${tourId}?mes=${fecha.slice(0, 7)}&fecha=${fecha}${extra}`;
}

/** Fake timers, paused before the page loads: page timers only move when the test runs the clock. */
export async function pausedClock(page: Page) {
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1_000);
}

/** The page's React has taken over (storefront/app/root.tsx sets the attribute). */
export async function hydrated(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

/**
 * The home's banner popup covers the page 3 s after load until closed; once closed it stays closed for the
 * browser session. Tests about something else start as a visitor who already closed it.
 */
export async function bannerAlreadyClosed(page: Page) {
  const [banner] = await apiJson<Array<{ url: string }>>("/api/banner");
  if (!banner) return;
  await page.addInitScript((image) => window.sessionStorage.setItem("bannerVisto", image), `${API_URL}/${banner.url}`);
}

/** On a tour's page: next month's first bookable day, its first departure, and "Agregar al carrito" in the dialog. */
export async function addFirstDepartureNextMonth(page: Page) {
  await page.getByRole("link", { name: "Mes siguiente" }).click();
  await expect(page).toHaveURL(/mes=/);
  await page.locator(".calendar a.day--available").first().click();
  await expect(page).toHaveURL(/fecha=/);
  await page.getByTestId("slots").getByRole("button").first().click();
  await expect(page.getByRole("dialog", { name: "Confirma tu reserva" })).toBeVisible();
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
}

/** Opens the tour and adds next month's first departure to the cart. */
export async function addTourToCart(page: Page, tourId: number) {
  await page.goto(`/actividades/detalle/local/${tourId}`);
  await addFirstDepartureNextMonth(page);
}

/** In the cart: one more traveller of this kind, and the counter shows `expected`. */
export async function addTraveller(page: Page, field: "mayores_15" | "de_4_15" | "menores_3" | "mascotas", expected: number) {
  const counter = page.getByTestId(`counter-${field}`);
  await counter.locator('button[data-action="inc"]').click();
  await expect(counter.getByTestId("counter-value")).toHaveText(String(expected));
}

interface Buyer {
  nombre: string;
  apellido: string;
  nit: string;
  email: string;
  telefono: string;
  direccion: string;
}

/** Fills the cart's contact form (what a buyer types; `buyer` replaces any of it) and answers the form. */
export async function fillContactForm(page: Page, buyer: Partial<Buyer> & { email: string }) {
  const form = page.getByTestId("checkout-form");
  const typed: Buyer = { nombre: "Valentina", apellido: "Ríos", nit: "1020304050", telefono: "3001234567", direccion: "Carrera 7 # 12-34, Bogotá", ...buyer };
  for (const name of ["nombre", "apellido", "nit", "email", "telefono", "direccion"] as const) {
    await form.locator(`[name="${name}"]`).fill(typed[name]);
  }
  return form;
}
