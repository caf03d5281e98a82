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
import { parseContentRange, type ListParams, type ListResult } from "@tours/contract";
import { api } from "./config";
import { toHttpError } from "./errors";

/**
 * react-admin's resources (named after the panel's routes) translated onto the upstream calls of
 * api-contract.md through @tours/contract's client:
 *   destinos → tour, pais, ciudades, pedidos → compra, rewards, ayuda, banner, revendedores (the APIs screen),
 *   and, nested under a tour or an order: horarios (tour_id), tour-fotos (tourId), pedido-lineas (id_pedido).
 * Records keep the upstream field names; 0/1 flags become booleans for the forms and go back as 1/0.
 * Lists that can grow (tours, orders, countries, cities, rewards and help requests) are paged, sorted and
 * searched by the API (the contract's list dialect); the small ones nested under one record are fetched whole
 * and paged here.
 */

type AnyRecord = Record<string, unknown>;

/** A file picked in a react-admin FileInput/ImageInput. */
interface PickedFile {
  rawFile?: File;
}

const TOUR_FLAGS = ["habitacion_individual", "habitacion_doble", "habitacion_triple", "mascotas", "reembolsable"] as const;
const TOUR_TEXT = [
  "nombre",
  "nombre_hotel",
  "intinerario",
  "incluye",
  "no_incluye",
  "duracion",
  "accesibilidad",
  "salidas",
  "punto_encuentro",
  "descripcion",
] as const;

const truthy = (value: unknown) => value === true || value === 1 || value === "1" || value === "true";
const flag = (value: unknown): "1" | "0" => (truthy(value) ? "1" : "0");

function withBooleans<T extends AnyRecord>(record: T, keys: readonly string[]): T {
  const out: AnyRecord = { ...record };
  for (const key of keys) out[key] = truthy(record[key]);
  return out as T;
}

export function pickedFiles(value: unknown): File[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list
    .map((item) => (item instanceof File ? item : (item as PickedFile | null)?.rawFile))
    .filter((file): file is File => file instanceof File);
}

const textOf = (value: unknown) => (value === null || value === undefined ? "" : String(value));

/** The tour form's fields as the upstream takes them (flags as '1'/'0'). */
export function tourFields(data: AnyRecord) {
  const fields: Record<string, string> = {};
  for (const key of TOUR_TEXT) fields[key] = textOf(data[key]);
  for (const key of TOUR_FLAGS) fields[key] = flag(data[key]);
  return {
    ...fields,
    nombre: textOf(data.nombre).trim(),
    precio: textOf(data.precio),
    pais: textOf(data.pais),
    ciudad: textOf(data.ciudad),
    // empty keeps the cutoff (2 h for a new tour); an empty zone means "the country's"
    corte_horas: textOf(data.corte_horas),
    zona_horaria: textOf(data.zona_horaria),
  };
}

/** A capacity from a form: a whole number of persons, or null (empty) for unlimited. */
const cupoOf = (value: unknown): number | null => (value === null || value === undefined || String(value).trim() === "" ? null : Number(value));

function listParams(params: GetListParams): ListParams {
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
  const out: ListParams = { range: [(page - 1) * perPage, page * perPage - 1] };
  if (params.sort?.field) out.sort = [params.sort.field, params.sort.order === "DESC" ? "DESC" : "ASC"];
  const filter = Object.fromEntries(
    Object.entries(params.filter ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== ""),
  );
  if (Object.keys(filter).length > 0) out.filter = filter;
  return out;
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "boolean" || typeof b === "boolean") return Number(a) - Number(b);
  return textOf(a).localeCompare(textOf(b), "es", { numeric: true, sensitivity: "base" });
}

/** Paging, sorting and searching (`q` over every text field, other keys by equality) of an already loaded list. */
export function localPage<T extends AnyRecord>(records: T[], params: Partial<GetListParams>): ListResult<T> {
  const { q, ...equal } = (params.filter ?? {}) as AnyRecord;
  const needle = typeof q === "string" ? q.trim().toLocaleLowerCase("es") : "";
  let rows = records.filter((record) =>
    Object.entries(equal).every(([key, value]) =>
      Array.isArray(value) ? value.map(String).includes(textOf(record[key])) : textOf(record[key]) === textOf(value),
    ),
  );
  if (needle) {
    rows = rows.filter((record) =>
      Object.values(record).some((v) => typeof v === "string" && v.toLocaleLowerCase("es").includes(needle)),
    );
  }
  const sort = params.sort;
  if (sort?.field) {
    const direction = sort.order === "DESC" ? -1 : 1;
    rows = [...rows].sort((a, b) => direction * compare(a[sort.field], b[sort.field]));
  }
  const total = rows.length;
  if (params.pagination) {
    const { page, perPage } = params.pagination;
    rows = rows.slice((page - 1) * perPage, page * perPage);
  }
  return { data: rows, total };
}

const fromPais = (p: AnyRecord) => withBooleans(p, ["destacado"]);
const fromTour = (t: AnyRecord) => withBooleans(t, TOUR_FLAGS);

function toFormData(fields: Record<string, string>, files: Record<string, File[]>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [key, list] of Object.entries(files)) for (const file of list) form.append(key, file, file.name);
  return form;
}

function placeFields(data: AnyRecord) {
  const freetour = textOf(data.freetour_id).trim();
  return {
    nombre: textOf(data.nombre).trim(),
    destacado: flag(data.destacado),
    ...(freetour ? { freetour_id: freetour } : {}),
  };
}
const paisFields = (data: AnyRecord) => ({
  ...placeFields(data),
  prefijo: textOf(data.prefijo),
  ...(textOf(data.zona_horaria).trim() ? { zona_horaria: textOf(data.zona_horaria).trim() } : {}),
});
// The city update takes destacado as 1/0 (spec §9); the multipart create sends it as text anyway.
const ciudadFields = (data: AnyRecord) => ({ ...placeFields(data), pais: textOf(data.pais) });

interface ResourceHandler {
  getList(params: GetListParams): Promise<ListResult<AnyRecord>>;
  getOne?(id: Identifier): Promise<AnyRecord>;
  getMany?(ids: Identifier[]): Promise<AnyRecord[]>;
  create?(data: AnyRecord): Promise<AnyRecord>;
  update?(id: Identifier, data: AnyRecord, previous: AnyRecord): Promise<AnyRecord>;
  delete?(id: Identifier): Promise<void>;
}

const num = (id: Identifier) => Number(id);

async function findIn(list: Promise<ListResult<AnyRecord>>, id: Identifier): Promise<AnyRecord> {
  const { data } = await list;
  const found = data.find((record) => String(record.id) === String(id));
  if (!found) throw Object.assign(new Error("No encontrado"), { status: 404 });
  return found;
}

const handlers: Record<string, ResourceHandler> = {
  destinos: {
    async getList(params) {
      const { data, total } = await api.tour.list(listParams(params));
      return { data: data.map(fromTour), total };
    },
    async getOne(id) {
      const { succes } = await api.tour.find(num(id));
      const tour = succes[0];
      if (!tour) throw Object.assign(new Error("No encontrado"), { status: 404 });
      return fromTour(tour);
    },
    async create(data) {
      const { succes } = await api.tour.create(toFormData(tourFields(data), { fotos: pickedFiles(data.fotos) }));
      return fromTour(succes);
    },
    async update(id, data) {
      const { succes } = await api.tour.update({ ...tourFields(data), id: String(id) });
      return fromTour(succes);
    },
    async delete(id) {
      await api.tour.remove(num(id));
    },
  },

  pais: {
    async getList(params) {
      const { data, total } = await api.pais.list(listParams(params));
      return { data: data.map(fromPais), total };
    },
    async getOne(id) {
      return fromPais((await api.pais.find(num(id))).succes);
    },
    async getMany() {
      return (await api.pais.index()).succes.map(fromPais);
    },
    async create(data) {
      const { succes } = await api.pais.create(toFormData(paisFields(data), { foto: pickedFiles(data.foto).slice(0, 1) }));
      return fromPais(succes);
    },
    async update(id, data) {
      let { succes } = await api.pais.update(num(id), paisFields(data));
      const [foto] = pickedFiles(data.foto);
      if (foto) ({ succes } = await api.pais.updateImage(num(id), toFormData({}, { foto: [foto] })));
      return fromPais(succes);
    },
    async delete(id) {
      await api.pais.remove(num(id));
    },
  },

  ciudades: {
    async getList(params) {
      const { pais, ...rest } = (params.filter ?? {}) as AnyRecord;
      if (pais !== undefined && pais !== null && pais !== "") {
        // The city select of the tour form: only the chosen country's cities.
        const { succes } = await api.ciudades.findByPais(Number(pais));
        return localPage(succes.map(fromPais), { ...params, filter: rest });
      }
      const { data, total } = await api.ciudades.list(listParams(params));
      return { data: data.map(fromPais), total };
    },
    async getOne(id) {
      return fromPais((await api.ciudades.findCiudad(num(id))).succes);
    },
    async getMany() {
      return (await api.ciudades.index()).succes.map(fromPais);
    },
    async create(data) {
      const { succes } = await api.ciudades.create(
        toFormData(ciudadFields(data), { foto: pickedFiles(data.foto).slice(0, 1) }),
      );
      return fromPais(succes);
    },
    async update(id, data) {
      let { succes } = await api.ciudades.update(num(id), { ...ciudadFields(data), destacado: truthy(data.destacado) ? 1 : 0 });
      const [foto] = pickedFiles(data.foto);
      if (foto) ({ succes } = await api.ciudades.updateImage(num(id), toFormData({}, { foto: [foto] })));
      return fromPais(succes);
    },
    async delete(id) {
      await api.ciudades.remove(num(id));
    },
  },

  pedidos: {
    async getList(params) {
      return api.compra.list(listParams(params));
    },
  },

  revendedores: {
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
  },

  "pedido-lineas": {
    async getList(params) {
      const pedido = (params.filter ?? {}).id_pedido;
      if (pedido === undefined) return { data: [], total: 0 };
      const { succes } = await api.compra.find(Number(pedido));
      return localPage(succes, { ...params, filter: {} });
    },
  },

  rewards: {
    async getList(params) {
      return api.tour.rewardsList(listParams(params));
    },
  },

  ayuda: {
    async getList(params) {
      return api.tour.ayudaList(listParams(params));
    },
  },

  banner: {
    async getList(params) {
      return localPage(await api.banner.get(), params);
    },
    async create(data) {
      const { succes } = await api.banner.save(toFormData({}, { fotos: pickedFiles(data.fotos).slice(0, 1) }));
      return succes;
    },
    async delete() {
      await api.banner.remove();
    },
  },

  horarios: {
    async getList(params) {
      const { tour_id, ...rest } = (params.filter ?? {}) as AnyRecord;
      const answer = tour_id === undefined ? await api.tour.horarioIndex() : await api.tour.horarioFind(Number(tour_id));
      return localPage(answer.succes, { ...params, filter: rest });
    },
    async create(data) {
      const { succes } = await api.tour.horarioCreate({
        hora_inicio: textOf(data.hora_inicio),
        lunes: truthy(data.lunes),
        martes: truthy(data.martes),
        miercoles: truthy(data.miercoles),
        jueves: truthy(data.jueves),
        viernes: truthy(data.viernes),
        sabado: truthy(data.sabado),
        domingo: truthy(data.domingo),
        tour_id: Number(data.tour_id),
        cupo: cupoOf(data.cupo),
      });
      return succes;
    },
    async update(id, data) {
      const { succes } = await api.tour.horarioUpdate(num(id), { cupo: cupoOf(data.cupo) });
      return succes;
    },
    async delete(id) {
      await api.tour.horarioDelete(num(id));
    },
  },

  /** Departures (id "12-20261125-1000"): filter {tour_id, desde, hasta, q}, paged by the API. */
  salidas: {
    async getList(params) {
      const { range, filter } = listParams(params);
      return api.salidas.list({ range, ...(filter ? { filter } : {}) });
    },
    async getOne(id) {
      return (await api.salidas.find(String(id))).succes;
    },
  },

  "tour-fotos": {
    async getList(params) {
      const { tourId } = (params.filter ?? {}) as AnyRecord;
      if (tourId === undefined) return { data: [], total: 0 };
      const { imagenes } = await api.tour.imagenes(Number(tourId));
      return localPage(imagenes, { ...params, filter: {} });
    },
    /** Saves 1..20 photos at once; answers the first and keeps all of them in `saved`. */
    async create(data) {
      const files = pickedFiles(data.fotos);
      const { succes } = await api.tour.saveImagen(toFormData({ id: textOf(data.tourId) }, { fotos: files }));
      const [first] = succes;
      return { ...(first ?? {}), id: first?.id ?? `batch-${Date.now()}`, saved: succes };
    },
    async delete(id) {
      await api.tour.deleteImagen(num(id));
    },
  },
};

function handler(resource: string): ResourceHandler {
  const found = handlers[resource];
  if (!found) throw new Error(`Recurso desconocido: ${resource}`);
  return found;
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toHttpError(error);
  }
}

function unsupported(resource: string, what: string): never {
  throw new Error(`${resource}: ${what} no está disponible`);
}

/** The departures' own actions (beyond CRUD), called through useDataProvider(). */
const salidaActions = {
  salidaManifiesto: (id: Identifier) => call(async () => (await api.salidas.manifiesto(String(id))).succes),
  /** Closes or reopens one departure (with `hora`) or a whole date (without). */
  salidaCierre: (body: { tour_id: number; fecha: string; hora?: string; cerrada: boolean }) =>
    call(() => api.salidas.cierre(body)),
  /** A departure's own capacity; null goes back to its slot's. */
  salidaCupo: (body: { tour_id: number; fecha: string; hora: string; cupo: number | null }) =>
    call(async () => (await api.salidas.cupo(body)).succes),
  /** A departure's guides and the active guides that could run it. */
  salidaGuias: (salidaId: string) => call(async () => (await api.salidas.guias(salidaId)).succes),
  salidaGuiasSet: (salidaId: string, guias: number[]) => call(async () => (await api.salidas.guiasSet(salidaId, { guias })).succes),
};
export type SalidaActions = typeof salidaActions;

/** An order's detail, staff refunds and the departures' check-in (issue 9), called through useDataProvider(). */
const bookingActions = {
  /** The order's lines with their state, its reference, refunds and e-mails. */
  pedidoDetalle: (id: Identifier) => call(() => api.compra.find(num(id))),
  /** Cancels and refunds the whole order, or one line. */
  pedidoReembolsar: (id: Identifier, body: { linea?: number; motivo?: string }) => call(() => api.compra.reembolsar(num(id), body)),
  /** A booking's travellers at a departure ("12-20261125-1000") and whether they came. */
  checkinConsulta: (referencia: string, salida: string) => call(async () => (await api.checkin.consulta(referencia, salida)).succes),
  checkinRegistrar: (referencia: string, salida: string) => call(async () => (await api.checkin.registrar({ referencia, salida })).succes),
};
export type BookingActions = typeof bookingActions;

export const dataProvider: DataProvider & SalidaActions & BookingActions = {
  ...salidaActions,
  ...bookingActions,
  getList: (resource: string, params: GetListParams) => call(() => handler(resource).getList(params)) as never,

  getOne: (resource: string, params: GetOneParams) =>
    call(async () => {
      const h = handler(resource);
      const data = h.getOne ? await h.getOne(params.id) : await findIn(h.getList({ filter: {} } as GetListParams), params.id);
      return { data };
    }) as never,

  getMany: (resource: string, params: GetManyParams) =>
    call(async () => {
      const h = handler(resource);
      const wanted = new Set(params.ids.map(String));
      // Countries and cities referenced by a page of tours: their (short) whole list in one call.
      if (h.getMany) return { data: (await h.getMany(params.ids)).filter((r) => wanted.has(String(r.id))) };
      const getOne = h.getOne;
      if (getOne) return { data: await Promise.all(params.ids.map((id) => getOne(id))) };
      return { data: (await h.getList({ filter: {} } as GetListParams)).data.filter((r) => wanted.has(String(r.id))) };
    }) as never,

  getManyReference: (resource: string, params: GetManyReferenceParams) =>
    call(() =>
      handler(resource).getList({ ...params, filter: { ...params.filter, [params.target]: params.id } }),
    ) as never,

  create: (resource: string, params: CreateParams) =>
    call(async () => {
      const h = handler(resource);
      if (!h.create) unsupported(resource, "crear");
      return { data: await h.create(params.data as AnyRecord) };
    }) as never,

  update: (resource: string, params: UpdateParams) =>
    call(async () => {
      const h = handler(resource);
      if (!h.update) unsupported(resource, "actualizar");
      return { data: await h.update(params.id, params.data as AnyRecord, params.previousData as AnyRecord) };
    }) as never,

  updateMany: (resource: string) => Promise.reject(new Error(`${resource}: actualización múltiple no disponible`)),

  delete: (resource: string, params: DeleteParams) =>
    call(async () => {
      const h = handler(resource);
      if (!h.delete) unsupported(resource, "eliminar");
      await h.delete(params.id);
      return { data: (params.previousData ?? { id: params.id }) as RaRecord };
    }) as never,

  deleteMany: (resource: string, params: { ids: Identifier[] }) =>
    call(async () => {
      const h = handler(resource);
      if (!h.delete) unsupported(resource, "eliminar");
      for (const id of params.ids) await h.delete(id);
      return { data: params.ids };
    }) as never,
};
