import { api } from "../config";
import {
  flag,
  listParams,
  localPage,
  num,
  pickedFiles,
  textOf,
  toFormData,
  truthy,
  withBooleans,
  type AnyRecord,
  type ResourceHandler,
} from "../records";

/**
 * The catalogue's resources: destinos (the tours, upstream `tour`), pais, ciudades, the banner, and nested under
 * a tour: horarios (filter tour_id) and tour-fotos (filter tourId).
 */

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

const TOUR_FACTS = ["duracion_minutos", "accesible_silla_ruedas", "modalidad", "edad_minima", "encuentro_lat", "encuentro_lng"] as const;

/** The tour form's fields as the upstream takes them (flags as '1'/'0'). */
function tourFields(data: AnyRecord) {
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
    // the tour's facts: empty clears; the languages as "es,en" (one multipart field on create, the same on update)
    ...Object.fromEntries(TOUR_FACTS.map((key) => [key, textOf(data[key]).trim()])),
    idiomas: Array.isArray(data.idiomas) ? data.idiomas.map(textOf).join(",") : textOf(data.idiomas),
  };
}

/** A capacity from a form: a whole number of persons, or null (empty) for unlimited. */
const capacityOf = (value: unknown): number | null => (value === null || value === undefined || String(value).trim() === "" ? null : Number(value));

const fromPlace = (p: AnyRecord) => withBooleans(p, ["destacado"]);
const fromTour = (t: AnyRecord) => withBooleans(t, TOUR_FLAGS);

function placeFields(data: AnyRecord) {
  const freetour = textOf(data.freetour_id).trim();
  return {
    nombre: textOf(data.nombre).trim(),
    destacado: flag(data.destacado),
    ...(freetour ? { freetour_id: freetour } : {}),
  };
}
const countryFields = (data: AnyRecord) => ({
  ...placeFields(data),
  prefijo: textOf(data.prefijo),
  ...(textOf(data.zona_horaria).trim() ? { zona_horaria: textOf(data.zona_horaria).trim() } : {}),
});
// The city update takes destacado as 1/0 (spec §9); the multipart create sends it as text anyway.
const cityFields = (data: AnyRecord) => ({ ...placeFields(data), pais: textOf(data.pais) });

const tour: ResourceHandler = {
  async getList(params) {
    const { data, total } = await api.tour.list(listParams(params));
    return { data: data.map(fromTour), total };
  },
  async getOne(id) {
    const { succes } = await api.tour.find(num(id));
    const found = succes[0];
    if (!found) throw Object.assign(new Error("No encontrado"), { status: 404 });
    return fromTour(found);
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
};

const country: ResourceHandler = {
  async getList(params) {
    const { data, total } = await api.pais.list(listParams(params));
    return { data: data.map(fromPlace), total };
  },
  async getOne(id) {
    return fromPlace((await api.pais.find(num(id))).succes);
  },
  async getMany() {
    return (await api.pais.index()).succes.map(fromPlace);
  },
  async create(data) {
    const { succes } = await api.pais.create(toFormData(countryFields(data), { foto: pickedFiles(data.foto).slice(0, 1) }));
    return fromPlace(succes);
  },
  async update(id, data) {
    let { succes } = await api.pais.update(num(id), countryFields(data));
    const [foto] = pickedFiles(data.foto);
    if (foto) ({ succes } = await api.pais.updateImage(num(id), toFormData({}, { foto: [foto] })));
    return fromPlace(succes);
  },
  async delete(id) {
    await api.pais.remove(num(id));
  },
};

const city: ResourceHandler = {
  async getList(params) {
    const { pais, ...rest } = (params.filter ?? {}) as AnyRecord;
    if (pais !== undefined && pais !== null && pais !== "") {
      // The city select of the tour form: only the chosen country's cities.
      const { succes } = await api.ciudades.findByPais(Number(pais));
      return localPage(succes.map(fromPlace), { ...params, filter: rest });
    }
    const { data, total } = await api.ciudades.list(listParams(params));
    return { data: data.map(fromPlace), total };
  },
  async getOne(id) {
    return fromPlace((await api.ciudades.findCiudad(num(id))).succes);
  },
  async getMany() {
    return (await api.ciudades.index()).succes.map(fromPlace);
  },
  async create(data) {
    const { succes } = await api.ciudades.create(toFormData(cityFields(data), { foto: pickedFiles(data.foto).slice(0, 1) }));
    return fromPlace(succes);
  },
  async update(id, data) {
    let { succes } = await api.ciudades.update(num(id), { ...cityFields(data), destacado: truthy(data.destacado) ? 1 : 0 });
    const [foto] = pickedFiles(data.foto);
    if (foto) ({ succes } = await api.ciudades.updateImage(num(id), toFormData({}, { foto: [foto] })));
    return fromPlace(succes);
  },
  async delete(id) {
    await api.ciudades.remove(num(id));
  },
};

const banner: ResourceHandler = {
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
};

const schedule: ResourceHandler = {
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
      cupo: capacityOf(data.cupo),
    });
    return succes;
  },
  async update(id, data) {
    const { succes } = await api.tour.horarioUpdate(num(id), { cupo: capacityOf(data.cupo) });
    return succes;
  },
  async delete(id) {
    await api.tour.horarioDelete(num(id));
  },
};

const photo: ResourceHandler = {
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
};

/** By react-admin resource name (the panel's URLs). */
export const catalogueHandlers: Record<string, ResourceHandler> = {
  destinos: tour,
  pais: country,
  ciudades: city,
  banner,
  horarios: schedule,
  "tour-fotos": photo,
};
