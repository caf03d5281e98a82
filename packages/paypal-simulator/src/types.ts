/** PayPal amounts travel as strings with two decimals ("12.50"). */
interface PaypalAmount {
  currency_code: string;
  value: string;
}

/** A JSON body as the simulator answers it (PayPal's field names). */
export type PaypalJson = Record<string, unknown>;

export type SimulatorMode = "ok" | "decline" | "fail500" | "hang" | "nolinks";

export const MODES: readonly SimulatorMode[] = ["ok", "decline", "fail500", "hang", "nolinks"];

export type WebhookEventType = "CHECKOUT.ORDER.APPROVED" | "PAYMENT.CAPTURE.COMPLETED";

export interface SimulatorLog {
  info: (...a: unknown[]) => void;
  warn: (...a: unknown[]) => void;
}

export interface SimulatorOptions {
  port: number;
  host?: string;
  log?: SimulatorLog;
  /** Where to POST signed webhooks (CHECKOUT.ORDER.APPROVED on approval, PAYMENT.CAPTURE.COMPLETED on capture). */
  webhookUrl?: string;
  /** The webhook id signatures are bound to; the API must be configured with the same (PAYPAL_WEBHOOK_ID). */
  webhookId?: string;
  clientId?: string;
  clientSecret?: string;
}

export interface SignedWebhook {
  headers: Record<string, string>;
  body: string;
}

export interface SimulatorRefund {
  id: string;
  status: string;
  amount: PaypalAmount;
  note_to_payer?: string;
  create_time: string;
  update_time: string;
}

/** A capture and the refunds made against it (PayPal lists them on the capture's order). */
export interface SimulatorCapture {
  id: string;
  status: "COMPLETED" | "PARTIALLY_REFUNDED" | "REFUNDED";
  amount: PaypalAmount;
  refunds: SimulatorRefund[];
}

export interface SimulatorOrder {
  id: string;
  status: "CREATED" | "APPROVED" | "COMPLETED" | "VOIDED";
  amount: PaypalAmount;
  referenceId: string | undefined;
  description: string;
  returnUrl: string;
  cancelUrl: string;
  payerId: string | null;
  captures: SimulatorCapture[];
  createTime: string;
}

export interface SimulatorControl {
  /**
   * ok: behave; decline: captures fail with INSTRUMENT_DECLINED; fail500: order calls answer 500; hang: never
   * answer; nolinks: a created order is answered with its `self` link only (nothing the buyer can approve).
   */
  setMode(mode: SimulatorMode, opts?: { captureAmountOverride?: string | null }): void;
  readonly mode: SimulatorMode;
  /** Successful captures performed (replays of a PayPal-Request-Id do not count). */
  readonly captureCount: number;
  readonly createCount: number;
  /** Refunds made (replays of a PayPal-Request-Id do not count). */
  readonly refundCount: number;
  order(id: string): SimulatorOrder | undefined;
  /** A capture by its id, with its refunds. */
  capture(id: string): SimulatorCapture | undefined;
  /**
   * Makes every refund request answer 422 UNPROCESSABLE_ENTITY with this issue (as PayPal names it, e.g.
   * REFUND_FAILED_INSUFFICIENT_FUNDS); null refunds again. `reset()` clears it.
   */
  refuseRefunds(issue: string | null): void;
  /** What pressing "Pagar" does, without a browser. */
  approve(orderId: string): SimulatorOrder;
  /** A webhook event signed the way this simulator's verify-webhook-signature accepts. */
  signWebhook(event: unknown, opts?: { webhookId?: string }): SignedWebhook;
  /** Sign and POST an event to a URL (default: the configured webhookUrl); resolves to the HTTP status. */
  sendWebhook(event: unknown, url?: string): Promise<number>;
  /** Builds the event PayPal sends for an order (CHECKOUT.ORDER.APPROVED) or its capture (PAYMENT.CAPTURE.COMPLETED). */
  eventFor(type: WebhookEventType, orderId: string): PaypalJson;
  reset(): void;
}

export interface RunningSimulator {
  url: string;
  close(): Promise<void>;
  control: SimulatorControl;
}
