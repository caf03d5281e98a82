import { z } from "zod/mini";

// In a browser (the storefront and the panel) the pages run under a Content-Security-Policy without
// 'unsafe-eval': zod must not compile parsers with `new Function` there (even its probe is reported as a
// violation). Servers keep the faster compiled parsers.
if ("document" in globalThis) z.config({ jitless: true });

/**
 * Building blocks shared by the record, body and answer schemas.
 *
 * Answers are lenient where the upstream is (ids that arrive as strings from multipart handlers, 0|1 flags
 * that some drivers return as booleans, decimals that PostgreSQL returns as strings); bodies accept every
 * form the existing clients send and carry Spanish messages.
 */

/** What `preprocess` builds: a pipe whose key is optional in an object when the schema it feeds is. */
export type ZodMiniPreprocess<U extends z.core.SomeType, B> = z.ZodMiniType<
  z.core.output<U>,
  B,
  z.core.$ZodPreprocessInternals<U, B>
>;

/**
 * zod/mini has no `preprocess`: the pipe zod's classic API builds (a transform, then the schema; at run time a
 * preprocess is that pipe), typed as classic types it.
 */
export function preprocess<A, U extends z.core.SomeType, B = unknown>(
  fn: (value: B) => A,
  schema: U,
): ZodMiniPreprocess<U, B> {
  return z.pipe(z.transform(fn), schema as never) as unknown as ZodMiniPreprocess<U, B>;
}

const INTEGER_TEXT = /^-?\d+$/;
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/** "12" → 12, other strings untouched so the number schema reports them. */
function integerFromText(value: unknown): unknown {
  if (typeof value === "string" && INTEGER_TEXT.test(value.trim())) return Number(value.trim());
  return value;
}

/** "120.50" → 120.5 (PostgreSQL numeric columns and multipart fields arrive as text). */
function decimalFromText(value: unknown): unknown {
  if (typeof value === "string" && DECIMAL_TEXT.test(value.trim())) return Number(value.trim());
  return value;
}

const TRUE_WORDS = new Set(["1", "true", "on", "si", "sí", "yes"]);
const FALSE_WORDS = new Set(["0", "false", "off", "no", ""]);

/** Clients send flags as '1'/'0', 1/0 or booleans; an HTML checkbox sends "on" or nothing. */
export function flagToBoolean(value: unknown): unknown {
  if (typeof value === "boolean") return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === "string") {
    const word = value.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
  }
  return value;
}

// ---------------------------------------------------------------------------------------------------------
// Answer side (lenient)

/** A local record id (or a count): an integer ≥ 0, possibly sent as text. */
export const IdSchema = preprocess(integerFromText, z.number().check(z.int(), z.nonnegative()));

/** A number that may arrive as decimal text. */
export const NumberLikeSchema = preprocess(decimalFromText, z.number());

/** 0|1 as the upstream returns it; booleans and '0'/'1' are normalised to 0|1. */
export const Flag01Schema = preprocess((value) => {
  const flag = flagToBoolean(value);
  return typeof flag === "boolean" ? (flag ? 1 : 0) : flag;
}, z.union([z.literal(0), z.literal(1)]));

/** A JSON boolean (weekday flags, order status); 0/1 tolerated. */
export const BooleanLikeSchema = preprocess(flagToBoolean, z.boolean());

/** ISO 8601 timestamp; a Date (server side, before serialisation) becomes its ISO text. */
export const TimestampSchema = preprocess(
  (value: string | Date) => (value instanceof Date ? value.toISOString() : value),
  z.string(),
);

/** Free text that the upstream may leave null. */
export const OptionalTextSchema = z.optional(z.nullable(z.string()));

/** "HH:MM" or "HH:MM:SS" (PostgreSQL `time` columns answer with seconds). */
export const HORA_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

// ---------------------------------------------------------------------------------------------------------
// Body side (accepting, Spanish messages)

/** Required text, trimmed; missing, wrong type and blank all answer `message`. */
export function requiredText(message: string, max = 255) {
  return z
    .string({ error: message })
    .check(
      z.trim(),
      z.minLength(1, { error: message, abort: true }),
      z.maxLength(max, { error: `Máximo ${max} caracteres` }),
    );
}

/** What clients may send for a flag, an id, a number or a phone. */
export type FlagInput = boolean | number | string;
export type IdInput = number | string;
export type NumberInput = number | string;
export type PhoneInput = number | string;

/** Optional text: absent or null become undefined; numbers become text (telefono from older clients). */
export function optionalText(max = 65_535) {
  return preprocess(
    (value: string | number | null | undefined) =>
      value === null ? undefined : typeof value === "number" ? String(value) : value,
    z.optional(z.string({ error: "Debe ser un texto" }).check(z.maxLength(max, { error: `Máximo ${max} caracteres` }))),
  );
}

/** Required e-mail, trimmed. */
export function requiredEmail() {
  return z.pipe(
    z
      .string({ error: "El correo electrónico es obligatorio" })
      .check(z.trim(), z.minLength(1, { error: "El correo electrónico es obligatorio", abort: true })),
    z.email({ error: "El correo electrónico no es válido" }),
  );
}

/**
 * Phone numbers and tax ids: text or number; the number 0 (and blank text) means "none".
 * Output is the trimmed text, or undefined for none.
 */
function phoneLikeToText(value: PhoneInput | null | undefined): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "number") return value === 0 ? undefined : String(value);
  if (typeof value === "string") return value.trim() === "" ? undefined : value.trim();
  return value;
}

/** Phone numbers: digits with the usual separators ("+57 (601) 555-1234"); no letters. */
const PHONE_PATTERN = /^\+?[\d\s().-]*$/;
const PHONE_MSG = "El teléfono solo admite números, espacios, +, -, punto y paréntesis";
/** Tax ids (cédula, NIT with its check digit): digits, dots and dashes; no letters. */
const TAX_ID_PATTERN = /^[\d.-]*$/;
const TAX_ID_MSG = "La cédula o NIT solo admite números, puntos y guiones";
const hasDigit = (text: string) => /\d/.test(text);

function phoneText(message: string) {
  return z
    .string({ error: message })
    .check(
      z.maxLength(40, { error: "Máximo 40 caracteres" }),
      z.regex(PHONE_PATTERN, { error: PHONE_MSG }),
      z.refine(hasDigit, { error: PHONE_MSG }),
    );
}

export function requiredPhoneLike(message: string) {
  return preprocess(phoneLikeToText, phoneText(message));
}

export function optionalPhoneLike() {
  return preprocess(phoneLikeToText, z.optional(phoneText("Debe ser un texto o un número")));
}

/** A required cédula or NIT: text or number, digits with dots or dashes. */
export function requiredTaxId(message: string) {
  return preprocess(
    phoneLikeToText,
    z
      .string({ error: message })
      .check(
        z.maxLength(40, { error: "Máximo 40 caracteres" }),
        z.regex(TAX_ID_PATTERN, { error: TAX_ID_MSG }),
        z.refine(hasDigit, { error: TAX_ID_MSG }),
      ),
  );
}

/** A required id in a body ('3' or 3). */
export function requiredId(message: string) {
  return preprocess(
    (value: IdInput) => integerFromText(value),
    z.number({ error: message }).check(z.int({ error: message }), z.positive({ error: message })),
  );
}

/** A flag in a body; absent means false (an unchecked checkbox is not sent). */
export function bodyFlag(message = "El valor debe ser 1 o 0") {
  return preprocess(
    (value: FlagInput | null | undefined) => (value === undefined || value === null ? false : flagToBoolean(value)),
    // The default never fires (absent is already false); it makes the key optional for senders.
    z._default(z.boolean({ error: message }), false),
  );
}

/** A whole number in a body ('2' or 2). */
export function wholeNumber(message: string, min: number, max: number) {
  return preprocess(
    (value: NumberInput) => integerFromText(value),
    z
      .number({ error: message })
      .check(z.int({ error: message }), z.gte(min, { error: message }), z.lte(max, { error: message })),
  );
}

/** A whole number in a body that defaults to 0 when absent (traveller counts). */
export function countOrZero(message: string, max: number) {
  return preprocess(
    (value: NumberInput | null | undefined) => (value === undefined || value === null ? 0 : integerFromText(value)),
    z._default(
      z
        .number({ error: message })
        .check(z.int({ error: message }), z.gte(0, { error: message }), z.lte(max, { error: message })),
      0,
    ),
  );
}

export { integerFromText, decimalFromText };
