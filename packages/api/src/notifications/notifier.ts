import type { AlertNotifier } from "../mail/alerts.ts";
/**
 * What the booking modules tell the outside world after a change (issue 9): e-mails and scheduled reminders.
 * The orders and self-service modules call these; the mail module implements them on the job queue. Every method
 * must be safe to call twice for the same event (two confirmations of one payment, a retried request): the
 * implementation, not the caller, makes each message go out once.
 */
export interface Notifier extends AlertNotifier {
  /** An order has just become paid (PayPal capture completed): confirmation + voucher, staff e-mail, reminders. */
  orderPaid(orderId: number): Promise<void>;
  /** Lines of a paid order were cancelled (by the buyer in "Mi reserva" or by staff), with the refund if any. */
  orderCancelled(event: { orderId: number; lineIds: number[]; refundId: number | null; porStaff: boolean }): Promise<void>;
  /**
   * Lines of a paid booking moved to another date (cambio-de-fecha.ts): staff get an e-mail. `clave` names this
   * change (e.g. the lines and their new departures), so the same change reported twice sends one e-mail.
   */
  bookingChanged(event: { orderId: number; lineIds: number[]; clave: string }): Promise<void>;
  /** A line moved to another departure (a date change): a new confirmation with the new voucher and .ics. */
  dateChanged(event: { orderId: number; lineId: number; dateChangeId: number }): Promise<void>;
}

/** For apps built without e-mail (most API tests): nothing is sent. */
export const silentNotifier: Notifier = {
  async orderPaid() {},
  async orderCancelled() {},
  async bookingChanged() {},
  async dateChanged() {},
  async pinLocked() {},
  async loginLocked() {},
};
