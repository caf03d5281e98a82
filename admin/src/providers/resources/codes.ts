import { api } from "../config";
import { num, pagedList, textOf, truthy, type AnyRecord, type ResourceHandler } from "../records";

/** Discount codes (decision 0021): the panel's form values as the API's body (blank limits and dates: none). */

const orNull = (value: unknown) => (value === null || value === undefined || value === "" ? null : value);
const numberOrNull = (value: unknown) => (orNull(value) === null ? null : Number(value));
const dateOrNull = (value: unknown) => (orNull(value) === null ? null : textOf(value));

function codeBody(data: AnyRecord) {
  const tours = Array.isArray(data.tours) ? data.tours.map(Number) : [];
  return {
    codigo: textOf(data.codigo).trim(),
    tipo: data.tipo === "monto" ? ("monto" as const) : ("porcentaje" as const),
    valor: Number(data.valor),
    tours: tours.length > 0 ? tours : null,
    reserva_desde: dateOrNull(data.reserva_desde),
    reserva_hasta: dateOrNull(data.reserva_hasta),
    salida_desde: dateOrNull(data.salida_desde),
    salida_hasta: dateOrNull(data.salida_hasta),
    usos_max: numberOrNull(data.usos_max),
    usos_por_email: numberOrNull(data.usos_por_email),
    activo: data.activo === undefined ? true : truthy(data.activo),
  };
}

const discountCode: ResourceHandler = {
  getList: (params) => pagedList("codigosIndex", params),
  async getOne(id) {
    return (await api.call("codigoFind", { params: { id: num(id) } })).succes;
  },
  async create(data) {
    return (await api.call("codigoCreate", { body: codeBody(data) })).succes;
  },
  async update(id, data) {
    return (await api.call("codigoUpdate", { params: { id: num(id) }, body: codeBody(data) })).succes;
  },
};

export const codeHandlers: Record<string, ResourceHandler> = { codigos: discountCode };
