import { createCookieSessionStorage } from "@remix-run/node";
import {
  CART_COUNT_KEYS,
  STORAGE_KEYS,
  addToCart,
  cartLineTotalCents,
  cartTotalCents,
  formatUSD,
  hasTravellers,
  newCartItem,
  parseDia,
  readCart,
  setCount,
  toCents,
  unitPricesCents,
  updateCartItem,
  type CartCountKey,
  type CartItem,
  type NewCartItem,
} from "@tours/domain";

import { lineProblem, type LineAvailability } from "./cart-places";
import { readCartCard, type CartCard } from "./gift-card";
import { readHold, type PendingHold } from "./hold.server";
import { isSecureRequest, signedCookie } from "./cookies.server";

export type { CartItem } from "@tours/domain";

export type TravelerField = CartCountKey;

/** A signed cookie holds about 4 kB; ten lines fit comfortably. */
export const MAX_CART_ITEMS = 10;

let storage: ReturnType<typeof createCartStorage> | null = null;
function createCartStorage() {
  return createCookieSessionStorage<{ items: unknown; hold: unknown; codigo: unknown; tarjeta: unknown }>({
    cookie: {
      // The spec's browser storage key for the cart, here the cookie's name.
      name: STORAGE_KEYS.cart,
      ...signedCookie(60 * 60 * 24 * 30),
    },
  });
}
function cartStorage() {
  return (storage ??= createCartStorage());
}

export async function getCart(request: Request): Promise<CartItem[]> {
  const session = await cartStorage().getSession(request.headers.get("Cookie"));
  // The cookie is signed, but its shape may predate a release: the domain re-reads and re-prices every line.
  return readCart(session.get("items"))
    .filter((item) => parseDia(item.dia) !== null)
    .slice(0, MAX_CART_ITEMS);
}

/** The unpaid order this cart's checkout created and its hold, if any (docs/decisions/0018). */
export async function getHold(request: Request): Promise<PendingHold | null> {
  const session = await cartStorage().getSession(request.headers.get("Cookie"));
  return readHold(session.get("hold"));
}

/** The discount code the visitor typed in this cart, if any (decision 0021). */
export async function getCode(request: Request): Promise<string | null> {
  const session = await cartStorage().getSession(request.headers.get("Cookie"));
  const code = session.get("codigo");
  return typeof code === "string" && code ? code.slice(0, 60) : null;
}

/** The Set-Cookie header value that keeps (or, with null, forgets) the cart's discount code. */
export async function commitCode(request: Request, code: string | null): Promise<string> {
  const store = cartStorage();
  const session = await store.getSession(request.headers.get("Cookie"));
  if (code) session.set("codigo", code.slice(0, 60));
  else session.unset("codigo");
  return store.commitSession(session, { secure: isSecureRequest(request) });
}

/** The gift card the visitor applied in this cart, if any (decision 0024): its code and the balance it had then. */
export async function getCard(request: Request): Promise<CartCard | null> {
  const session = await cartStorage().getSession(request.headers.get("Cookie"));
  return readCartCard(session.get("tarjeta"));
}

/** The Set-Cookie header value that keeps (or, with null, forgets) the cart's gift card. */
export async function commitCard(request: Request, card: CartCard | null): Promise<string> {
  const store = cartStorage();
  const session = await store.getSession(request.headers.get("Cookie"));
  const kept = card ? readCartCard(card) : null;
  if (kept) session.set("tarjeta", kept);
  else session.unset("tarjeta");
  return store.commitSession(session, { secure: isSecureRequest(request) });
}

/**
 * Returns the Set-Cookie header value that stores `items` (an empty list clears the cookie, its code and gift card
 * too) and, when given, the pending order's hold and the gift card (null forgets one; absent keeps the stored one).
 */
export async function commitCart(request: Request, items: CartItem[], hold?: PendingHold | null, card?: CartCard | null): Promise<string> {
  const store = cartStorage();
  const session = await store.getSession(request.headers.get("Cookie"));
  const secure = isSecureRequest(request);
  if (items.length === 0) return store.destroySession(session, { secure });
  if (hold === null) session.unset("hold");
  else if (hold) session.set("hold", hold);
  if (card === null) session.unset("tarjeta");
  else if (card) session.set("tarjeta", readCartCard(card));
  // The cookie must stay under ~4 kB: totals are recomputed on read, and names are only for display.
  const stored = items.slice(0, MAX_CART_ITEMS).map((item) => {
    const { precio_total: _ignored, ...rest } = item;
    return { ...rest, nombre: rest.nombre.slice(0, 120) };
  });
  session.set("items", stored);
  return store.commitSession(session, { secure });
}

export type AddResult = { ok: true; items: CartItem[]; message: string } | { ok: false; items: CartItem[]; message: string };

/** A new line with every count at 0 (spec §4); the same tour twice is refused by the domain's rule. */
export function addLine(items: CartItem[], line: NewCartItem): AddResult {
  const result = addToCart(items, newCartItem(line));
  if (result.ok && result.cart.length > MAX_CART_ITEMS) {
    return { ok: false, items, message: `El carrito admite como máximo ${MAX_CART_ITEMS} tours` };
  }
  return result.ok
    ? { ok: true, items: result.cart, message: result.message }
    : { ok: false, items, message: result.message };
}

/**
 * The counts of one line (lines are keyed by tour: a tour is in the cart once) as the visitor's "+" / "−" left
 * them. Each post carries the whole line, so quick successive clicks cannot lose one another's update; the
 * domain clamps every count to 0…50 (never below 0).
 */
export function setLineCounts(items: CartItem[], tourId: number, counts: Partial<Record<TravelerField, number>>): CartItem[] {
  let item = items.find((i) => i.tour_id === tourId);
  if (!item) return items;
  for (const field of CART_COUNT_KEYS) {
    const count = counts[field];
    if (count !== undefined) item = setCount(item, field, count);
  }
  return updateCartItem(items, item);
}

/** The counts a counter form posted (fields named like the cart's); absent or non-numeric ones are left out. */
export function countsFromForm(form: FormData): Partial<Record<TravelerField, number>> {
  const counts: Partial<Record<TravelerField, number>> = {};
  for (const field of CART_COUNT_KEYS) {
    const raw = form.get(field);
    const value = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : Number.NaN;
    if (Number.isFinite(value)) counts[field] = value;
  }
  return counts;
}

export interface CartLineView {
  item: CartItem;
  /** Date and time of the departure in the tour's zone, when known. */
  when: string | null;
  /** Places left on its departure (null: unlimited or unknown): the person counters stop there. */
  quedan: number | null;
  /** Why this line cannot be paid as it is (sold out, closed, too many travelers), or null. */
  problem: string | null;
  /** Unit price per traveller kind, formatted ("USD 72.00"), keyed by the cart's field names. */
  units: Record<TravelerField, string>;
  /** What the line costs (after a discount code's part). */
  total: string;
  /** A discount code's part of this line ("USD 4.50") and the line's catalogue total, or null without one. */
  discount: { amount: string; before: string } | null;
  hasTravelers: boolean;
}

/**
 * What /shop shows: each line with its unit prices and total (from the domain), its departure's live places and
 * what stops it from being paid, and the order total; with a discount code, what the API's quote takes off each line.
 */
export function cartView(
  items: CartItem[],
  availability: Map<number, LineAvailability> = new Map(),
  /** A discount code's quote (discount-code.server.ts): cents off per tour id, and in all. */
  quote: { discounts: Map<number, number>; discountCents: number } | null = null,
): { lines: CartLineView[]; total: string; totalCents: number; discount: string | null } {
  const lines = items.map((item) => {
    const units = unitPricesCents(toCents(item.precio));
    const live = availability.get(item.tour_id);
    const lineCents = cartLineTotalCents(item);
    const off = quote?.discounts.get(item.tour_id) ?? 0;
    return {
      item,
      when: live?.when ?? null,
      quedan: live?.quedan ?? null,
      problem: lineProblem(item, live),
      units: {
        mayores_15: formatUSD(units.mayores15),
        de_4_15: formatUSD(units.menoresde15_a4),
        menores_3: formatUSD(units.menores3),
        mascotas: formatUSD(units.mascotas),
      },
      total: formatUSD(lineCents - off),
      discount: off > 0 ? { amount: formatUSD(off), before: formatUSD(lineCents) } : null,
      hasTravelers: hasTravellers(item),
    };
  });
  const discountCents = quote?.discountCents ?? 0;
  const totalCents = cartTotalCents(items) - discountCents;
  return { lines, total: formatUSD(totalCents), totalCents, discount: discountCents > 0 ? formatUSD(discountCents) : null };
}
