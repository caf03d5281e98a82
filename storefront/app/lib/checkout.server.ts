import { CompraCreateBody, type CompraCreateBodyInput, type PaymentOrder } from "@tours/contract";
import { cartTotalCents, fromCents, hasTravellers } from "@tours/domain";
import { apiFieldErrors, issuesToFieldErrors, type FieldErrors } from "~/components/booking/forms.server";
import { api, logLoadFailure } from "./api.server";
import type { CartItem } from "./cart.server";
import { holdOfOrder, type PendingHold } from "./hold.server";

/** The contact form of /shop (spec §5): Teléfono 2 and Comentario are the optional ones. */
export const CHECKOUT_FIELDS = [
  "nombre",
  "apellido",
  "nit",
  "email",
  "telefono",
  "telefonoRespaldo",
  "direccion",
  "comentario",
] as const;
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];
export type CheckoutValues = Record<CheckoutField, string>;

/** Refusal of "Ir a pagar" while a tour has nobody on it (the API would refuse the order too). */
export const NEED_TRAVELERS = "Agrega al menos un viajero a cada tour del carrito antes de pagar";
/** What a checkout with missing or mistyped fields is told (each field says what is wrong next to it). */
export const FIX_FIELDS = "Faltan datos o hay datos por corregir: revisa los campos marcados";
const NIT_DIGITS = "La cédula o NIT debe contener solo números";

export type CheckoutOutcome =
  | { kind: "approve"; url: string; hold: PendingHold | null }
  /** A gift card paid the whole order (decision 0024): no PayPal, the booking is paid; its reference and PIN open Mi reserva. */
  | { kind: "paid"; referencia: string; pin: string }
  | { kind: "invalid"; errors: FieldErrors; messages: string[] }
  | { kind: "no-link" }
  | { kind: "error"; errors: FieldErrors; messages: string[] };

/** Where the buyer approves the payment: by rel when the provider names it, else the contract's links[1]. */
export function approvalLink(order: PaymentOrder): string | null {
  const byRel = order.links.find((l) => l.rel === "approve" || l.rel === "payer-action");
  const href = byRel?.href ?? order.links[1]?.href;
  return href && /^https?:\/\//i.test(href) ? href : null;
}

export function orderBody(items: CartItem[], values: CheckoutValues, codigo: string | null = null, tarjeta: string | null = null): CompraCreateBodyInput {
  return {
    pedidos: items.map((item) => ({ ...item })),
    nombre: values.nombre,
    apellido: values.apellido,
    email: values.email,
    telefono: values.telefono,
    telefonoRespaldo: values.telefonoRespaldo || undefined,
    direccion: values.direccion,
    comentario: values.comentario || undefined,
    nit: values.nit,
    // Informative only: the API prices the order from its catalogue with the same domain rule.
    valor_total: fromCents(cartTotalCents(items)),
    // the API checks the code and takes its discount off, under the hold (decision 0021)
    ...(codigo ? { codigo } : {}),
    // a gift card pays what its balance covers, PayPal the rest (decision 0024)
    ...(tarjeta ? { tarjeta } : {}),
  };
}

/**
 * Checks the contact form and the cart, asks the API to create the order (it re-prices everything) and returns
 * where to send the buyer. Field paths of the answer are the form's field names.
 */
export async function placeOrder(
  items: CartItem[],
  values: CheckoutValues,
  /** Runs once the form is valid, right before the order is created (the cart's previous order is released). */
  beforeCreate?: () => Promise<void>,
  /** The cart's discount code, if any. */
  codigo: string | null = null,
  /** The cart's gift card code, if any. */
  tarjeta: string | null = null,
): Promise<CheckoutOutcome> {
  if (items.length === 0) return { kind: "invalid", errors: {}, messages: ["El carrito está vacío"] };
  if (items.some((item) => !hasTravellers(item))) return { kind: "invalid", errors: {}, messages: [NEED_TRAVELERS] };

  const body = orderBody(items, values, codigo, tarjeta);
  const parsed = CompraCreateBody.safeParse(body);
  const errors = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
  // the storefront asks for digits only (a cédula or a NIT without its separators), with its own message
  if (values.nit && !/^\d+$/.test(values.nit)) errors.nit = NIT_DIGITS;
  if (Object.keys(errors).length > 0) {
    const messages = Object.entries(errors)
      .filter(([path]) => !(CHECKOUT_FIELDS as readonly string[]).includes(path))
      .map(([, msg]) => msg);
    return { kind: "invalid", errors, messages };
  }

  try {
    await beforeCreate?.();
    const answer = await api().compra.create(body);
    const { pagado, referencia, pin } = answer.succes;
    if (pagado && referencia && pin) return { kind: "paid", referencia, pin };
    const url = approvalLink(answer.succes);
    return url ? { kind: "approve", url, hold: holdOfOrder(answer.succes, url, items) } : { kind: "no-link" };
  } catch (error) {
    logLoadFailure("la creación del pedido", error);
    const { fields, messages } = apiFieldErrors(error);
    // the cart's own refusals (a departure sold out or closed meanwhile) are not form fields: say them aloud
    const cartMessages = Object.entries(fields)
      .filter(([path]) => !(CHECKOUT_FIELDS as readonly string[]).includes(path))
      .map(([, msg]) => msg);
    return { kind: "error", errors: fields, messages: [...messages, ...cartMessages] };
  }
}
