/**
 * Cart rules (product-spec §4, §5): a tour enters the cart with every count at 0 and total 0; plus and
 * minus change one count, never below 0 (nor above the checkout's limit); the line total is always
 * recomputed from the base price with the one pricing rule, never accumulated.
 * The item shape is the browser storage's (`carttravel`), which the checkout posts as `pedidos`.
 */
import { MSG } from "./messages.ts";
import { fromCents, lineTotalCents, orderTotalCents, toCents, type TravellerCounts } from "./pricing.ts";

export const CART_COUNT_KEYS = ["mayores_15", "de_4_15", "menores_3", "mascotas"] as const;
export type CartCountKey = (typeof CART_COUNT_KEYS)[number];

/** Same bound as the contract's CompraCreateBody. */
export const MAX_COUNT_PER_KIND = 50;

export interface CartItem {
  tour_id: number;
  nombre: string;
  /** "MM/DD/YYYY-HH:MM": the chosen date and departure time. */
  dia: string;
  /** Adult (base) price in USD, as the catalogue gave it. */
  precio: number;
  imagen: string | null;
  mayores_15: number;
  de_4_15: number;
  menores_3: number;
  mascotas: number;
  /** USD, derived from the counts; kept because the storage format carries it. */
  precio_total: number;
}

export type NewCartItem = Pick<CartItem, "tour_id" | "nombre" | "dia" | "precio" | "imagen">;

/** The pricing names of a cart line's counts. */
export function cartCounts(item: Pick<CartItem, CartCountKey>): TravellerCounts {
  return {
    mayores15: item.mayores_15,
    menoresde15_a4: item.de_4_15,
    menores3: item.menores_3,
    mascotas: item.mascotas,
  };
}

export function cartLineTotalCents(item: Pick<CartItem, "precio" | CartCountKey>): number {
  return lineTotalCents(toCents(item.precio), cartCounts(item));
}

function withCount(item: CartItem, key: CartCountKey, count: number): CartItem {
  const next = { ...item, [key]: Math.min(MAX_COUNT_PER_KIND, Math.max(0, Math.trunc(count))) };
  return { ...next, precio_total: fromCents(cartLineTotalCents(next)) };
}

/** A fresh line: all counts 0, total 0. */
export function newCartItem(tour: NewCartItem): CartItem {
  toCents(tour.precio); // fail early on a price the pricing rule cannot take
  return { ...tour, mayores_15: 0, de_4_15: 0, menores_3: 0, mascotas: 0, precio_total: 0 };
}

/** Sets a count, clamped to 0…MAX_COUNT_PER_KIND (form posts without JavaScript). */
export function setCount(item: CartItem, key: CartCountKey, count: number): CartItem {
  return withCount(item, key, Number.isFinite(count) ? count : 0);
}

export interface AddToCartResult {
  ok: boolean;
  cart: CartItem[];
  /** The toast to show: MSG.tourAgregado or MSG.tourYaEnCarrito. */
  message: string;
}

/** Adds a tour unless it is already in the cart ('Ya existe este tour en tu carrito'). */
export function addToCart(cart: readonly CartItem[], item: CartItem): AddToCartResult {
  if (cart.some((line) => line.tour_id === item.tour_id)) {
    return { ok: false, cart: [...cart], message: MSG.tourYaEnCarrito };
  }
  return { ok: true, cart: [...cart, item], message: MSG.tourAgregado };
}

export function removeFromCart(cart: readonly CartItem[], tourId: number): CartItem[] {
  return cart.filter((line) => line.tour_id !== tourId);
}

/** Replaces the line of `item.tour_id`. */
export function updateCartItem(cart: readonly CartItem[], item: CartItem): CartItem[] {
  return cart.map((line) => (line.tour_id === item.tour_id ? item : line));
}

export function cartTotalCents(cart: readonly CartItem[]): number {
  return orderTotalCents(cart.map(cartLineTotalCents));
}

/** Has at least one person (pets alone do not make a booking). */
export function hasTravellers(item: Pick<CartItem, CartCountKey>): boolean {
  return item.mayores_15 + item.de_4_15 + item.menores_3 > 0;
}

function wholeCount(value: unknown): number {
  const n = typeof value === "string" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? Math.min(MAX_COUNT_PER_KIND, Math.max(0, Math.trunc(n))) : 0;
}

/**
 * Reads the stored cart (already JSON-parsed), dropping lines that cannot be priced and recomputing every
 * total: storage is user-editable, so nothing in it is trusted.
 */
export function readCart(stored: unknown): CartItem[] {
  if (!Array.isArray(stored)) return [];
  const cart: CartItem[] = [];
  for (const raw of stored) {
    if (!raw || typeof raw !== "object") continue;
    const line = raw as Record<string, unknown>;
    const tourId = Number(line.tour_id);
    const precio = typeof line.precio === "string" ? Number(line.precio) : line.precio;
    if (!Number.isSafeInteger(tourId) || tourId <= 0) continue;
    if (typeof precio !== "number" || !Number.isFinite(precio) || precio < 0) continue;
    if (typeof line.dia !== "string") continue;
    try {
      toCents(precio);
    } catch {
      continue;
    }
    if (cart.some((existing) => existing.tour_id === tourId)) continue;
    const item: CartItem = {
      tour_id: tourId,
      nombre: typeof line.nombre === "string" ? line.nombre : "",
      dia: line.dia,
      precio,
      imagen: typeof line.imagen === "string" ? line.imagen : null,
      mayores_15: wholeCount(line.mayores_15),
      de_4_15: wholeCount(line.de_4_15),
      menores_3: wholeCount(line.menores_3),
      mascotas: wholeCount(line.mascotas),
      precio_total: 0,
    };
    cart.push({ ...item, precio_total: fromCents(cartLineTotalCents(item)) });
  }
  return cart;
}
