import { json } from "@remix-run/node";
import { TarjetaCompraBody, isApiError, type TarjetaCompraBody as CompraBody } from "@tours/contract";
import { formatUSD, normalizeTarjetaCodigo, toCents } from "@tours/domain";
import { apiFieldErrors, issuesToFieldErrors, type FieldErrors } from "~/components/booking/forms.server";
import { api, logLoadFailure } from "./api.server";
import { commitCard } from "./cart.server";
import { approvalLink } from "./checkout.server";
import { CARD_MSG, montoConflict, parseMonto, type CompraValues, type Saldo } from "./gift-card";
import { jsonWithSuccess, redirectWithSuccess } from "./toast.server";

/**
 * Gift cards against the API (issue 25, decision 0024): a card's balance (the balance page and the cart's
 * "¿Tienes una tarjeta regalo?"), the cart's card kept in its cookie, and buying a card through PayPal.
 */

export type SaldoOutcome = { ok: true; codigo: string; saldo: Saldo } | { ok: false; message: string };

/** The API's own Spanish words for a refusal (400/404 the code, 429 too many checks); null for any other failure. */
function refusalMessage(error: unknown, field: string): string | null {
  if (!isApiError(error) || error.status < 400 || error.status >= 500 || error.status === 408) return null;
  const { fields, messages } = apiFieldErrors(error);
  return fields[field] ?? messages[0] ?? error.messages[0] ?? null;
}

/**
 * A card's balance by its code as typed. A code that cannot be one (the domain's alphabet and length) is refused
 * here, without spending one of the address's checks per hour.
 */
export async function consultarSaldo(typed: string): Promise<SaldoOutcome> {
  if (!typed.trim()) return { ok: false, message: CARD_MSG.empty };
  const codigo = normalizeTarjetaCodigo(typed);
  if (!codigo) return { ok: false, message: CARD_MSG.unknown };
  try {
    const { succes } = await api().call("tarjetaSaldo", { body: { codigo } });
    return { ok: true, codigo, saldo: succes };
  } catch (error) {
    const message = refusalMessage(error, "codigo");
    if (message) return { ok: false, message };
    logLoadFailure("el saldo de una tarjeta regalo", error);
    return { ok: false, message: CARD_MSG.unavailable };
  }
}

/** What the card form's post answers on the same page (JavaScript or not): why the card was refused. */
export interface CardRefusal {
  kind: "card";
  message: string;
  value: string;
}

/**
 * "¿Tienes una tarjeta regalo?" posted (intent `tarjeta`, or `tarjeta-quitar` to forget it). A card with a balance
 * is kept in the cart's cookie with that balance (the cart shows its part from it without asking again: checks are
 * limited per hour); an expired, empty or unknown one is answered on the page with the reason.
 */
export async function cardAction(request: Request, form: FormData, withJs: boolean, noStore: HeadersInit): Promise<Response> {
  if (form.get("intent") === "tarjeta-quitar") {
    const headers = { "Set-Cookie": await commitCard(request, null), ...noStore };
    return withJs ? jsonWithSuccess({ ok: true }, CARD_MSG.removed, { headers }) : redirectWithSuccess("/shop", CARD_MSG.removed, { headers });
  }
  const typed = String(form.get("tarjeta") ?? "").trim().slice(0, 40);
  const refuse = (message: string) => json<CardRefusal>({ kind: "card", message, value: typed }, { headers: noStore });
  const outcome = await consultarSaldo(typed);
  if (!outcome.ok) return refuse(outcome.message);
  const { saldo } = outcome;
  if (saldo.vencida) return refuse(CARD_MSG.expired(saldo.vence_el));
  const cents = toCents(saldo.saldo);
  if (cents <= 0) return refuse(CARD_MSG.noBalance);
  const headers = { "Set-Cookie": await commitCard(request, { codigo: outcome.codigo, saldo: cents, vence_el: saldo.vence_el }), ...noStore };
  const message = CARD_MSG.applied(saldo.codigo_final);
  return withJs ? jsonWithSuccess({ ok: true }, message, { headers }) : redirectWithSuccess("/shop", message, { headers });
}

// --- buying a card ------------------------------------------------------------------------------------------

const NOT_A_NUMBER = "Escribe el valor en números, por ejemplo 75 o 75.50";
const PURCHASE_FAILED = "No pudimos iniciar el pago de la tarjeta regalo; intenta de nuevo en unos minutos";
const NO_LINK = "PayPal no nos dio el enlace de pago; intenta de nuevo en unos minutos";

/** The form's values as the API's body (the amount read from the radio or "Otro valor"). */
export function compraBody(values: CompraValues): Record<keyof CompraBody, unknown> {
  return {
    monto: parseMonto(values.monto, values.monto_otro),
    comprador_nombre: values.comprador_nombre,
    comprador_email: values.comprador_email,
    destinatario_nombre: values.destinatario_nombre,
    destinatario_email: values.destinatario_email,
    mensaje: values.mensaje || undefined,
  };
}

export type CompraOutcome = { kind: "approve"; url: string } | { kind: "invalid"; errors: FieldErrors; messages: string[] };

/**
 * Checks the purchase form with the contract's schema (the same Spanish words as the API), then asks the API for
 * the card's PayPal order and answers where the buyer approves it.
 */
export async function comprarTarjeta(values: CompraValues): Promise<CompraOutcome> {
  const body = compraBody(values);
  const parsed = TarjetaCompraBody.safeParse(body);
  const conflict = montoConflict(values.monto, values.monto_otro);
  if (!parsed.success || Number.isNaN(body.monto) || conflict) {
    const errors = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
    if (Number.isNaN(body.monto)) errors.monto = NOT_A_NUMBER;
    if (conflict) errors.monto = conflict;
    return { kind: "invalid", errors, messages: [] };
  }
  try {
    const answer = await api().call("tarjetaComprar", { body: parsed.data });
    const url = approvalLink(answer.succes);
    return url ? { kind: "approve", url } : { kind: "invalid", errors: {}, messages: [NO_LINK] };
  } catch (error) {
    logLoadFailure("la compra de una tarjeta regalo", error);
    const { fields, messages } = apiFieldErrors(error);
    const named = Object.keys(fields).length > 0 || messages.length > 0;
    return { kind: "invalid", errors: fields, messages: named ? messages : [PURCHASE_FAILED] };
  }
}

export type Confirmacion =
  | { ok: true; importe: string; final: string; venceEl: string; destinatario: string; email: string }
  | { ok: false; message: string };

const CONFIRM_FAILED = "No pudimos confirmar el pago de la tarjeta regalo en este momento. Recarga la página en unos minutos.";
const NO_TOKEN = "Esta dirección no trae el pago de una tarjeta regalo.";

/** Back from PayPal: the card's payment captured (once; the API is idempotent) and who it went to, or why not. */
export async function confirmarTarjeta(token: string | null | undefined): Promise<Confirmacion> {
  if (!token) return { ok: false, message: NO_TOKEN };
  try {
    const { succes } = await api().call("tarjetaConfirmar", { body: { token } });
    return {
      ok: true,
      importe: formatUSD(toCents(succes.importe)),
      final: succes.codigo_final,
      venceEl: succes.vence_el,
      destinatario: succes.destinatario_nombre,
      email: succes.destinatario_email,
    };
  } catch (error) {
    logLoadFailure(`la confirmación de la tarjeta regalo ${token}`, error);
    const status = isApiError(error) ? error.status : 0;
    // 404 unknown order, 409 not approved or refused, 502 PayPal failed: the API's Spanish words
    const said = isApiError(error) && [400, 404, 409, 502].includes(status) ? error.messages[0] : undefined;
    return { ok: false, message: said ?? CONFIRM_FAILED };
  }
}
