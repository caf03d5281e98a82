import type { Identifier } from "react-admin";
import { api } from "../config";
import { withHttpErrors } from "../errors";
import { listParams, type ResourceHandler } from "../records";

/** Departures (panel `salidas`, id "12-20261125-1000"): filter {tour_id, desde, hasta, q}, paged by the API. */
const departure: ResourceHandler = {
  async getList(params) {
    const { range, filter } = listParams(params);
    return api.salidas.list({ range, ...(filter ? { filter } : {}) });
  },
  async getOne(id) {
    return (await api.salidas.find(String(id))).succes;
  },
};

export const departureHandlers: Record<string, ResourceHandler> = { salidas: departure };

/** The departures' own actions (beyond CRUD), called through useDataProvider(). */
export const departureActions = {
  /** The Hoy screen: today's and tomorrow's departures with bookings, the day's money, failed e-mails, 14 days. */
  today: () => withHttpErrors(async () => (await api.hoy()).succes),
  departureManifest: (id: Identifier) => withHttpErrors(async () => (await api.salidas.manifiesto(String(id))).succes),
  /** Closes or reopens one departure (with `hora`) or a whole date (without). */
  setDepartureClosed: (body: { tour_id: number; fecha: string; hora?: string; cerrada: boolean }) =>
    withHttpErrors(() => api.salidas.cierre(body)),
  /** Cancels a whole departure with a reason: it closes, holds are released, paid bookings refunded and e-mailed. */
  cancelDeparture: (body: { tour_id: number; fecha: string; hora: string; motivo: string }) =>
    withHttpErrors(async () => (await api.salidas.cancelar(body)).succes),
  /** A departure's own capacity; null goes back to its schedule's. */
  setDepartureCapacity: (body: { tour_id: number; fecha: string; hora: string; cupo: number | null }) =>
    withHttpErrors(async () => (await api.salidas.cupo(body)).succes),
  /** A departure's guides and the active guides that could run it. */
  departureGuides: (departureId: string) => withHttpErrors(async () => (await api.salidas.guias(departureId)).succes),
  setDepartureGuides: (departureId: string, guias: number[]) => withHttpErrors(async () => (await api.salidas.guiasSet(departureId, { guias })).succes),
  /** The departure's waiting list (issue 24), oldest entry first. */
  departureWaitlist: (departureId: string) => withHttpErrors(async () => (await api.salidas.listaEspera(departureId)).succes),
  /** Offers the departure's free places to one entry now (only while they fit). */
  offerWaitlistPlaces: (entryId: number) => withHttpErrors(async () => (await api.salidas.ofrecer(entryId)).succes),
};
export type DepartureActions = typeof departureActions;
