import { api } from "../config";
import { listParams, num, pagedList, textOf, truthy, type ResourceHandler } from "../records";

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
  getList: (params) => pagedList("revendedoresIndex", params),
  async getOne(id) {
    return (await api.call("revendedorFind", { params: { id: num(id) } })).succes;
  },
  /** The answer carries `api_key`, shown once by the APIs screen. */
  async create(data) {
    return (await api.call("revendedorCreate", { body: { nombre: textOf(data.nombre).trim() } })).succes;
  },
  /** The key's switch sends `activo`; the caps dialog sends the two caps on holds. */
  async update(id, data) {
    const body = {
      ...(data.activo !== undefined ? { activo: truthy(data.activo) } : {}),
      ...(data.expiracion_max_minutos !== undefined ? { expiracion_max_minutos: Number(data.expiracion_max_minutos) } : {}),
      ...(data.retencion_max_minutos !== undefined ? { retencion_max_minutos: Number(data.retencion_max_minutos) } : {}),
    };
    return (await api.call("revendedorUpdate", { params: { id: num(id) }, body })).succes;
  },
};

export const requestHandlers: Record<string, ResourceHandler> = { rewards: rewardsRequest, ayuda: helpRequest, revendedores: reseller };
