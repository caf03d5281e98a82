import { REQUEST_TIMEOUT_MS } from "@tours/domain";
import type { z } from "zod/mini";
import type {
  AyudaCreateBodyInput,
  CiudadUpdateBodyInput,
  ComentarioCreateBodyInput,
  CompraCreateBodyInput,
  HorarioCreateBodyInput,
  LoginBodyInput,
  PaisUpdateBodyInput,
  RewardsCreateBodyInput,
  TourUpdateBodyInput,
  UsuarioCreateBodyInput,
  UsuarioPasswordBodyInput,
  UsuarioUpdateBodyInput,
} from "./bodies.ts";
import type { CambioFechaBodyInput, ReservaCambioBodyInput, ReservaCambioConfirmarBodyInput } from "./cambio-fecha.ts";
import type { CheckinBodyInput, ReembolsarBodyInput, ReservaCancelarBodyInput, ReservaConsultaBodyInput } from "./reservas.ts";
import type { HorarioCupoBodyInput, SalidaCancelarBodyInput, SalidaCierreBodyInput, SalidaCupoBodyInput } from "./salidas.ts";
import type { SalidaGuiasBodyInput } from "./guias.ts";
import type { SitemapTipo } from "./sitemap.ts";
import type { BusquedaQuery } from "./busqueda.ts";
import type { VitalsReportBodyInput } from "./vitals.ts";
import type { CodigoAplicarBodyInput } from "./codigos.ts";
import type { ListaEsperaBajaBodyInput, ListaEsperaBodyInput, ListaEsperaOfertaBodyInput } from "./lista-espera.ts";
import { CALLS, buildPath, type Answer, type CallName, type CiudadOrden } from "./calls.ts";
import { errorMessages } from "./errors.ts";
import { encodeListQuery, parseContentRange, type ListParams, type ListResult } from "./list.ts";


export type ApiErrorKind = "http" | "timeout" | "network" | "invalid-response";

/**
 * Every failure of a call. `status` is the HTTP status (408 on timeout, 0 when no answer arrived);
 * `body` the parsed answer (or its text); `messages` the Spanish messages it carries, for toasts.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly kind: ApiErrorKind;
  readonly messages: string[];

  constructor(status: number, body: unknown, kind: ApiErrorKind = "http", message?: string) {
    super(message ?? `La API respondió ${status}`);
    this.name = kind === "timeout" ? "ApiTimeoutError" : kind === "network" ? "ApiNetworkError" : "ApiError";
    this.status = status;
    this.body = body;
    this.kind = kind;
    this.messages = errorMessages(body);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type TokenSource = string | null | undefined | (() => string | null | undefined);

export interface ApiClientOptions {
  /** The API origin, e.g. `http://127.0.0.1:4000` (a trailing slash is fine). */
  baseUrl: string;
  /** Bearer token, or a function read at each call (the panel reads localStorage). */
  token?: TokenSource;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Extra headers read at each call (the storefront forwards its visitor's address). */
  headers?: () => Record<string, string | undefined>;
}

type Id = number | string;

export interface CallOptions {
  params?: Record<string, string | number>;
  /** JSON-serialisable body, or FormData for uploads (fetch then sets the multipart Content-Type). */
  body?: unknown;
  list?: ListParams;
  /** plain query parameters (filters of calls outside the list dialect) */
  query?: Record<string, string | number | undefined>;
}

export interface RawAnswer<T> {
  data: T;
  headers: Headers;
  status: number;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** instanceof alone misses FormData from another realm or polyfill (e.g. Remix's installGlobals). */
function isFormData(value: unknown): value is FormData {
  return value instanceof FormData || Object.prototype.toString.call(value) === "[object FormData]";
}

/** `?a=1&b=x` of the defined values (filters of calls outside the list dialect). */
function plainQuery(values: Record<string, string | number | undefined> | undefined): string {
  if (!values) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== "") search.set(key, String(value));
  return search.toString();
}

function summarise(error: z.core.$ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "(raíz)"}: ${issue.message}`)
    .join("; ");
}

export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  // Called through a wrapper: a bare reference to window.fetch throws "Illegal invocation" in browsers.
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  function currentToken(): string | null {
    const source = options.token;
    const token = typeof source === "function" ? source() : source;
    return token ? token : null;
  }

  /** Runs one call of the table and parses its answer with the call's schema. */
  async function callRaw<K extends CallName>(name: K, callOptions: CallOptions = {}): Promise<RawAnswer<Answer<K>>> {
    const def = CALLS[name];
    let url = baseUrl + buildPath(def.path, callOptions.params);
    const query = [callOptions.list ? encodeListQuery(callOptions.list) : "", plainQuery(callOptions.query)].filter(Boolean).join("&");
    if (query) url += `?${query}`;

    const headers = new Headers({ Accept: "application/json" });
    const token = currentToken();
    if (token) headers.set("Authorization", `Bearer ${token}`);
    for (const [name, value] of Object.entries(options.headers?.() ?? {})) if (value) headers.set(name, value);
    let body: FormData | string | undefined;
    if (isFormData(callOptions.body)) {
      body = callOptions.body;
    } else if (callOptions.body !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(callOptions.body);
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);

    let response: Response;
    let payload: unknown;
    try {
      response = await doFetch(url, { method: def.method, headers, body, signal: controller.signal });
      payload = await readBody(response);
    } catch (error) {
      if (timedOut) {
        throw new ApiError(408, undefined, "timeout", `La API no respondió en ${timeoutMs / 1000} s (${def.method} ${def.path})`);
      }
      const reason = error instanceof Error ? error.message : String(error);
      throw new ApiError(0, undefined, "network", `No fue posible conectar con la API: ${reason}`);
    } finally {
      clearTimeout(timer);
    }

    if (!response.ok) throw new ApiError(response.status, payload, "http");

    const parsed = def.answer.safeParse(payload);
    if (!parsed.success) {
      throw new ApiError(
        response.status,
        payload,
        "invalid-response",
        `Respuesta inesperada de ${def.method} ${def.path}: ${summarise(parsed.error)}`,
      );
    }
    return { data: parsed.data as Answer<K>, headers: response.headers, status: response.status };
  }

  async function call<K extends CallName>(name: K, callOptions?: CallOptions): Promise<Answer<K>> {
    return (await callRaw(name, callOptions)).data;
  }

  /** A list call in the simple-rest dialect: one page and the total from Content-Range. */
  async function list<K extends CallName>(name: K, params: ListParams): Promise<ListResult<ListItem<K>>> {
    const { data, headers } = await callRaw(name, { list: params });
    const items = (data as { succes: ListItem<K>[] }).succes;
    const range = parseContentRange(headers.get("Content-Range"));
    return { data: items, total: range ? range.total : items.length };
  }

  const id = (value: Id) => ({ id: value });

  return {
    call,
    callRaw,
    pais: {
      index: () => call("paisIndex"),
      /** Every country's home counters in one read. */
      resumen: () => call("paisResumen"),
      find: (countryId: Id) => call("paisFind", { params: id(countryId) }),
      create: (form: FormData) => call("paisCreate", { body: form }),
      update: (countryId: Id, body: PaisUpdateBodyInput) => call("paisUpdate", { params: id(countryId), body }),
      updateImage: (countryId: Id, form: FormData) => call("paisUpdateImage", { params: id(countryId), body: form }),
      remove: (countryId: Id) => call("paisDelete", { params: id(countryId) }),
      list: (params: ListParams) => list("paisIndex", params),
    },
    ciudades: {
      index: () => call("ciudadesIndex"),
      findByPais: (countryId: Id) => call("ciudadesFind", { params: { paisId: countryId } }),
      findCiudad: (cityId: Id) => call("ciudadesFindCiudad", { params: { ciudadId: cityId } }),
      create: (form: FormData) => call("ciudadesCreate", { body: form }),
      update: (cityId: Id, body: CiudadUpdateBodyInput) => call("ciudadesUpdate", { params: id(cityId), body }),
      updateImage: (cityId: Id, form: FormData) => call("ciudadesUpdateImage", { params: id(cityId), body: form }),
      remove: (cityId: Id) => call("ciudadesDelete", { params: id(cityId) }),
      list: (params: ListParams) => list("ciudadesIndex", params),
    },
    tour: {
      index: () => call("tourIndex"),
      find: (tourId: Id) => call("tourFind", { params: id(tourId) }),
      /** The city's tours; with `page`, one page of them and `paginacion` (extension). */
      byCiudad: (cityId: Id, page?: { pagina?: number; porPagina?: number; orden?: CiudadOrden }) =>
        call("tourByCiudad", {
          params: { ciudadId: cityId },
          query: page
            ? { pagina: page.pagina?.toString(), por_pagina: page.porPagina?.toString(), orden: page.orden }
            : undefined,
        }),
      fotos: (tourId: Id) => call("tourFotos", { params: { tourId } }),
      horarioFind: (tourId: Id) => call("horarioFind", { params: { tourId } }),
      horarioIndex: () => call("horarioIndex"),
      horarioList: (params: ListParams) => list("horarioIndex", params),
      horarioCreate: (body: HorarioCreateBodyInput) => call("horarioCreate", { body }),
      horarioDelete: (scheduleId: Id) => call("horarioDelete", { params: id(scheduleId) }),
      horarioUpdate: (scheduleId: Id, body: HorarioCupoBodyInput) => call("horarioUpdate", { params: id(scheduleId), body }),
      /** Availability of the tour's departures in a month ("YYYY-MM"; default: the current one). */
      disponibilidad: (tourId: Id, mes?: string) => call("tourDisponibilidad", { params: { tourId }, query: { mes } }),
      create: (form: FormData) => call("tourCreate", { body: form }),
      update: (body: TourUpdateBodyInput) => call("tourUpdate", { body }),
      remove: (tourId: Id) => call("tourDelete", { params: id(tourId) }),
      imagenes: (tourId: Id) => call("tourImagenes", { params: { tourId } }),
      saveImagen: (form: FormData) => call("tourSaveImagen", { body: form }),
      deleteImagen: (photoId: Id) => call("tourDeleteImagen", { params: { fotoId: photoId } }),
      comentarios: (tourId: Id) => call("comentarioIndex", { params: { tourId } }),
      comentar: (body: ComentarioCreateBodyInput) => call("comentarioCreate", { body }),
      rewards: (body: RewardsCreateBodyInput) => call("rewardsCreate", { body }),
      rewardsIndex: () => call("rewardsIndex"),
      rewardsList: (params: ListParams) => list("rewardsIndex", params),
      ayuda: (body: AyudaCreateBodyInput) => call("ayudaCreate", { body }),
      ayudaIndex: () => call("ayudaIndex"),
      ayudaList: (params: ListParams) => list("ayudaIndex", params),
      list: (params: ListParams) => list("tourIndex", params),
    },
    banner: {
      get: () => call("bannerGet"),
      save: (form: FormData) => call("bannerSave", { body: form }),
      remove: () => call("bannerDelete"),
    },
    freetours: {
      /** A provider page of the country's free tours (default the first). */
      tours: (countryId: string, page?: number) =>
        call("freetoursTours", { params: { countryId }, query: page && page > 1 ? { page: String(page) } : undefined }),
      tour: (freeTourId: string) => call("freetoursTour", { params: id(freeTourId) }),
    },
    compra: {
      create: (body: CompraCreateBodyInput) => call("compraCreate", { body }),
      /** What a discount code takes off these lines (decision 0021). */
      codigo: (body: CodigoAplicarBodyInput) => call("codigoAplicar", { body }),
      confirma: (token: string) => call("compraConfirma", { body: { token } }),
      cancel: (token: string) => call("compraCancel", { body: { token } }),
      retencion: (token: string) => call("compraRetencion", { body: { token } }),
      index: () => call("compraIndex"),
      find: (orderId: Id) => call("compraFind", { params: { pedidoId: orderId } }),
      list: (params: ListParams) => list("compraIndex", params),
      /** Staff: cancel and refund the order, or one line of it. */
      reembolsar: (orderId: Id, body: ReembolsarBodyInput = {}) => call("compraReembolsar", { params: { pedidoId: orderId }, body }),
      /** Staff: move a line to another departure. */
      cambioFecha: (orderId: Id, body: CambioFechaBodyInput) => call("compraCambioFecha", { params: { pedidoId: orderId }, body }),
    },
    listaEspera: {
      unirse: (body: ListaEsperaBodyInput) => call("listaEspera", { body }),
      baja: (body: ListaEsperaBajaBodyInput) => call("listaEsperaBaja", { body }),
      oferta: (token: string) => call("listaEsperaOferta", { params: { token } }),
      aceptar: (body: ListaEsperaOfertaBodyInput) => call("listaEsperaAceptar", { body }),
    },
    reserva: {
      consulta: (body: ReservaConsultaBodyInput) => call("reservaConsulta", { body }),
      cancelar: (body: ReservaCancelarBodyInput) => call("reservaCancelar", { body }),
      cambioConsulta: (body: ReservaCambioBodyInput) => call("reservaCambioConsulta", { body }),
      cambio: (body: ReservaCambioBodyInput) => call("reservaCambio", { body }),
      cambioConfirmar: (body: ReservaCambioConfirmarBodyInput) => call("reservaCambioConfirmar", { body }),
    },
    checkin: {
      consulta: (referencia: string, salida: string) => call("checkinConsulta", { query: { referencia, salida } }),
      registrar: (body: CheckinBodyInput) => call("checkin", { body }),
    },
    salidas: {
      list: (params: ListParams) => list("salidasIndex", params),
      find: (departureId: string) => call("salidaFind", { params: { salidaId: departureId } }),
      manifiesto: (departureId: string) => call("salidaManifiesto", { params: { salidaId: departureId } }),
      cupo: (body: SalidaCupoBodyInput) => call("salidaCupo", { body }),
      cierre: (body: SalidaCierreBodyInput) => call("salidaCierre", { body }),
      cancelar: (body: SalidaCancelarBodyInput) => call("salidaCancelar", { body }),
      guias: (departureId: string) => call("salidaGuias", { params: { salidaId: departureId } }),
      guiasSet: (departureId: string, body: SalidaGuiasBodyInput) => call("salidaGuiasSet", { params: { salidaId: departureId }, body }),
      /** Its waiting list (issue 24), and places offered by hand to one entry. */
      listaEspera: (departureId: string) => call("salidaListaEspera", { params: { salidaId: departureId } }),
      ofrecer: (entryId: number) => call("salidaListaEsperaOfrecer", { params: { entradaId: String(entryId) }, body: {} }),
    },
    hoy: () => call("hoy"),
    vitals: {
      report: (body: VitalsReportBodyInput) => call("vitalsReport", { body }),
      summary: () => call("vitalsSummary"),
    },
    /** The catalogue search, or a country's or city's tours, with filters and their counts (extension, issue 26). */
    busqueda: (query: BusquedaQuery) => call("busqueda", { query }),
    sitemap: {
      /** The paged sitemap files (kind, page, lastmod). */
      indice: () => call("sitemapIndice"),
      /** One page of a kind's ids with their lastmod. */
      pagina: (tipo: SitemapTipo, pagina: number) => call("sitemapPagina", { params: { tipo, pagina } }),
    },
    auth: {
      login: (body: LoginBodyInput) => call("authLogin", { body }),
      autenticate: () => call("authAutenticate"),
      logout: () => call("authLogout"),
    },
    usuarios: {
      index: () => call("usuariosIndex"),
      create: (body: UsuarioCreateBodyInput) => call("usuariosCreate", { body }),
      update: (usuarioId: Id, body: UsuarioUpdateBodyInput) => call("usuariosUpdate", { params: id(usuarioId), body }),
      password: (usuarioId: Id, body: UsuarioPasswordBodyInput) => call("usuariosPassword", { params: id(usuarioId), body }),
    },
    actividad: {
      index: (filters: { usuario?: Id; recurso?: string; recursoId?: Id; desde?: string; hasta?: string } = {}) =>
        call("actividadIndex", { query: filters }),
      recurso: (recurso: string, recursoId: Id) => call("actividadRecurso", { params: { recurso, recursoId } }),
    },
    health: () => call("health"),
  };
}


/** The item type of a `{succes: T[]}` answer. */
type ListItem<K extends CallName> = Answer<K> extends { succes: Array<infer T> } ? T : never;
