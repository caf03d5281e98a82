/**
 * The state of an order as staff, the buyer and the e-mails are told it (docs/decisions/0015). The API derives it
 * in SQL from the stored lifecycle (`pedido.estado`), the hold's clock and the refunds
 * (packages/api/src/modules/compra/order-state.ts); these are its values and their Spanish words.
 */
export const ORDER_STATES = [
  "pendiente",
  "pagado",
  "parcialmente_reembolsado",
  "reembolsado",
  "cancelado",
  "expirado",
  "fallido",
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const ORDER_STATE_LABELS_ES: Readonly<Record<OrderState, string>> = {
  pendiente: "Pendiente",
  pagado: "Pagado",
  parcialmente_reembolsado: "Parcialmente reembolsado",
  reembolsado: "Reembolsado",
  cancelado: "Cancelado",
  expirado: "Expirado",
  fallido: "Pago fallido",
};

/** "Parcialmente reembolsado"; an unknown value is shown as it came. */
export function orderStateLabel(state: string): string {
  return (ORDER_STATE_LABELS_ES as Record<string, string>)[state] ?? state;
}
