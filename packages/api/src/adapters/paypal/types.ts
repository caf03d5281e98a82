import type { CURRENCY } from "@tours/domain";

/** PayPal Orders v2, only the parts we use. Amounts travel as strings with two decimals ("12.50"). */
export interface PaypalLink { href: string; rel: string; method: string }
export interface PaypalOrder {
  id: string;
  status: string; // CREATED | APPROVED | COMPLETED | VOIDED | PAYER_ACTION_REQUIRED
  links: PaypalLink[];
  purchase_units?: Array<{
    reference_id?: string;
    description?: string;
    amount?: { currency_code: string; value: string };
    payments?: { captures?: PaypalCapture[]; refunds?: PaypalRefund[] };
  }>;
}
export interface PaypalCapture { id: string; status: string; amount: { currency_code: string; value: string } }
/** Payments v2 refund. status: COMPLETED | PENDING | CANCELLED | FAILED. */
export interface PaypalRefund {
  id: string;
  status: string;
  amount?: { currency_code: string; value: string };
  status_details?: { reason?: string };
  note_to_payer?: string;
  create_time?: string;
}

export interface RefundInput {
  /** Stable per refund: a retry with the same id is answered with the first refund, never a second one. */
  requestId: string;
  amountCents: number;
  /** The captured order's currency. */
  currency: typeof CURRENCY;
  /** Shown to the payer by PayPal (≤ 255 characters). */
  noteToPayer?: string;
}

/** A webhook event as PayPal posts it; only the fields we read. */
export interface PaypalWebhookEvent {
  id: string;
  event_type: string;
  resource_type?: string;
  resource?: {
    id?: string;
    status?: string;
    amount?: { currency_code: string; value: string };
    supplementary_data?: { related_ids?: { order_id?: string } };
  };
}

export interface CreatePaymentInput {
  /** Stable per order: PayPal-Request-Id, so a retried create never makes a second PayPal order. */
  requestId: string;
  referenceId: string;
  totalCents: number;
  currency: typeof CURRENCY;
  description: string;
  returnUrl: string;
  cancelUrl: string;
}

/** The payment provider as the orders module sees it: real PayPal or the local simulator (same HTTP API). */
export interface PaymentProvider {
  createOrder(input: CreatePaymentInput): Promise<PaypalOrder>;
  getOrder(paypalOrderId: string): Promise<PaypalOrder>;
  /** requestId makes the capture idempotent at PayPal (replays answer the first capture). */
  captureOrder(paypalOrderId: string, requestId: string): Promise<PaypalOrder>;
  /** Payments v2: refunds (part of) a capture; idempotent by `input.requestId`. */
  refundCapture(captureId: string, input: RefundInput): Promise<PaypalRefund>;
  /**
   * PayPal's verify-webhook-signature. `rawBody`, when given, is sent as the event byte for byte (re-serialising a
   * parsed event can change it and fail the check).
   */
  verifyWebhookSignature(headers: Record<string, string | undefined>, event: unknown, rawBody?: string): Promise<boolean>;
}
