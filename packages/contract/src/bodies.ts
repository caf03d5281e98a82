import { z } from "zod/mini";
import {
  HORA_PATTERN,
  bodyFlag,
  countOrZero,
  decimalFromText,
  integerFromText,
  optionalPhoneLike,
  optionalText,
  requiredEmail,
  requiredId,
  requiredPhoneLike,
  requiredTaxId,
  requiredText,
  wholeNumber,
  type NumberInput,
  preprocess,
} from "./primitives.ts";
import { CorteHorasSchema, CupoSchema, ZonaHorariaSchema } from "./salidas.ts";
import {
  ACCESIBLE_CODES,
  DURACION_MAXIMA_MINUTOS,
  EDAD_MINIMA_MAXIMA,
  IDIOMA_CODES,
  MODALIDAD_CODES,
  type IdiomaCode,
} from "@tours/domain";

/**
 * Request bodies. Each is exported twice under one name: the schema (value) and its parsed output (type),
 * plus `<Name>Schema` and `<Name>Input` (what a client may send) for symmetry with the records.
 */

const NOMBRE_OBLIGATORIO = "El nombre es obligatorio";

// --- auth ---------------------------------------------------------------------------------------------------

export const LoginBody = z.object({
  email: requiredEmail(),
  // Not trimmed: spaces can be part of a password.
  password: z
    .string({ error: "La contraseña es obligatoria" })
    .check(
      z.minLength(1, { error: "La contraseña es obligatoria", abort: true }),
      z.maxLength(200, { error: "Máximo 200 caracteres" }),
    ),
});
export type LoginBody = z.output<typeof LoginBody>;
export type LoginBodyInput = z.input<typeof LoginBody>;

export const TokenBody = z.object({ token: requiredText("El token es obligatorio", 200) });
export type TokenBody = z.output<typeof TokenBody>;

/** The staff roles' codes (the API's auth/roles.ts); "admin" is the Administrador. */
export const ROL_CODES = ["admin", "ventas", "contenido", "guia"] as const;
const rol = z.enum(ROL_CODES, { error: "El rol debe ser Administrador, Ventas, Contenido o Guía" });
/** Length only: the API also refuses the most common passwords. */
const newPassword = z
  .string({ error: "La contraseña es obligatoria" })
  .check(
    z.minLength(10, { error: "La contraseña debe tener al menos 10 caracteres" }),
    z.maxLength(200, { error: "Máximo 200 caracteres" }),
  );

/** POST /api/usuarios/create (staff accounts; not part of the original contract). */
export const UsuarioCreateBody = z.object({
  email: requiredEmail(),
  nombre: requiredText(NOMBRE_OBLIGATORIO, 120),
  rol,
  password: newPassword,
});
export type UsuarioCreateBody = z.output<typeof UsuarioCreateBody>;
export type UsuarioCreateBodyInput = z.input<typeof UsuarioCreateBody>;

/** PUT /api/usuarios/update/{id}: any of name, role, active. */
export const UsuarioUpdateBody = z.object({
  nombre: z.optional(requiredText(NOMBRE_OBLIGATORIO, 120)),
  rol: z.optional(rol),
  activo: z.optional(z.boolean({ error: "Activo debe ser verdadero o falso" })),
});
export type UsuarioUpdateBody = z.output<typeof UsuarioUpdateBody>;
export type UsuarioUpdateBodyInput = z.input<typeof UsuarioUpdateBody>;

/** PUT /api/usuarios/password/{id}: a password reset by an administrator. */
export const UsuarioPasswordBody = z.object({ password: newPassword });
export type UsuarioPasswordBody = z.output<typeof UsuarioPasswordBody>;
export type UsuarioPasswordBodyInput = z.input<typeof UsuarioPasswordBody>;

// --- pais / ciudades ----------------------------------------------------------------------------------------

const freetourId = preprocess(
  (v: string | null | undefined) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v),
  z.optional(z.string({ error: "El identificador de free tours debe ser un texto" }).check(z.trim(), z.maxLength(100))),
);

/** Fields of PUT /api/pais/update/{id} and of the multipart POST /api/pais/create (besides `foto`). */
export const PaisUpdateBody = z.object({
  nombre: requiredText(NOMBRE_OBLIGATORIO, 120),
  prefijo: wholeNumber("El prefijo debe ser un número entre 1 y 99999", 1, 99_999),
  destacado: bodyFlag("Destacado debe ser 1 o 0"),
  freetour_id: freetourId,
  zona_horaria: ZonaHorariaSchema,
});
export type PaisUpdateBody = z.output<typeof PaisUpdateBody>;
export type PaisUpdateBodyInput = z.input<typeof PaisUpdateBody>;

/** Fields of PUT /api/ciudades/update/{id} and of the multipart POST /api/ciudades/create (besides `foto`). */
export const CiudadUpdateBody = z.object({
  nombre: requiredText(NOMBRE_OBLIGATORIO, 120),
  pais: requiredId("El país es obligatorio"),
  destacado: bodyFlag("Destacado debe ser 1 o 0"),
  freetour_id: freetourId,
});
export type CiudadUpdateBody = z.output<typeof CiudadUpdateBody>;
export type CiudadUpdateBodyInput = z.input<typeof CiudadUpdateBody>;

// --- tours --------------------------------------------------------------------------------------------------

export const PRECIO_MAXIMO = 1_000_000;

/** At most two decimals, judged on the shortest text form of the number (so 19.99 passes, 0.1 + 0.2 does not). */
function hasAtMostTwoDecimals(value: number): boolean {
  return /^-?\d+(\.\d{1,2})?$/.test(String(value));
}

export const PrecioSchema = preprocess(
  (v: NumberInput) => (typeof v === "string" && v.trim() === "" ? undefined : decimalFromText(v)),
  z
    .number({ error: "El precio es obligatorio y debe ser un número" })
    .check(
      z.gt(0, { error: "El precio debe ser mayor que 0" }),
      z.lte(PRECIO_MAXIMO, { error: "El precio no puede ser mayor que 1.000.000" }),
      z.refine(hasAtMostTwoDecimals, { error: "El precio admite como máximo 2 decimales" }),
    ),
);

// The tour's facts (issue 26). Each is optional: absent keeps what is stored (a new tour: not given); null or
// empty text clears it. Over multipart every value is text: `idiomas` may be "es,en" there (or an array in JSON).

/** Blank text and null: null (cleared); absent: undefined (kept). */
const blankToNull = (value: unknown) =>
  value === undefined ? undefined : value === null || (typeof value === "string" && value.trim() === "") ? null : value;

function optionalFactInteger(messages: { invalid: string; tooBig: string }, min: number, max: number) {
  return preprocess(
    (value: NumberInput | null | undefined) => integerFromText(blankToNull(value)),
    z.optional(
      z.nullable(
        z
          .number({ error: messages.invalid })
          .check(
            z.int({ error: messages.invalid }),
            z.gte(min, { error: messages.invalid, abort: true }),
            z.lte(max, { error: messages.tooBig }),
          ),
      ),
    ),
  );
}

function optionalFactCode<const T extends readonly string[]>(codes: T, message: string) {
  return preprocess(
    (value: string | null | undefined) => {
      const v = blankToNull(value);
      return typeof v === "string" ? v.trim() : v;
    },
    z.optional(z.nullable(z.enum(codes, { error: message }))),
  );
}

function optionalCoordinate(message: string, limit: number) {
  return preprocess(
    (value: NumberInput | null | undefined) => decimalFromText(blankToNull(value)),
    z.optional(
      z.nullable(
        z
          .number({ error: message })
          .check(z.gte(-limit, { error: message }), z.lte(limit, { error: message })),
      ),
    ),
  );
}

/** The facts' Spanish messages (the panel's form checks with the same words before it sends). */
export const TOUR_FACT_MSG = {
  duracion: "La duración debe ser un número entero de minutos mayor que 0",
  duracionMaxima: `La duración no puede pasar de ${DURACION_MAXIMA_MINUTOS} minutos (30 días)`,
  idiomas: "Elige idiomas de la lista",
  accesible: "Accesible en silla de ruedas debe ser si, no o parcial",
  modalidad: "La modalidad debe ser grupo o privado",
  edadMinima: `La edad mínima debe ser un número entero entre 0 y ${EDAD_MINIMA_MAXIMA}`,
  latitud: "La latitud debe estar entre -90 y 90",
  longitud: "La longitud debe estar entre -180 y 180",
  ambasCoordenadas: "Indica latitud y longitud del punto de encuentro, o ninguna",
} as const;
const IDIOMAS_DE_LA_LISTA = TOUR_FACT_MSG.idiomas;
const isIdiomaCode = (code: string): code is IdiomaCode => (IDIOMA_CODES as readonly string[]).includes(code);

const tourFacts = {
  duracion_minutos: optionalFactInteger(
    { invalid: TOUR_FACT_MSG.duracion, tooBig: TOUR_FACT_MSG.duracionMaxima },
    1,
    DURACION_MAXIMA_MINUTOS,
  ),
  /** ISO 639-1 codes of the guiding's languages; [] clears. */
  idiomas: preprocess(
    (value: string | string[] | null | undefined) => {
      if (value === undefined) return undefined;
      if (value === null) return [];
      const list = typeof value === "string" ? value.split(",") : value;
      if (!Array.isArray(list)) return list;
      const codes = list.map((code) => (typeof code === "string" ? code.trim() : code)).filter((code) => code !== "");
      return [...new Set(codes)];
    },
    z.optional(
      // one message on `idiomas` itself (not on `idiomas.0`), so a form shows it beside its input
      z.pipe(
        z.array(z.string({ error: IDIOMAS_DE_LA_LISTA }), { error: IDIOMAS_DE_LA_LISTA }).check(
          z.refine((codes) => codes.every(isIdiomaCode), { error: IDIOMAS_DE_LA_LISTA }),
        ),
        z.transform((codes) => codes.filter(isIdiomaCode)),
      ),
    ),
  ),
  accesible_silla_ruedas: optionalFactCode(ACCESIBLE_CODES, TOUR_FACT_MSG.accesible),
  modalidad: optionalFactCode(MODALIDAD_CODES, TOUR_FACT_MSG.modalidad),
  edad_minima: optionalFactInteger({ invalid: TOUR_FACT_MSG.edadMinima, tooBig: TOUR_FACT_MSG.edadMinima }, 0, EDAD_MINIMA_MAXIMA),
  encuentro_lat: optionalCoordinate(TOUR_FACT_MSG.latitud, 90),
  encuentro_lng: optionalCoordinate(TOUR_FACT_MSG.longitud, 180),
};

const BOTH_OR_NEITHER = TOUR_FACT_MSG.ambasCoordenadas;
type Encuentro = { encuentro_lat?: number | null; encuentro_lng?: number | null };
/** Latitude and longitude come together: both numbers, or neither. */
const encuentroChecks = [
  z.refine<Encuentro>((t) => !(typeof t.encuentro_lat === "number" && typeof t.encuentro_lng !== "number"), {
    error: BOTH_OR_NEITHER,
    path: ["encuentro_lng"],
  }),
  z.refine<Encuentro>((t) => !(typeof t.encuentro_lng === "number" && typeof t.encuentro_lat !== "number"), {
    error: BOTH_OR_NEITHER,
    path: ["encuentro_lat"],
  }),
] as const;

/** The tour form's fields: multipart on create (flags '1'/'0'), JSON on update. */
const TourFieldsObject = z.object({
  nombre: requiredText(NOMBRE_OBLIGATORIO, 200),
  precio: PrecioSchema,
  pais: requiredId("El país es obligatorio"),
  ciudad: requiredId("La ciudad es obligatoria"),
  nombre_hotel: optionalText(200),
  habitacion_individual: bodyFlag(),
  habitacion_doble: bodyFlag(),
  habitacion_triple: bodyFlag(),
  intinerario: optionalText(),
  incluye: optionalText(),
  no_incluye: optionalText(),
  duracion: optionalText(200),
  accesibilidad: optionalText(),
  mascotas: bodyFlag(),
  salidas: optionalText(),
  punto_encuentro: optionalText(),
  reembolsable: bodyFlag(),
  descripcion: optionalText(),
  /** Extension: absent keeps the current value (default 2 h). */
  corte_horas: CorteHorasSchema,
  /** Extension: absent keeps the current zone (a new tour: its country's). */
  zona_horaria: ZonaHorariaSchema,
  /** Extension: the tour's facts. */
  ...tourFacts,
});
export const TourFields = TourFieldsObject.check(...encuentroChecks);
export type TourFields = z.output<typeof TourFields>;

export const TourUpdateBody = z
  .extend(TourFieldsObject, { id: requiredId("El id del tour es obligatorio") })
  .check(...encuentroChecks);
export type TourUpdateBody = z.output<typeof TourUpdateBody>;
export type TourUpdateBodyInput = z.input<typeof TourUpdateBody>;

export const HorarioCreateBody = z
  .object({
    hora_inicio: z
      .string({ error: "La hora de inicio es obligatoria" })
      .check(z.trim(), z.regex(HORA_PATTERN, { error: "La hora de inicio debe tener el formato HH:MM" })),
    lunes: bodyFlag(),
    martes: bodyFlag(),
    miercoles: bodyFlag(),
    jueves: bodyFlag(),
    viernes: bodyFlag(),
    sabado: bodyFlag(),
    domingo: bodyFlag(),
    tour_id: requiredId("El tour es obligatorio"),
    /** Extension: capacity of each departure; absent or empty: unlimited. */
    cupo: z.optional(CupoSchema),
  })
  .check(
    z.refine((h) => h.lunes || h.martes || h.miercoles || h.jueves || h.viernes || h.sabado || h.domingo, {
      error: "Selecciona al menos un día de la semana",
      path: ["lunes"],
    }),
  );
export type HorarioCreateBody = z.output<typeof HorarioCreateBody>;
export type HorarioCreateBodyInput = z.input<typeof HorarioCreateBody>;

// --- comments, rewards, help ----------------------------------------------------------------------------------

export const ComentarioCreateBody = z.object({
  email: requiredEmail(),
  comentario: requiredText("El comentario es obligatorio", 2000),
  start: wholeNumber("La calificación debe estar entre 1 y 5", 1, 5),
  id_tour: requiredId("El tour es obligatorio"),
});
export type ComentarioCreateBody = z.output<typeof ComentarioCreateBody>;
export type ComentarioCreateBodyInput = z.input<typeof ComentarioCreateBody>;

export const RewardsCreateBody = z.object({
  nombre: requiredText(NOMBRE_OBLIGATORIO, 120),
  apellido: requiredText("El apellido es obligatorio", 120),
  telefono: requiredPhoneLike("El teléfono es obligatorio"),
  email: requiredEmail(),
});
export type RewardsCreateBody = z.output<typeof RewardsCreateBody>;
export type RewardsCreateBodyInput = z.input<typeof RewardsCreateBody>;

export const AyudaCreateBody = z.extend(RewardsCreateBody, {
  comentario: requiredText("El comentario es obligatorio", 2000),
});
export type AyudaCreateBody = z.output<typeof AyudaCreateBody>;
export type AyudaCreateBodyInput = z.input<typeof AyudaCreateBody>;

// --- checkout -----------------------------------------------------------------------------------------------

/** `MM/DD/YYYY-HH:MM`, the start optionally with seconds. Whether the date exists and has that departure is the server's call. */
export const DIA_PATTERN = /^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/\d{4}-([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
export const MAX_VIAJEROS_POR_TIPO = 50;

const CANTIDAD_INVALIDA = `La cantidad debe ser un número entero entre 0 y ${MAX_VIAJEROS_POR_TIPO}`;
const count = countOrZero(CANTIDAD_INVALIDA, MAX_VIAJEROS_POR_TIPO);

/** Money a client sends; accepted in either form and ignored (the catalogue decides). */
const ignoredMoney = z.optional(
  preprocess((v: NumberInput) => decimalFromText(v), z.number({ error: "Debe ser un número" })),
);

export const CompraLineBody = z
  .object({
    tour_id: requiredId("El tour es obligatorio"),
    nombre: optionalText(200),
    dia: z
      .string({ error: "La fecha del tour es obligatoria" })
      .check(z.trim(), z.regex(DIA_PATTERN, { error: "La fecha debe tener el formato MM/DD/YYYY-HH:MM" })),
    precio: ignoredMoney,
    imagen: z.optional(z.nullable(z.string())),
    mayores_15: count,
    de_4_15: count,
    menores_3: count,
    mascotas: count,
    precio_total: ignoredMoney,
  })
  .check(
    z.refine((line) => line.mayores_15 + line.de_4_15 + line.menores_3 >= 1, {
      error: "Cada tour debe incluir al menos una persona",
      path: ["mayores_15"],
      abort: true,
    }),
    z.refine((line) => line.mayores_15 + line.de_4_15 >= 1, {
      error: "Los menores de 3 años deben viajar con al menos un adulto o un niño de 4 a 15 años",
      path: ["menores_3"],
    }),
  );
export type CompraLineBody = z.output<typeof CompraLineBody>;

export const CompraCreateBody = z.object({
  pedidos: z
    .array(CompraLineBody, { error: "El carrito está vacío" })
    .check(
      z.minLength(1, { error: "El carrito está vacío" }),
      z.maxLength(50, { error: "El carrito admite como máximo 50 tours" }),
    ),
  nombre: requiredText(NOMBRE_OBLIGATORIO, 120),
  apellido: requiredText("El apellido es obligatorio", 120),
  email: requiredEmail(),
  telefono: requiredPhoneLike("El teléfono es obligatorio"),
  telefonoRespaldo: optionalPhoneLike(),
  direccion: requiredText("La dirección es obligatoria", 300),
  comentario: optionalText(2000),
  nit: requiredTaxId("La cédula o NIT es obligatorio"),
  valor_total: ignoredMoney,
  /** Extension (decision 0021): a discount code; the API checks it and prices the order with it. */
  codigo: z.optional(z.string().check(z.trim(), z.maxLength(60, "Este código no existe"))),
  /** Extension (decision 0024): a gift card's code; it pays what its balance covers, PayPal the rest. */
  tarjeta: z.optional(z.string().check(z.trim(), z.maxLength(40, "Este código de tarjeta regalo no existe"))),
});
export type CompraCreateBody = z.output<typeof CompraCreateBody>;
export type CompraCreateBodyInput = z.input<typeof CompraCreateBody>;
