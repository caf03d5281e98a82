import { parseContentRange } from "@tours/contract";
import { api } from "../config";
import { listParams, num, textOf, truthy, type ResourceHandler } from "../records";

/** Visitors' rewards and help requests, and the resellers' keys (the APIs screen): lists staff read and little more. */

const rewardsRequest: ResourceHandler = {
  async getList(params) {
    return api.tour.rewardsList(listParams(params));
  },
};

const helpRequest: ResourceHandler = {
  async getList(params) {
    return api.tour.ayudaList(listParams(params));
  },
};

const reseller: ResourceHandler = {
  async getList(params) {
    const { data, headers } = await api.callRaw("revendedoresIndex", { list: listParams(params) });
    const range = parseContentRange(headers.get("Content-Range"));
    return { data: data.succes, total: range ? range.total : data.succes.length };
  },
  async getOne(id) {
    return (await api.call("revendedorFind", { params: { id: num(id) } })).succes;
  },
  /** The answer carries `api_key`, shown once by the APIs screen. */
  async create(data) {
    return (await api.call("revendedorCreate", { body: { nombre: textOf(data.nombre).trim() } })).succes;
  },
  async update(id, data) {
    return (await api.call("revendedorUpdate", { params: { id: num(id) }, body: { activo: truthy(data.activo) } })).succes;
  },
};

export const requestHandlers: Record<string, ResourceHandler> = { rewards: rewardsRequest, ayuda: helpRequest, revendedores: reseller };
