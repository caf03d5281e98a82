import { z } from "zod";

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
export const IdSchema = z.preprocess(integerFromText, z.number().int().nonnegative());

/** A number that may arrive as decimal text. */
export const NumberLikeSchema = z.preprocess(decimalFromText, z.number());

/** 0|1 as the upstream returns it; booleans and '0'/'1' are normalised to 0|1. */
export const Flag01Schema = z.preprocess((value) => {
  const flag = flagToBoolean(value);
  return typeof flag === "boolean" ? (flag ? 1 : 0) : flag;
}, z.union([z.literal(0), z.literal(1)]));

/** A JSON boolean (weekday flags, order status); 0/1 tolerated. */
export const BooleanLikeSchema = z.preprocess(flagToBoolean, z.boolean());

/** ISO 8601 timestamp; a Date (server side, before serialisation) becomes its ISO text. */
export const TimestampSchema = z.preprocess(
  (value: string | Date) => (value instanceof Date ? value.toISOString() : value),
  z.string(),
);

/** Free text that the upstream may leave null. */
export const OptionalTextSchema = z.string().nullable().optional();

/** "HH:MM" or "HH:MM:SS" (PostgreSQL `time` columns answer with seconds). */
export const HORA_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

// ---------------------------------------------------------------------------------------------------------
// Body side (accepting, Spanish messages)

/** Required text, trimmed; missing, wrong type and blank all answer `message`. */
export function requiredText(message: string, max = 255) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: `Máximo ${max} caracteres` });
}

/** What clients may send for a flag, an id, a number or a phone. */
export type FlagInput = boolean | number | string;
export type IdInput = number | string;
export type NumberInput = number | string;
export type PhoneInput = number | string;

/** Optional text: absent or null become undefined; numbers become text (telefono from older clients). */
export function optionalText(max = 65_535) {
  return z.preprocess(
    (value: string | number | null | undefined) =>
      value === null ? undefined : typeof value === "number" ? String(value) : value,
    z.string({ error: "Debe ser un texto" }).max(max, { error: `Máximo ${max} caracteres` }).optional(),
  );
}

/** Required e-mail, trimmed. */
export function requiredEmail() {
  return z
    .string({ error: "El correo electrónico es obligatorio" })
    .trim()
    .min(1, { error: "El correo electrónico es obligatorio", abort: true })
    .pipe(z.email({ error: "El correo electrónico no es válido" }));
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
    .max(40, { error: "Máximo 40 caracteres" })
    .regex(PHONE_PATTERN, { error: PHONE_MSG })
    .refine(hasDigit, { error: PHONE_MSG });
}

export function requiredPhoneLike(message: string) {
  return z.preprocess(phoneLikeToText, phoneText(message));
}

export function optionalPhoneLike() {
  return z.preprocess(phoneLikeToText, phoneText("Debe ser un texto o un número").optional());
}

/** A required cédula or NIT: text or number, digits with dots or dashes. */
export function requiredTaxId(message: string) {
  return z.preprocess(
    phoneLikeToText,
    z
      .string({ error: message })
      .max(40, { error: "Máximo 40 caracteres" })
      .regex(TAX_ID_PATTERN, { error: TAX_ID_MSG })
      .refine(hasDigit, { error: TAX_ID_MSG }),
  );
}

/** A required id in a body ('3' or 3). */
export function requiredId(message: string) {
  return z.preprocess(
    (value: IdInput) => integerFromText(value),
    z.number({ error: message }).int({ error: message }).positive({ error: message }),
  );
}

/** A flag in a body; absent means false (an unchecked checkbox is not sent). */
export function bodyFlag(message = "El valor debe ser 1 o 0") {
  return z.preprocess(
    (value: FlagInput | null | undefined) => (value === undefined || value === null ? false : flagToBoolean(value)),
    // The default never fires (absent is already false); it makes the key optional for senders.
    z.boolean({ error: message }).default(false),
  );
}

/** A whole number in a body ('2' or 2). */
export function wholeNumber(message: string, min: number, max: number) {
  return z.preprocess(
    (value: NumberInput) => integerFromText(value),
    z
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: message })
      .max(max, { error: message }),
  );
}

/** A whole number in a body that defaults to 0 when absent (traveller counts). */
export function countOrZero(message: string, max: number) {
  return z.preprocess(
    (value: NumberInput | null | undefined) => (value === undefined || value === null ? 0 : integerFromText(value)),
    z
      .number({ error: message })
      .int({ error: message })
      .min(0, { error: message })
      .max(max, { error: message })
      .default(0),
  );
}

export { integerFromText, decimalFromText };
