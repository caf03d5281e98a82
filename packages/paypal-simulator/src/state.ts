import { randomBytes } from "node:crypto";
import type { PaypalJson, SimulatorCapture, SimulatorMode, SimulatorOrder, SimulatorRefund } from "./types.ts";

/** Everything one simulator remembers, in memory: it plays the part of PayPal, not of our system of record. */
export interface SimulatorState {
  /** http://host:port, set once listening; every link the simulator answers starts with it. */
  baseUrl: string;
  mode: SimulatorMode;
  captureAmountOverride: string | null;
  captureCount: number;
  createCount: number;
  refundCount: number;
  /** PayPal's issue name every refund is refused with, when a test asks for it. */
  refundRefusal: string | null;
  orders: Map<string, SimulatorOrder>;
  /** OAuth access tokens handed out. */
  tokens: Set<string>;
  // PayPal-Request-Id → the first successful answer, replayed as is
  createReplies: Map<string, string>;
  captureReplies: Map<string, PaypalJson>;
  refundReplies: Map<string, PaypalJson>;
}

export function newState(): SimulatorState {
  return {
    baseUrl: "",
    mode: "ok",
    captureAmountOverride: null,
    captureCount: 0,
    createCount: 0,
    refundCount: 0,
    refundRefusal: null,
    orders: new Map(),
    tokens: new Set(),
    createReplies: new Map(),
    captureReplies: new Map(),
    refundReplies: new Map(),
  };
}

/** An id in PayPal's shape (17 upper-case letters and digits). */
export function paypalId(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789";
  return Array.from(randomBytes(17), (b) => alphabet[b % alphabet.length]).join("");
}

export function findCapture(state: SimulatorState, id: string): { order: SimulatorOrder; capture: SimulatorCapture } | undefined {
  for (const order of state.orders.values()) {
    const capture = order.captures.find((c) => c.id === id);
    if (capture) return { order, capture };
  }
  return undefined;
}

export function findRefund(state: SimulatorState, id: string): { capture: SimulatorCapture; refund: SimulatorRefund } | undefined {
  for (const order of state.orders.values()) {
    for (const capture of order.captures) {
      const refund = capture.refunds.find((r) => r.id === id);
      if (refund) return { capture, refund };
    }
  }
  return undefined;
}

export function captureView(state: SimulatorState, c: SimulatorCapture): PaypalJson {
  const { refunds: _refunds, ...capture } = c;
  return {
    ...capture,
    amount: { ...c.amount },
    links: [
      { href: `${state.baseUrl}/v2/payments/captures/${c.id}`, rel: "self", method: "GET" },
      { href: `${state.baseUrl}/v2/payments/captures/${c.id}/refund`, rel: "refund", method: "POST" },
    ],
  };
}

export function refundView(state: SimulatorState, r: SimulatorRefund, captureId: string): PaypalJson {
  return {
    ...r,
    amount: { ...r.amount },
    links: [
      { href: `${state.baseUrl}/v2/payments/refunds/${r.id}`, rel: "self", method: "GET" },
      { href: `${state.baseUrl}/v2/payments/captures/${captureId}`, rel: "up", method: "GET" },
    ],
  };
}

export function orderView(state: SimulatorState, o: SimulatorOrder, opts?: { selfLinkOnly?: boolean }): PaypalJson {
  const self = `${state.baseUrl}/v2/checkout/orders/${o.id}`;
  return {
    id: o.id,
    intent: "CAPTURE",
    status: o.status,
    create_time: o.createTime,
    purchase_units: [
      {
        reference_id: o.referenceId,
        description: o.description,
        amount: { ...o.amount },
        ...(o.captures.length
          ? {
              payments: {
                captures: o.captures.map((c) => captureView(state, c)),
                ...(o.captures.some((c) => c.refunds.length)
                  ? { refunds: o.captures.flatMap((c) => c.refunds.map((r) => refundView(state, r, c.id))) }
                  : {}),
              },
            }
          : {}),
      },
    ],
    ...(o.payerId ? { payer: { payer_id: o.payerId, email_address: "comprador@example.com" } } : {}),
    links: opts?.selfLinkOnly
      ? [{ href: self, rel: "self", method: "GET" }]
      : [
          { href: self, rel: "self", method: "GET" },
          { href: `${state.baseUrl}/checkoutnow?token=${o.id}`, rel: "approve", method: "GET" },
          { href: self, rel: "update", method: "PATCH" },
          { href: `${self}/capture`, rel: "capture", method: "POST" },
        ],
  };
}
