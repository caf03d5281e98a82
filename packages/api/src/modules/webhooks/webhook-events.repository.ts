import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { paypalWebhookEvent } from "../compra/compra.table.ts";

/**
 * PayPal's webhook events already handled (de-duplication by event id): the only place that reads or writes
 * paypal_webhook_event.
 */
export function createWebhookEventsRepository(db: Db) {
  return {
    /** True when this webhook event id was already handled. */
    async seen(eventId: string): Promise<boolean> {
      const [row] = await db.select({ id: paypalWebhookEvent.id }).from(paypalWebhookEvent).where(eq(paypalWebhookEvent.id, eventId));
      return !!row;
    },

    /** Records a handled event; false when another delivery recorded it first. */
    async record(eventId: string, type: string): Promise<boolean> {
      const rows = await db
        .insert(paypalWebhookEvent)
        .values({ id: eventId, type })
        .onConflictDoNothing()
        .returning({ id: paypalWebhookEvent.id });
      return rows.length > 0;
    },
  };
}

export type WebhookEventsRepository = ReturnType<typeof createWebhookEventsRepository>;
