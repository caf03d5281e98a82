import { personsOf, type CartItem, type DepartureState } from "@tours/domain";

/** What the cart knows of a line's departure right now. */
export interface LineAvailability {
  estado: DepartureState;
  /** Places left; null: unlimited. */
  quedan: number | null;
  /** "martes, 24 de noviembre de 2026, 10:00 hora de Bogotá". */
  when: string;
}

export const CART_MSG = {
  soldOut: "Esta salida se agotó mientras esperabas: elige otra fecha en la página del tour",
  closed: "Esta salida ya no está disponible: elige otra fecha en la página del tour",
  tooMany: (left: number) => `${left === 1 ? "Solo queda 1 lugar" : `Solo quedan ${left} lugares`} para esta salida`,
} as const;

type PersonCounts = Pick<CartItem, "mayores_15" | "de_4_15" | "menores_3">;

/** Persons of a cart line (adults, children, infants; pets take no place). */
export function linePersons(item: PersonCounts): number {
  return personsOf({ mayores15: item.mayores_15, menoresde15_a4: item.de_4_15, menores3: item.menores_3 });
}

/** Why a line cannot be paid as it is, or null. */
export function lineProblem(item: CartItem, availability: LineAvailability | undefined): string | null {
  if (!availability) return null;
  if (availability.estado === "agotada") return CART_MSG.soldOut;
  if (availability.estado === "cerrada" || availability.estado === "vencida") return CART_MSG.closed;
  if (availability.quedan !== null && linePersons(item) > availability.quedan) return CART_MSG.tooMany(availability.quedan);
  return null;
}

// Taken back first from the counters least likely to be the point of the booking.
const CLAMP_ORDER = ["menores_3", "de_4_15", "mayores_15"] as const;

/**
 * The counts a counter post may keep when the line's departure has `left` places (null: unlimited): persons added
 * beyond the places left are taken back from the counters that grew, so a post never goes past the limit. A line
 * that already had more persons than places (they sold meanwhile) is not cut below what it had: the cart flags it.
 */
export function clampToPlaces<T extends PersonCounts>(before: PersonCounts, after: T, left: number | null): { item: T; clamped: boolean } {
  if (left === null) return { item: after, clamped: false };
  let excess = linePersons(after) - Math.max(left, linePersons(before));
  if (excess <= 0) return { item: after, clamped: false };
  const item = { ...after };
  for (const field of CLAMP_ORDER) {
    const grew = Math.max(0, item[field] - before[field]);
    const back = Math.min(grew, excess);
    item[field] -= back;
    excess -= back;
  }
  return { item, clamped: true };
}
