import { createCookieSessionStorage } from "@remix-run/node";
import { isApiError, type Reserva } from "@tours/contract";
import { formatUSD, toCents } from "@tours/domain";
import { api, logLoadFailure } from "./api.server";
import { sessionSecrets } from "./cookies.server";
import { qrSvg } from "./qr.server";

/**
 * "Mi reserva": the buyer's booking behind its reference and PIN (no account). Once the pair is accepted it is
 * kept in a signed, http-only cookie for a while, so the PIN leaves the address bar (the e-mail's link carries it)
 * and every later page (the confirmation step, the result) can ask the API again with it.
 */

export const REFERENCIA_PIN_REQUIRED = "Escribe la referencia y el PIN que aparecen en el correo de confirmación";
const UNAVAILABLE = "No pudimos consultar tu reserva en este momento; intenta de nuevo en unos minutos";
const CANCEL_UNAVAILABLE = "No pudimos cancelar en este momento; tu reserva sigue igual. Intenta de nuevo en unos minutos";

export interface Access {
  referencia: string;
  pin: string;
}

let cookieStorage: ReturnType<typeof createCookieSessionStorage<Access>> | undefined;
// made on first use: the session secret may be read from (or written to) DATA_DIR
const storage = () => (cookieStorage ??= createCookieSessionStorage<Access>({
  cookie: {
    name: "mi_reserva",
    httpOnly: true,
    sameSite: "lax",
    path: "/mi-reserva",
    secrets: sessionSecrets(),
    secure: (process.env.STOREFRONT_URL ?? "").startsWith("https://"),
    maxAge: 60 * 60 * 2,
  },
}));

export async function readAccess(request: Request): Promise<Access | null> {
  const session = await storage().getSession(request.headers.get("Cookie"));
  const referencia = session.get("referencia");
  const pin = session.get("pin");
  return typeof referencia === "string" && typeof pin === "string" ? { referencia, pin } : null;
}

export async function keepAccess(request: Request, access: Access): Promise<string> {
  const session = await storage().getSession(request.headers.get("Cookie"));
  session.set("referencia", access.referencia);
  session.set("pin", access.pin);
  return storage().commitSession(session);
}

export async function forgetAccess(request: Request): Promise<string> {
  return storage().destroySession(await storage().getSession(request.headers.get("Cookie")));
}

/** What the visitor typed, tidied: "tr-7kq2 m9xp" → "TR-7KQ2M9XP"; the PIN's digits only. */
export function accessFrom(referencia: string, pin: string): Access | null {
  const ref = referencia.toUpperCase().replace(/\s+/g, "");
  const digits = pin.replace(/\D/g, "");
  return ref && digits ? { referencia: ref, pin: digits } : null;
}

export interface LineaPage {
  id: number;
  tour: string;
  tourId: number;
  fecha: string;
  hora: string;
  puntoEncuentro: string;
  /** The meeting point on a map (OpenStreetMap); null without its coordinates. */
  mapa: string | null;
  /** "3 h 30 min (termina a las 13:30 hora de Bogotá)"; null when the tour's duration is not given. */
  duracion: string | null;
  viajeros: string;
  /** What was paid for the line. */
  precio: string;
  /** What the order's discount code took off it ("USD 3.34"); null without one. */
  descuento: string | null;
  reembolsable: boolean;
  limite: string | null;
  /** Why it cannot be cancelled now (the API's words); null when it can. */
  motivo: string | null;
  cancelable: boolean;
  cancelada: boolean;
  checkin: boolean;
}

export interface ReservaPage {
  referencia: string;
  titular: string;
  email: string;
  pagado: boolean;
  total: string;
  /** The discount code the booking was bought with and what it took off in all; null without one. */
  descuento: { codigo: string; monto: string } | null;
  reembolsado: string | null;
  /** The gift card that paid part or all of it (decision 0024): its code's end and how much; null without one. */
  tarjeta: { final: string; monto: string } | null;
  /** What of the refunds went back to that card (card first, the domain's rule); null when nothing did. */
  reembolsadoATarjeta: string | null;
  /** Every line still active can be cancelled, and there are several: the whole booking can go at once. */
  cancelableTodo: boolean;
  /** What cancelling the whole booking gives back (the active lines' prices). */
  devolucionTodo: string;
  cancelada: boolean;
  lineas: LineaPage[];
  qr: string;
}

function plural(n: number, one: string, many: string): string | null {
  return n > 0 ? `${n} ${n === 1 ? one : many}` : null;
}

export function travellersText(l: { mayores15: number; menoresde15_a4: number; menores3: number; mascotas: number }): string {
  return (
    [
      plural(l.mayores15, "adulto", "adultos"),
      plural(l.menoresde15_a4, "niño de 4 a 15", "niños de 4 a 15"),
      plural(l.menores3, "menor de 3", "menores de 3"),
      plural(l.mascotas, "mascota", "mascotas"),
    ]
      .filter(Boolean)
      .join(", ") || "Sin viajeros"
  );
}

const usd = (amount: number | string) => formatUSD(toCents(amount));

async function toPage(reserva: Reserva): Promise<ReservaPage> {
  const lineas = reserva.lineas.map(
    (l): LineaPage => ({
      id: Number(l.id),
      tour: l.tour_nombre,
      tourId: Number(l.tour_id),
      fecha: l.fecha_texto,
      hora: l.hora_texto,
      puntoEncuentro: l.punto_encuentro,
      mapa: l.mapa_url,
      duracion: l.duracion_texto,
      viajeros: travellersText(l),
      precio: usd(l.valor_total),
      descuento: toCents(l.descuento) > 0 ? usd(l.descuento) : null,
      reembolsable: l.reembolsable,
      limite: l.limite_texto,
      motivo: l.motivo_no_cancelable,
      cancelable: l.cancelable,
      cancelada: l.cancelada_at !== null,
      checkin: l.checkin_at !== null,
    }),
  );
  const activas = lineas.filter((l) => !l.cancelada);
  return {
    referencia: reserva.referencia,
    titular: `${reserva.nombre} ${reserva.apellido}`.trim(),
    email: reserva.email,
    pagado: reserva.pagado,
    total: usd(reserva.valor_total),
    descuento: reserva.codigo_descuento && toCents(reserva.descuento) > 0 ? { codigo: reserva.codigo_descuento, monto: usd(reserva.descuento) } : null,
    reembolsado: toCents(reserva.reembolsado) > 0 ? usd(reserva.reembolsado) : null,
    ...cardParts(reserva),
    cancelableTodo: activas.length > 1 && activas.every((l) => l.cancelable),
    devolucionTodo: formatUSD(reserva.lineas.filter((l) => l.cancelada_at === null).reduce((sum, l) => sum + toCents(l.valor_total), 0)),
    cancelada: lineas.length > 0 && lineas.every((l) => l.cancelada),
    lineas,
    qr: await qrSvg(reserva.referencia),
  };
}

/** The card's part of a booking and what of it went back to the card (the API's figures, decision 0024). */
export function cardParts(reserva: Pick<Reserva, "tarjeta_regalo" | "pagado_con_tarjeta" | "reembolsado_a_tarjeta">): Pick<ReservaPage, "tarjeta" | "reembolsadoATarjeta"> {
  const paid = toCents(reserva.pagado_con_tarjeta);
  if (!reserva.tarjeta_regalo || paid <= 0) return { tarjeta: null, reembolsadoATarjeta: null };
  const back = toCents(reserva.reembolsado_a_tarjeta);
  return { tarjeta: { final: reserva.tarjeta_regalo, monto: formatUSD(paid) }, reembolsadoATarjeta: back > 0 ? formatUSD(back) : null };
}

export type Consulta = { kind: "ok"; reserva: ReservaPage } | { kind: "error"; status: number; message: string };

/** The API's own Spanish message for a refusal (404 wrong pair, 429 too many tries), else a generic one. */
function refusal(error: unknown, fallback: string, what: string): { status: number; message: string } {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 408) {
    return { status: error.status, message: error.messages[0] ?? fallback };
  }
  logLoadFailure(what, error);
  return { status: 503, message: fallback };
}

export async function consultar(access: Access): Promise<Consulta> {
  try {
    const { succes } = await api().reserva.consulta(access);
    return { kind: "ok", reserva: await toPage(succes) };
  } catch (error) {
    return { kind: "error", ...refusal(error, UNAVAILABLE, `la reserva ${access.referencia}`) };
  }
}

export type Cancelacion = { kind: "ok"; message: string } | { kind: "error"; message: string };

const REEMBOLSO_ESTADO: Record<string, string> = {
  completado: "ya está hecho",
  pendiente: "está en trámite",
};

/** Cancels one line (or every cancelable one) and says what happened with the refund, in one sentence. */
export async function cancelar(access: Access, linea: number | undefined): Promise<Cancelacion> {
  try {
    const { succes, reembolso } = await api().reserva.cancelar({ ...access, ...(linea === undefined ? {} : { linea }) });
    const what = linea === undefined ? "Cancelamos tu reserva" : "Cancelamos ese tour de tu reserva";
    const estado = REEMBOLSO_ESTADO[reembolso.estado] ?? `está ${reembolso.estado}`;
    // paid in part or all with a gift card: its part went back to the card first (decision 0024)
    const card = succes.tarjeta_regalo && toCents(reembolso.a_tarjeta) > 0 ? ` De ese monto, ${usd(reembolso.a_tarjeta)} volvió a la tarjeta regalo ${succes.tarjeta_regalo}.` : "";
    return { kind: "ok", message: `${what}. El reembolso de ${usd(reembolso.monto)} ${estado}.${card}` };
  } catch (error) {
    return { kind: "error", message: refusal(error, CANCEL_UNAVAILABLE, `la cancelación de ${access.referencia}`).message };
  }
}
