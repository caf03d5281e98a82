import type {
  CreateParams,
  DataProvider,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetManyReferenceParams,
  GetOneParams,
  Identifier,
  RaRecord,
  UpdateParams,
} from "react-admin";
import type { ListResult } from "@tours/contract";
import { withHttpErrors } from "./errors";
import type { AnyRecord, ResourceHandler } from "./records";
import { catalogueHandlers } from "./resources/catalogue";
import { departureActions, departureHandlers, type DepartureActions } from "./resources/departures";
import { checkInActions, orderActions, orderHandlers, type CheckInActions, type OrderActions } from "./resources/orders";
import { requestHandlers } from "./resources/requests";
import { codeHandlers } from "./resources/codes";
import { giftCardHandlers } from "./resources/giftCards";
import { vitalsActions, type VitalsActions } from "./resources/vitals";

/**
 * react-admin's resources (named after the panel's routes) translated onto the upstream calls of
 * api-contract.md through @tours/contract's client, one file per group under ./resources:
 *   catalogue: destinos → tour, pais, ciudades, banner, and nested under a tour horarios (tour_id), tour-fotos (tourId);
 *   orders: pedidos → compra, and nested under an order pedido-lineas (id_pedido);
 *   departures: salidas;  requests: rewards, ayuda, revendedores (the APIs screen);  codes: codigos (decision 0021);
 *   giftCards: tarjetas-regalo (decision 0024).
 * Records keep the upstream field names; 0/1 flags become booleans for the forms and go back as 1/0.
 * Lists that can grow (tours, orders, countries, cities, rewards and help requests) are paged, sorted and
 * searched by the API (the contract's list dialect); the small ones nested under one record are fetched whole
 * and paged here.
 */

const handlers: Record<string, ResourceHandler> = {
  ...catalogueHandlers,
  ...orderHandlers,
  ...departureHandlers,
  ...requestHandlers,
  ...codeHandlers,
  ...giftCardHandlers,
};

function handler(resource: string): ResourceHandler {
  const found = handlers[resource];
  if (!found) throw new Error(`Recurso desconocido: ${resource}`);
  return found;
}

function unsupported(resource: string, what: string): never {
  throw new Error(`${resource}: ${what} no está disponible`);
}

async function findIn(list: Promise<ListResult<AnyRecord>>, id: Identifier): Promise<AnyRecord> {
  const { data } = await list;
  const found = data.find((record) => String(record.id) === String(id));
  if (!found) throw Object.assign(new Error("No encontrado"), { status: 404 });
  return found;
}

export const dataProvider: DataProvider & DepartureActions & OrderActions & CheckInActions & VitalsActions = {
  ...departureActions,
  ...vitalsActions,
  ...orderActions,
  ...checkInActions,
  getList: (resource: string, params: GetListParams) => withHttpErrors(() => handler(resource).getList(params)) as never,

  getOne: (resource: string, params: GetOneParams) =>
    withHttpErrors(async () => {
      const h = handler(resource);
      const data = h.getOne ? await h.getOne(params.id) : await findIn(h.getList({ filter: {} } as GetListParams), params.id);
      return { data };
    }) as never,

  getMany: (resource: string, params: GetManyParams) =>
    withHttpErrors(async () => {
      const h = handler(resource);
      const wanted = new Set(params.ids.map(String));
      // Countries and cities referenced by a page of tours: their (short) whole list in one call.
      if (h.getMany) return { data: (await h.getMany(params.ids)).filter((r) => wanted.has(String(r.id))) };
      const getOne = h.getOne;
      if (getOne) return { data: await Promise.all(params.ids.map((id) => getOne(id))) };
      return { data: (await h.getList({ filter: {} } as GetListParams)).data.filter((r) => wanted.has(String(r.id))) };
    }) as never,

  getManyReference: (resource: string, params: GetManyReferenceParams) =>
    withHttpErrors(() =>
      handler(resource).getList({ ...params, filter: { ...params.filter, [params.target]: params.id } }),
    ) as never,

  create: (resource: string, params: CreateParams) =>
    withHttpErrors(async () => {
      const h = handler(resource);
      if (!h.create) unsupported(resource, "crear");
      return { data: await h.create(params.data as AnyRecord) };
    }) as never,

  update: (resource: string, params: UpdateParams) =>
    withHttpErrors(async () => {
      const h = handler(resource);
      if (!h.update) unsupported(resource, "actualizar");
      return { data: await h.update(params.id, params.data as AnyRecord, params.previousData as AnyRecord) };
    }) as never,

  updateMany: (resource: string) => Promise.reject(new Error(`${resource}: actualización múltiple no disponible`)),

  delete: (resource: string, params: DeleteParams) =>
    withHttpErrors(async () => {
      const h = handler(resource);
      if (!h.delete) unsupported(resource, "eliminar");
      await h.delete(params.id);
      return { data: (params.previousData ?? { id: params.id }) as RaRecord };
    }) as never,

  deleteMany: (resource: string, params: { ids: Identifier[] }) =>
    withHttpErrors(async () => {
      const h = handler(resource);
      if (!h.delete) unsupported(resource, "eliminar");
      for (const id of params.ids) await h.delete(id);
      return { data: params.ids };
    }) as never,
};
