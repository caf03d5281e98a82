import { DEFAULT_TIME_ZONE, HOLD_WARNING_MINUTES, formatLocalTime, wallClock } from "@tours/domain";

/**
 * The hold of the buyer's unpaid order as the cart and the checkout show it (docs/decisions/0018): until when its
 * places are kept, in the business's local time, and whether more time can be asked for.
 */
export interface HoldView {
  /** The instant the hold lapses (ISO), for the page's two-minute warning. */
  until: string;
  /** "10:42 hora de Bogotá". */
  untilText: string;
  /** How many more times "Necesito más tiempo" may be pressed. */
  restantes: number;
  /** Where the buyer approves the payment of that order (PayPal). */
  payUrl: string;
  /** The hold has lapsed already (its places may be free for others; renewing takes them again while they are). */
  lapsed: boolean;
}

/** "10:42 hora de Bogotá": the hold's end in the business's zone (holds are the shop's, not one tour's). */
export function holdUntilText(until: Date, zone: string = DEFAULT_TIME_ZONE): string {
  return formatLocalTime(wallClock(until, zone).hora, zone);
}

export const HOLD_MSG = {
  heldUntil: (time: string) => `Guardamos tus lugares hasta las ${time}.`,
  lapsed: (time: string) => `El tiempo para pagar terminó a las ${time}: tus lugares pueden liberarse para otros viajeros.`,
  renewalsLeft: (n: number) =>
    n === 0 ? "Ya pediste más tiempo todas las veces posibles." : n === 1 ? "Puedes pedir más tiempo 1 vez más." : `Puedes pedir más tiempo ${n} veces más.`,
  warning: (time: string) =>
    `Quedan ${HOLD_WARNING_MINUTES} minutos: guardamos tus lugares hasta las ${time}. Si necesitas más tiempo, pulsa «Necesito más tiempo».`,
  renewed: (time: string) => `Listo: guardamos tus lugares hasta las ${time}.`,
  moreTime: "Necesito más tiempo",
  continuePay: "Continuar al pago",
} as const;

/** Milliseconds from `now` until the page should warn that the hold is about to lapse (0: warn now). */
export function msUntilWarning(until: string, now: number): number {
  return Math.max(0, new Date(until).getTime() - HOLD_WARNING_MINUTES * 60_000 - now);
}
