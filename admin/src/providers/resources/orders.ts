import type { Identifier } from "react-admin";
import { api } from "../config";
import { withHttpErrors } from "../errors";
import { listParams, localPage, num, type ResourceHandler } from "../records";

/** Orders (panel `pedidos`, upstream `compra`) and, nested under one, its lines (`pedido-lineas`, filter id_pedido). */

const order: ResourceHandler = {
  async getList(params) {
    return api.compra.list(listParams(params));
  },
};

const orderLine: ResourceHandler = {
  async getList(params) {
    const orderId = (params.filter ?? {}).id_pedido;
    if (orderId === undefined) return { data: [], total: 0 };
    const { succes } = await api.compra.find(Number(orderId));
    return localPage(succes, { ...params, filter: {} });
  },
};

export const orderHandlers: Record<string, ResourceHandler> = { pedidos: order, "pedido-lineas": orderLine };

/** An order's detail and staff refunds (issue 9), called through useDataProvider(). */
export const orderActions = {
  /** The order's lines with their state, its reference, refunds and e-mails. */
  orderDetail: (id: Identifier) => withHttpErrors(() => api.compra.find(num(id))),
  /** Cancels and refunds the whole order, or one line; `a_tarjeta_nueva`: PayPal's part onto a new gift card for the buyer. */
  refundOrder: (id: Identifier, body: { linea?: number; motivo?: string; a_tarjeta_nueva?: boolean }) => withHttpErrors(() => api.compra.reembolsar(num(id), body)),
  /** Moves one line to another departure of its tour (issue 21; never charges the buyer). */
  changeDate: (id: Identifier, body: { linea: number; fecha: string; hora: string }) => withHttpErrors(() => api.compra.cambioFecha(num(id), body)),
  /** A tour's departures in a month ("YYYY-MM"), with their places. */
  departures: (tourId: number, mes: string) => withHttpErrors(async () => (await api.tour.disponibilidad(tourId, mes)).succes),
};
export type OrderActions = typeof orderActions;

/** The departures' check-in (issue 9), called through useDataProvider(). */
export const checkInActions = {
  /** A booking's travellers at a departure ("12-20261125-1000") and whether they came. */
  checkInLookup: (referencia: string, salida: string) =>
    withHttpErrors(async () => (await api.checkin.consulta(referencia, salida)).succes),
  checkIn: (referencia: string, salida: string) =>
    withHttpErrors(async () => (await api.checkin.registrar({ referencia, salida })).succes),
};
export type CheckInActions = typeof checkInActions;
