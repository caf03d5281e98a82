import type { IncomingMessage } from "node:http";
import { centsToDecimalString, toCents } from "@tours/domain";
import { HttpAnswer, methodNotSupported, notFound, paypalError, readJson, requestId } from "./http.ts";
import { captureView, findCapture, findRefund, paypalId, refundView, type SimulatorState } from "./state.ts";
import type { SimulatorRefund } from "./types.ts";

/** Payments v2: a capture, its refunds, and refunding it. */

/** PayPal's messages for the refusals a test may ask for (developer.paypal.com/api/payments/v2/errors). */
const REFUSAL_MESSAGES: Record<string, string> = {
  REFUND_FAILED_INSUFFICIENT_FUNDS: "Refund cannot be processed due to insufficient funds.",
  REFUND_NOT_ALLOWED: "Capture cannot be refunded.",
  REFUND_FAILED_BY_PAYMENT_SOURCE: "Refund was refused by the payment source.",
  REFUND_TIME_LIMIT_EXCEEDED: "You are over the time limit to perform a refund on this capture.",
  TRANSACTION_DISPUTED: "Partial refunds cannot be offered at this time because there is an open case on this transaction.",
};

function refusalMessage(issue: string): string {
  return REFUSAL_MESSAGES[issue] ?? "The requested action could not be performed, semantically incorrect, or failed business validation.";
}

/**
 * POST /v2/payments/captures/{id}/refund as PayPal answers it: the amount (default: what is left) in the capture's
 * currency, at most what was captured minus what was refunded; 422 with PayPal's issue names otherwise.
 */
export function refundCapture(state: SimulatorState, req: IncomingMessage, id: string, body: Record<string, unknown>): HttpAnswer {
  const rid = requestId(req);
  const replay = rid ? state.refundReplies.get(rid) : undefined;
  if (replay) return new HttpAnswer(201, replay);
  const found = findCapture(state, id);
  if (!found) return notFound();
  const { capture } = found;
  const capturedCents = toCents(capture.amount.value);
  const refundedCents = capture.refunds.reduce((sum, r) => sum + toCents(r.amount.value), 0);
  const left = capturedCents - refundedCents;
  const amount = body.amount as { currency_code?: unknown; value?: unknown } | undefined;
  if (amount !== undefined && (typeof amount?.currency_code !== "string" || typeof amount.value !== "string")) {
    return paypalError(400, "INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER", "A required field / parameter is missing.");
  }
  if (amount && !/^-?\d+(\.\d{1,2})?$/.test(amount.value as string)) {
    return paypalError(422, "UNPROCESSABLE_ENTITY", "DECIMAL_PRECISION", "If the currency supports decimals, only two decimal place precision is supported.");
  }
  if (amount && amount.currency_code !== capture.amount.currency_code) {
    return paypalError(422, "UNPROCESSABLE_ENTITY", "REFUND_CAPTURE_CURRENCY_MISMATCH", "Refund must be in the same currency as the capture.");
  }
  const cents = amount ? toCents(amount.value as string) : left;
  if (amount && cents <= 0) return paypalError(422, "UNPROCESSABLE_ENTITY", "CANNOT_BE_ZERO_OR_NEGATIVE", "Must be greater than zero.");
  if (left <= 0) return paypalError(422, "UNPROCESSABLE_ENTITY", "CAPTURE_FULLY_REFUNDED", "The capture has already been fully refunded.");
  if (cents > left) {
    return paypalError(422, "UNPROCESSABLE_ENTITY", "REFUND_AMOUNT_EXCEEDED", "The refund amount must be less than or equal to the capture amount that has not yet been refunded.");
  }
  if (state.refundRefusal) return paypalError(422, "UNPROCESSABLE_ENTITY", state.refundRefusal, refusalMessage(state.refundRefusal));
  const now = new Date().toISOString();
  const refund: SimulatorRefund = {
    id: paypalId(),
    status: "COMPLETED",
    amount: { currency_code: capture.amount.currency_code, value: centsToDecimalString(cents) },
    ...(typeof body.note_to_payer === "string" ? { note_to_payer: body.note_to_payer.slice(0, 255) } : {}),
    create_time: now,
    update_time: now,
  };
  capture.refunds.push(refund);
  capture.status = cents === left ? "REFUNDED" : "PARTIALLY_REFUNDED";
  state.refundCount++;
  const view = refundView(state, refund, capture.id);
  if (rid) state.refundReplies.set(rid, view);
  return new HttpAnswer(201, view);
}

/** /v2/payments/captures/{id}[/refund] and /v2/payments/refunds/{id}: what the path and method ask for. */
export async function paymentsRoute(
  state: SimulatorState,
  req: IncomingMessage,
  route: { kind: "captures" | "refunds"; id: string; refund: boolean },
): Promise<HttpAnswer> {
  const method = req.method ?? "GET";
  if (route.kind === "captures" && route.refund && method === "POST") return refundCapture(state, req, route.id, await readJson(req));
  if (route.kind === "captures" && !route.refund && method === "GET") {
    const found = findCapture(state, route.id);
    return found ? new HttpAnswer(200, captureView(state, found.capture)) : notFound();
  }
  if (route.kind === "refunds" && !route.refund && method === "GET") {
    const found = findRefund(state, route.id);
    return found ? new HttpAnswer(200, refundView(state, found.refund, found.capture.id)) : notFound();
  }
  return methodNotSupported();
}
