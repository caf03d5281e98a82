import { isApiError, type Disponibilidad, type Horario } from "@tours/contract";
import { formatUSD, toCents, wallClock } from "@tours/domain";
import { applyAvailability, calendarState, type BookingCalendar } from "~/components/booking/calendar-state";
import { api, loadOr, logLoadFailure } from "./api.server";
import type { Access } from "./reserva.server";
import { businessTimeZone } from "./time.server";

/**
 * "Cambiar fecha" in Mi reserva (issue 21, docs/decisions/0013): the tour's month calendar with its places (the
 * same state and availability the tour page uses), what the change costs, and the change itself. The API decides
 * and prices everything; this only asks and says what happened, in its words.
 */

const UNAVAILABLE = "No pudimos cambiar la fecha en este momento; tu reserva sigue igual. Intenta de nuevo en unos minutos";

/** The calendar for a line's tour, from the page's query (`mes`, `fecha`, `hora`), with the tour's live places. */
export async function cambioCalendar(tourId: number, query: URLSearchParams): Promise<BookingCalendar> {
  const availability = (mes: string | undefined) =>
    loadOr(`la disponibilidad del tour ${tourId}`, async (): Promise<Disponibilidad | null> => (await api().tour.disponibilidad(tourId, mes)).succes, null);
  const askedMes = /^\d{4}-\d{2}$/.test(query.get("mes") ?? "") ? query.get("mes")! : query.get("fecha")?.slice(0, 7);
  const [horarios, first] = await Promise.all([
    loadOr(`los horarios del tour ${tourId}`, async (): Promise<Horario[]> => (await api().tour.horarioFind(tourId)).succes, []),
    availability(askedMes),
  ]);
  const now = wallClock(new Date(), first?.zona_horaria ?? businessTimeZone());
  const state = calendarState(query, horarios, { today: now.date, nowMinutes: now.minutes });
  return applyAvailability(state, first?.mes === state.mes ? first : await availability(state.mes));
}

export interface CambioResumen {
  desde: string;
  hacia: string;
  totalAntes: string;
  totalNuevo: string;
  /** > 0: to pay first; < 0: refunded after the move; 0: moved at once. */
  diferenciaCents: number;
  diferencia: string;
  quedan: number | null;
}

function refusal(error: unknown, what: string): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 408) return error.messages[0] ?? UNAVAILABLE;
  if (isApiError(error) && error.status === 502) return error.messages[0] ?? UNAVAILABLE;
  logLoadFailure(what, error);
  return UNAVAILABLE;
}

export async function resumenCambio(
  access: Access,
  linea: number,
  fecha: string,
  hora: string,
): Promise<{ kind: "ok"; resumen: CambioResumen } | { kind: "error"; message: string }> {
  try {
    const { succes: p } = await api().reserva.cambioConsulta({ ...access, linea, fecha, hora });
    const cents = toCents(p.diferencia);
    return {
      kind: "ok",
      resumen: {
        desde: p.desde_texto,
        hacia: p.hacia_texto,
        totalAntes: formatUSD(toCents(p.total_antes)),
        totalNuevo: formatUSD(toCents(p.total_nuevo)),
        diferenciaCents: cents,
        diferencia: formatUSD(Math.abs(cents)),
        quedan: p.quedan,
      },
    };
  } catch (error) {
    return { kind: "error", message: refusal(error, `el cambio de fecha de ${access.referencia}`) };
  }
}

export type Cambio = { kind: "pay"; url: string } | { kind: "ok"; message: string } | { kind: "error"; message: string };

/** Asks for the change: moved (with any refund), or PayPal's page to pay the difference first. */
export async function cambiarFecha(access: Access, linea: number, fecha: string, hora: string): Promise<Cambio> {
  try {
    const { cambio } = await api().reserva.cambio({ ...access, linea, fecha, hora });
    if (cambio.estado === "por_pagar" && cambio.aprobar_url) return { kind: "pay", url: cambio.aprobar_url };
    return { kind: "ok", message: cambio.mensaje };
  } catch (error) {
    return { kind: "error", message: refusal(error, `el cambio de fecha de ${access.referencia}`) };
  }
}

/** Back from PayPal: the difference captured once and the line moved, or why not. */
export async function confirmarCambio(access: Access, token: string): Promise<{ kind: "ok" | "error"; message: string }> {
  try {
    const { cambio } = await api().reserva.cambioConfirmar({ ...access, token });
    const ok = cambio.estado === "hecho" || cambio.estado === "reembolso_pendiente";
    return { kind: ok ? "ok" : "error", message: cambio.mensaje };
  } catch (error) {
    return { kind: "error", message: refusal(error, `el pago de la diferencia de ${access.referencia}`) };
  }
}
