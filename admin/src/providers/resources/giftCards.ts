import { api } from "../config";
import { num, pagedList, type ResourceHandler } from "../records";

/**
 * Gift cards (panel `tarjetas-regalo`, decision 0024): staff read them, never edit them here. The list is paged,
 * sorted and searched by the API (`q`: code, e-mails, names); one card comes with every movement of its balance.
 */
const giftCard: ResourceHandler = {
  getList: (params) => pagedList("tarjetasIndex", params),
  async getOne(id) {
    return (await api.call("tarjetaFind", { params: { id: num(id) } })).succes;
  },
};

export const giftCardHandlers: Record<string, ResourceHandler> = { "tarjetas-regalo": giftCard };
