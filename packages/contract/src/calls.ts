import { z } from "zod/mini";
import {
  ListaEsperaBajaBody,
  ListaEsperaBody,
  ListaEsperaListAnswer,
  ListaEsperaMensajeAnswer,
  ListaEsperaOfertaAnswer,
  ListaEsperaOfertaBody,
  ListaEsperaOfrecerAnswer,
  ListaEsperaOfrecerBody,
} from "./lista-espera.ts";
import {
  AyudaCreateBody,
  CiudadUpdateBody,
  ComentarioCreateBody,
  CompraCreateBody,
  HorarioCreateBody,
  LoginBody,
  PaisUpdateBody,
  RewardsCreateBody,
  TokenBody,
  TourUpdateBody,
  UsuarioCreateBody,
  UsuarioPasswordBody,
  UsuarioUpdateBody,
} from "./bodies.ts";
import {
  AyudaSchema,
  BannerSchema,
  CiudadSchema,
  ComentarioSchema,
  FotoSchema,
  FreeTourAvailabilitySchema,
  FreeTourReviewSchema,
  FreeTourSchema,
  HorarioSchema,
  PaisResumenSchema,
  PaisSchema,
  PaymentOrderSchema,
  RetencionSchema,
  PedidoLineSchema,
  PedidoSchema,
  RewardsSchema,
  StaffUserSchema,
  UsuarioSchema,
  ActividadSchema,
  TourSchema,
} from "./records.ts";
import {
  DisponibilidadAnswer,
  HorarioCupoBody,
  ManifiestoAnswer,
  SalidaAnswer,
  SalidaCancelarAnswer,
  SalidaCancelarBody,
  SalidaCierreBody,
  SalidaCupoBody,
  SalidaListAnswer,
} from "./salidas.ts";
import { SalidaGuiasAnswer, SalidaGuiasBody } from "./guias.ts";
import { HoyAnswer } from "./hoy.ts";
import { VitalsReportBody, VitalsSummaryAnswer } from "./vitals.ts";
import { SitemapIndiceAnswer, SitemapPaginaAnswer } from "./sitemap.ts";
import { BusquedaAnswer } from "./busqueda.ts";
import {
  CheckinAnswer,
  CheckinBody,
  PedidoDetalleAnswer,
  ReembolsarBody,
  ReservaAnswer,
  ReservaCancelAnswer,
  ReservaCancelarBody,
  ReservaConsultaBody,
} from "./reservas.ts";
import { CambioFechaAnswer, CambioFechaBody, CambioPreviewAnswer, ReservaCambioBody, ReservaCambioConfirmarBody } from "./cambio-fecha.ts";
import { CodigoAnswer, CodigoAplicadoAnswer, CodigoAplicarBody, CodigoBody, CodigoListAnswer } from "./codigos.ts";
import { TarjetaCodigoBody, TarjetaCompraBody, TarjetaCompradaAnswer, TarjetaDetalleAnswer, TarjetaListAnswer, TarjetaSaldoAnswer } from "./tarjetas.ts";
import {
  RevendedorAnswer,
  RevendedorCreateBody,
  RevendedorCreatedAnswer,
  RevendedorListAnswer,
  RevendedorUpdateBody,
  RevendedorWebhookAnswer,
  RevendedorWebhookBody,
  RevendedorWebhooksAnswer,
} from "./revendedores.ts";

/** Most answers wrap their payload in a field spelled `succes` (sic). */
export function succes<T extends z.ZodMiniType>(payload: T) {
  return z.object({ succes: payload });
}

/** Answers of deletes: `{succes: …}`, whatever the payload. */
export const SuccesAnyAnswer = z.object({ succes: z.unknown() });

export const FreeTourPageSchema = z.object({
  tours: z.array(FreeTourSchema),
  currentPage: z.number(),
  totalPages: z.number(),
  totalObjects: z.number(),
});

const providerStatus = z.union([z.string(), z.number()]);

// --- named answers ------------------------------------------------------------------------------------------
export const PaisListAnswer = succes(z.array(PaisSchema));
export const PaisAnswer = succes(PaisSchema);
/** GET /api/pais/resumen: one entry per country, in the order of /api/pais/index. */
export const PaisResumenAnswer = succes(z.array(PaisResumenSchema));
export const CiudadListAnswer = succes(z.array(CiudadSchema));
export const CiudadAnswer = succes(CiudadSchema);
export const TourListAnswer = succes(z.array(TourSchema));
/** GET /api/tour/find/{id}: an array holding the one tour (empty when there is none). */
export const TourFindAnswer = succes(z.array(TourSchema));
export const TourAnswer = succes(TourSchema);
/** Orders of the city call's pages (`orden`): id (as without paging), name, price up or down. */
export const CIUDAD_ORDENES = ["id", "nombre", "precio", "-precio"] as const;
export type CiudadOrden = (typeof CIUDAD_ORDENES)[number];
/** Largest `por_pagina` of the city call. */
export const CIUDAD_POR_PAGINA_MAX = 100;
/** Extension: where a page of the city call sits (present only when `pagina`, `por_pagina` or `orden` was sent). */
export const PaginacionSchema = z.object({
  pagina: z.number().check(z.int(), z.positive()),
  por_pagina: z.number().check(z.int(), z.positive()),
  orden: z.enum(CIUDAD_ORDENES),
  total: z.number().check(z.int(), z.nonnegative()),
  paginas: z.number().check(z.int(), z.nonnegative()),
});
/**
 * GET /api/tour/index/ciudad/{id}: the city's local tours and the provider's free tours. Without parameters, every
 * local tour by id. Extension: `?pagina=&por_pagina=&orden=` answers one page of the local tours and `paginacion`.
 */
export const TourByCiudadAnswer = z.object({
  succes: z.array(TourSchema),
  freetour: FreeTourPageSchema,
  paginacion: z.optional(PaginacionSchema),
});
export const FotoListAnswer = succes(z.array(FotoSchema));
/** GET /api/tour/imagenes/{tourId}: no `succes` wrapper. */
export const ImagenesAnswer = z.object({ imagenes: z.array(FotoSchema) });
export const HorarioListAnswer = succes(z.array(HorarioSchema));
export const HorarioAnswer = succes(HorarioSchema);
export const ComentarioListAnswer = succes(z.array(ComentarioSchema));
export const ComentarioAnswer = succes(ComentarioSchema);
export const RewardsListAnswer = succes(z.array(RewardsSchema));
export const RewardsAnswer = succes(RewardsSchema);
export const AyudaListAnswer = succes(z.array(AyudaSchema));
export const AyudaAnswer = succes(AyudaSchema);
/** GET /api/banner: a bare array, empty when there is no banner. */
export const BannerGetAnswer = z.array(BannerSchema);
export const BannerAnswer = succes(BannerSchema);
export const FreeToursToursAnswer = z.object({ data: FreeTourPageSchema, status: providerStatus });
export const FreeToursTourAnswer = z.object({
  data: FreeTourSchema,
  status: providerStatus,
  disponibilidad: z.object({ data: z.array(FreeTourAvailabilitySchema), status: providerStatus }),
  comentarios: z.object({ data: z.array(FreeTourReviewSchema), status: providerStatus }),
});
/** The payment provider's order; `links[1]` is where the buyer approves. */
export const CompraCreateAnswer = succes(PaymentOrderSchema);
export const RetencionAnswer = succes(RetencionSchema);
export const PedidoAnswer = succes(PedidoSchema);
export const PedidoListAnswer = succes(z.array(PedidoSchema));
export const PedidoLineListAnswer = succes(z.array(PedidoLineSchema));
/** POST /api/auth/login: the token arrives in `sucess` (sic). */
export const LoginAnswer = z.object({ sucess: z.string(), rol: z.string(), nombre: z.string() });
export const AutenticateAnswer = succes(StaffUserSchema);
export const UsuarioAnswer = succes(UsuarioSchema);
export const UsuarioListAnswer = succes(z.array(UsuarioSchema));
export const ActividadListAnswer = succes(z.array(ActividadSchema));
export const HealthAnswer = z.looseObject({ status: z.optional(z.string()) });

// --- the call table -----------------------------------------------------------------------------------------

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

export interface CallDef {
  method: HttpMethod;
  /** Fastify-style path; `:name` segments are parameters. Trailing slashes are part of the contract. */
  path: string;
  /** Requires `Authorization: Bearer <token>`. */
  auth: boolean;
  /** JSON body schema, or "multipart" for uploads; absent when the call has no body. */
  body?: z.ZodMiniType | "multipart";
  answer: z.ZodMiniType;
  /** Accepts the list dialect (sort/range/filter) and then answers a Content-Range header. */
  list?: true;
}

function call<const C extends CallDef>(def: C): C {
  return def;
}

export const CALLS = {
  paisIndex: call({ method: "GET", path: "/api/pais/index", auth: false, answer: PaisListAnswer, list: true }),
  /** Extension: every country's counters (activities, travellers, reviews) in one read, for the home. */
  paisResumen: call({ method: "GET", path: "/api/pais/resumen", auth: false, answer: PaisResumenAnswer }),
  paisFind: call({ method: "GET", path: "/api/pais/find/:id", auth: false, answer: PaisAnswer }),
  paisCreate: call({ method: "POST", path: "/api/pais/create", auth: true, body: "multipart", answer: PaisAnswer }),
  paisUpdate: call({ method: "PUT", path: "/api/pais/update/:id", auth: true, body: PaisUpdateBody, answer: PaisAnswer }),
  paisUpdateImage: call({ method: "PUT", path: "/api/pais/updateImage/:id", auth: true, body: "multipart", answer: PaisAnswer }),
  paisDelete: call({ method: "DELETE", path: "/api/pais/delete/:id", auth: true, answer: SuccesAnyAnswer }),

  ciudadesIndex: call({ method: "GET", path: "/api/ciudades/index", auth: false, answer: CiudadListAnswer, list: true }),
  ciudadesFind: call({ method: "GET", path: "/api/ciudades/find/:paisId", auth: false, answer: CiudadListAnswer }),
  ciudadesFindCiudad: call({ method: "GET", path: "/api/ciudades/findciudad/:ciudadId", auth: false, answer: CiudadAnswer }),
  ciudadesCreate: call({ method: "POST", path: "/api/ciudades/create", auth: true, body: "multipart", answer: CiudadAnswer }),
  ciudadesUpdate: call({ method: "PUT", path: "/api/ciudades/update/:id", auth: true, body: CiudadUpdateBody, answer: CiudadAnswer }),
  ciudadesUpdateImage: call({ method: "PUT", path: "/api/ciudades/updateImage/:id", auth: true, body: "multipart", answer: CiudadAnswer }),
  ciudadesDelete: call({ method: "DELETE", path: "/api/ciudades/delete/:id", auth: true, answer: SuccesAnyAnswer }),

  tourIndex: call({ method: "GET", path: "/api/tour/index", auth: false, answer: TourListAnswer, list: true }),
  tourFind: call({ method: "GET", path: "/api/tour/find/:id", auth: false, answer: TourFindAnswer }),
  tourByCiudad: call({ method: "GET", path: "/api/tour/index/ciudad/:ciudadId", auth: false, answer: TourByCiudadAnswer }),
  tourFotos: call({ method: "GET", path: "/api/tour/index/fotos/:tourId", auth: false, answer: FotoListAnswer }),
  horarioFind: call({ method: "GET", path: "/api/tour/horario/find/:tourId", auth: false, answer: HorarioListAnswer }),
  horarioIndex: call({ method: "GET", path: "/api/tour/horario/index", auth: true, answer: HorarioListAnswer, list: true }),
  horarioCreate: call({ method: "POST", path: "/api/tour/horario/create/", auth: true, body: HorarioCreateBody, answer: HorarioAnswer }),
  horarioUpdate: call({ method: "PUT", path: "/api/tour/horario/update/:id", auth: true, body: HorarioCupoBody, answer: HorarioAnswer }),
  /** Extension: availability of a tour's departures in a month (`?mes=YYYY-MM`, default the current one). */
  tourDisponibilidad: call({ method: "GET", path: "/api/tour/disponibilidad/:tourId", auth: false, answer: DisponibilidadAnswer }),
  /** Extension (panel): coming departures; filter {tour_id, desde, hasta} in the list dialect. */
  salidasIndex: call({ method: "GET", path: "/api/salidas", auth: true, answer: SalidaListAnswer, list: true }),
  salidaFind: call({ method: "GET", path: "/api/salidas/find/:salidaId", auth: true, answer: SalidaAnswer }),
  salidaManifiesto: call({ method: "GET", path: "/api/salidas/manifiesto/:salidaId", auth: true, answer: ManifiestoAnswer }),
  salidaCupo: call({ method: "PUT", path: "/api/salidas/cupo", auth: true, body: SalidaCupoBody, answer: SalidaAnswer }),
  salidaCierre: call({ method: "PUT", path: "/api/salidas/cierre", auth: true, body: SalidaCierreBody, answer: SuccesAnyAnswer }),
  /** Extension (issue 28): a departure's guides, read and replaced by Administrador and Ventas. */
  salidaGuias: call({ method: "GET", path: "/api/salidas/guias/:salidaId", auth: true, answer: SalidaGuiasAnswer }),
  salidaGuiasSet: call({ method: "PUT", path: "/api/salidas/guias/:salidaId", auth: true, body: SalidaGuiasBody, answer: SalidaGuiasAnswer }),
  /** Extension (issue 22): cancel a whole departure; its refunds and e-mails run on the job queue. */
  salidaCancelar: call({ method: "POST", path: "/api/salidas/cancelar", auth: true, body: SalidaCancelarBody, answer: SalidaCancelarAnswer }),
  /** Extension (issue 22): the panel's first screen, today's departures and money in one aggregate read. */
  hoy: call({ method: "GET", path: "/api/hoy", auth: true, answer: HoyAnswer }),
  /** Extension (issue 27): one page view's field vitals, forwarded by the storefront; their p75 for the panel. */
  vitalsReport: call({ method: "POST", path: "/api/vitals", auth: false, body: VitalsReportBody, answer: SuccesAnyAnswer }),
  vitalsSummary: call({ method: "GET", path: "/api/vitals", auth: true, answer: VitalsSummaryAnswer }),
  /** Extension (panel): resellers and their OCTO API keys; the key is in the create answer only. */
  revendedoresIndex: call({ method: "GET", path: "/api/revendedores", auth: true, answer: RevendedorListAnswer, list: true }),
  revendedorFind: call({ method: "GET", path: "/api/revendedores/find/:id", auth: true, answer: RevendedorAnswer }),
  revendedorCreate: call({ method: "POST", path: "/api/revendedores", auth: true, body: RevendedorCreateBody, answer: RevendedorCreatedAnswer }),
  revendedorUpdate: call({ method: "PUT", path: "/api/revendedores/:id", auth: true, body: RevendedorUpdateBody, answer: RevendedorAnswer }),
  /** Extension (issue 24): a reseller's OCTO webhooks, set by staff as the reseller would with /octo/webhooks. */
  revendedorWebhooks: call({ method: "GET", path: "/api/revendedores/:id/webhooks", auth: true, answer: RevendedorWebhooksAnswer }),
  revendedorWebhookCreate: call({ method: "POST", path: "/api/revendedores/:id/webhooks", auth: true, body: RevendedorWebhookBody, answer: RevendedorWebhookAnswer }),
  revendedorWebhookDelete: call({ method: "DELETE", path: "/api/revendedores/:id/webhooks/:webhookId", auth: true, answer: RevendedorWebhookAnswer }),
  horarioDelete: call({ method: "DELETE", path: "/api/tour/horario/delete/:id", auth: true, answer: SuccesAnyAnswer }),
  tourCreate: call({ method: "POST", path: "/api/tour/create", auth: true, body: "multipart", answer: TourAnswer }),
  tourUpdate: call({ method: "POST", path: "/api/tour/update/", auth: true, body: TourUpdateBody, answer: TourAnswer }),
  tourDelete: call({ method: "DELETE", path: "/api/tour/delete/:id", auth: true, answer: SuccesAnyAnswer }),
  tourImagenes: call({ method: "GET", path: "/api/tour/imagenes/:tourId", auth: true, answer: ImagenesAnswer }),
  tourSaveImagen: call({ method: "POST", path: "/api/tour/saveimagen", auth: true, body: "multipart", answer: FotoListAnswer }),
  tourDeleteImagen: call({ method: "DELETE", path: "/api/tour/deleteimagen/:fotoId", auth: true, answer: SuccesAnyAnswer }),
  comentarioIndex: call({ method: "GET", path: "/api/tour/comentario/index/:tourId", auth: false, answer: ComentarioListAnswer }),
  comentarioCreate: call({ method: "POST", path: "/api/tour/comentario", auth: false, body: ComentarioCreateBody, answer: ComentarioAnswer }),
  rewardsCreate: call({ method: "POST", path: "/api/tour/rewards", auth: false, body: RewardsCreateBody, answer: RewardsAnswer }),
  rewardsIndex: call({ method: "GET", path: "/api/tour/rewards/index", auth: true, answer: RewardsListAnswer, list: true }),
  ayudaCreate: call({ method: "POST", path: "/api/tour/ayuda", auth: false, body: AyudaCreateBody, answer: AyudaAnswer }),
  ayudaIndex: call({ method: "GET", path: "/api/tour/ayuda/index", auth: true, answer: AyudaListAnswer, list: true }),

  bannerGet: call({ method: "GET", path: "/api/banner", auth: false, answer: BannerGetAnswer }),
  bannerSave: call({ method: "POST", path: "/api/savebanner", auth: true, body: "multipart", answer: BannerAnswer }),
  /** A GET that deletes the banner (sic). */
  bannerDelete: call({ method: "GET", path: "/api/deletebanner", auth: true, answer: SuccesAnyAnswer }),

  freetoursTours: call({ method: "GET", path: "/api/freetours/tours/:countryId", auth: false, answer: FreeToursToursAnswer }),
  freetoursTour: call({ method: "GET", path: "/api/freetours/tour/:id", auth: false, answer: FreeToursTourAnswer }),

  compraCreate: call({ method: "POST", path: "/api/compra/create", auth: false, body: CompraCreateBody, answer: CompraCreateAnswer }),
  /** Extension (decision 0021): what a discount code takes off a cart, line by line, or why it does not apply (400, `codigo`). */
  codigoAplicar: call({ method: "POST", path: "/api/codigos/aplicar", auth: false, body: CodigoAplicarBody, answer: CodigoAplicadoAnswer }),
  /** Extension (panel, decision 0021): discount codes with their uses and the money they took off. */
  codigosIndex: call({ method: "GET", path: "/api/codigos", auth: true, answer: CodigoListAnswer, list: true }),
  codigoFind: call({ method: "GET", path: "/api/codigos/find/:id", auth: true, answer: CodigoAnswer }),
  codigoCreate: call({ method: "POST", path: "/api/codigos", auth: true, body: CodigoBody, answer: CodigoAnswer }),
  codigoUpdate: call({ method: "PUT", path: "/api/codigos/:id", auth: true, body: CodigoBody, answer: CodigoAnswer }),
  /** Extension (decision 0024): buy a gift card; the answer is PayPal's order, approved at links[1] like a checkout's. */
  tarjetaComprar: call({ method: "POST", path: "/api/tarjetas-regalo", auth: false, body: TarjetaCompraBody, answer: CompraCreateAnswer }),
  /** Captures a gift card's PayPal order (idempotent); the recipient's e-mail goes out once. */
  tarjetaConfirmar: call({ method: "POST", path: "/api/tarjetas-regalo/confirma", auth: false, body: TokenBody, answer: TarjetaCompradaAnswer }),
  /** A card's balance by its code; limited per address (429). */
  tarjetaSaldo: call({ method: "POST", path: "/api/tarjetas-regalo/saldo", auth: false, body: TarjetaCodigoBody, answer: TarjetaSaldoAnswer }),
  /** Extension (panel, decision 0024): gift cards with their balance, and one with every movement. */
  tarjetasIndex: call({ method: "GET", path: "/api/tarjetas-regalo", auth: true, answer: TarjetaListAnswer, list: true }),
  tarjetaFind: call({ method: "GET", path: "/api/tarjetas-regalo/find/:id", auth: true, answer: TarjetaDetalleAnswer }),
  compraConfirma: call({ method: "POST", path: "/api/compra/confirma", auth: false, body: TokenBody, answer: PedidoAnswer }),
  /** Extension ("Necesito más tiempo"): an unpaid order holds its places again, a few times, while they fit. */
  compraRetencion: call({ method: "POST", path: "/api/compra/retencion", auth: false, body: TokenBody, answer: RetencionAnswer }),
  /** The spec's clients call cancel without the /api prefix; both paths are served. */
  compraCancel: call({ method: "POST", path: "/compra/cancel", auth: false, body: TokenBody, answer: SuccesAnyAnswer }),
  compraCancelApi: call({ method: "POST", path: "/api/compra/cancel", auth: false, body: TokenBody, answer: SuccesAnyAnswer }),
  compraIndex: call({ method: "GET", path: "/api/compra/index", auth: true, answer: PedidoListAnswer, list: true }),
  /** The order's lines; extension: its reference, the booking as the buyer sees it, refunds and e-mails. */
  compraFind: call({ method: "GET", path: "/api/compra/find/:pedidoId", auth: true, answer: PedidoDetalleAnswer }),
  /** Extension (panel): staff cancel a paid order (or one line, `linea`) before its departure and refund it. */
  compraReembolsar: call({ method: "POST", path: "/api/compra/reembolsar/:pedidoId", auth: true, body: ReembolsarBody, answer: ReservaCancelAnswer }),

  /** Extension (issue 24): join a sold-out departure's waiting list; leave it; see and take an offer of its places. */
  listaEspera: call({ method: "POST", path: "/api/lista-espera", auth: false, body: ListaEsperaBody, answer: ListaEsperaMensajeAnswer }),
  listaEsperaBaja: call({ method: "POST", path: "/api/lista-espera/baja", auth: false, body: ListaEsperaBajaBody, answer: ListaEsperaMensajeAnswer }),
  listaEsperaOferta: call({ method: "GET", path: "/api/lista-espera/oferta/:token", auth: false, answer: ListaEsperaOfertaAnswer }),
  /** Staff: a departure's waiting list, and places offered by hand to one entry. */
  salidaListaEspera: call({ method: "GET", path: "/api/salidas/lista-espera/:salidaId", auth: true, answer: ListaEsperaListAnswer }),
  salidaListaEsperaOfrecer: call({ method: "POST", path: "/api/salidas/lista-espera/ofrecer/:entradaId", auth: true, body: ListaEsperaOfrecerBody, answer: ListaEsperaOfrecerAnswer }),
  listaEsperaAceptar: call({ method: "POST", path: "/api/lista-espera/oferta", auth: false, body: ListaEsperaOfertaBody, answer: CompraCreateAnswer }),

  /** Extension ("Mi reserva", no account): the booking by reference + PIN; wrong PINs are rate limited (429). */
  reservaConsulta: call({ method: "POST", path: "/api/reserva/consulta", auth: false, body: ReservaConsultaBody, answer: ReservaAnswer }),
  /** Extension: the buyer cancels the booking (or one line) before its deadline; PayPal refunds it. */
  reservaCancelar: call({ method: "POST", path: "/api/reserva/cancelar", auth: false, body: ReservaCancelarBody, answer: ReservaCancelAnswer }),
  /** Extension: what moving a line to another departure would be (price difference, places left). */
  reservaCambioConsulta: call({ method: "POST", path: "/api/reserva/cambio/consulta", auth: false, body: ReservaCambioBody, answer: CambioPreviewAnswer }),
  /** Extension: the buyer moves a line to another departure (a dearer one starts a PayPal payment of the difference). */
  reservaCambio: call({ method: "POST", path: "/api/reserva/cambio", auth: false, body: ReservaCambioBody, answer: CambioFechaAnswer }),
  /** Extension: back from PayPal, the difference is captured once and the line moved (or the difference refunded). */
  reservaCambioConfirmar: call({ method: "POST", path: "/api/reserva/cambio/confirmar", auth: false, body: ReservaCambioConfirmarBody, answer: CambioFechaAnswer }),
  /** Extension (panel): staff move a line of a paid order to another departure (never charging the buyer). */
  compraCambioFecha: call({ method: "POST", path: "/api/compra/cambio-fecha/:pedidoId", auth: true, body: CambioFechaBody, answer: CambioFechaAnswer }),
  /** Extension (panel): a booking's travellers at a departure (`?referencia=&salida=`) and whether they came. */
  checkinConsulta: call({ method: "GET", path: "/api/checkin/consulta", auth: true, answer: CheckinAnswer }),
  /** Extension (panel): marks a booking's travellers present at the departure (once). */
  checkin: call({ method: "POST", path: "/api/checkin", auth: true, body: CheckinBody, answer: CheckinAnswer }),

  authLogin: call({ method: "POST", path: "/api/auth/login", auth: false, body: LoginBody, answer: LoginAnswer }),
  authAutenticate: call({ method: "GET", path: "/api/auth/autenticate", auth: true, answer: AutenticateAnswer }),
  // not in the original contract: ending a session, staff accounts and the audit log
  authLogout: call({ method: "POST", path: "/api/auth/logout", auth: true, answer: SuccesAnyAnswer }),
  usuariosIndex: call({ method: "GET", path: "/api/usuarios/index", auth: true, answer: UsuarioListAnswer }),
  usuariosCreate: call({ method: "POST", path: "/api/usuarios/create", auth: true, body: UsuarioCreateBody, answer: UsuarioAnswer }),
  usuariosUpdate: call({ method: "PUT", path: "/api/usuarios/update/:id", auth: true, body: UsuarioUpdateBody, answer: UsuarioAnswer }),
  usuariosPassword: call({ method: "PUT", path: "/api/usuarios/password/:id", auth: true, body: UsuarioPasswordBody, answer: SuccesAnyAnswer }),
  /** filters in the query: usuario (id), recurso, recursoId, desde, hasta (YYYY-MM-DD) */
  actividadIndex: call({ method: "GET", path: "/api/actividad/index", auth: true, answer: ActividadListAnswer }),
  /** the history of one record */
  actividadRecurso: call({ method: "GET", path: "/api/actividad/:recurso/:recursoId", auth: true, answer: ActividadListAnswer }),

  /** Extension (issue 26): the sitemap's paged files, and one page of ids with their lastmod. */
  sitemapIndice: call({ method: "GET", path: "/api/sitemap", auth: false, answer: SitemapIndiceAnswer }),
  sitemapPagina: call({ method: "GET", path: "/api/sitemap/:tipo/:pagina", auth: false, answer: SitemapPaginaAnswer }),

  /** Extension (issue 26): the catalogue search and the filters of the country, city and search pages. */
  busqueda: call({ method: "GET", path: "/api/busqueda", auth: false, answer: BusquedaAnswer }),

  health: call({ method: "GET", path: "/api/health", auth: false, answer: HealthAnswer }),
} as const;

export type CallName = keyof typeof CALLS;
/** The parsed answer of a call, e.g. `Answer<"paisIndex">` = `{ succes: Pais[] }`. */
export type Answer<K extends CallName> = z.output<(typeof CALLS)[K]["answer"]>;

/** Fills `:name` segments of a call's path; values are URL-encoded. Throws when one is missing. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === "") throw new Error(`Falta el parámetro ${name} de ${path}`);
    return encodeURIComponent(String(value));
  });
}
