import { parseDepartureKey } from "@tours/domain";
import { OPTION_ID } from "./octo.mapping.ts";
import type { OctoRepository } from "./octo.repository.ts";
import type { createOctoService } from "./octo.service.ts";
import type { WebhookEvent } from "./octo.table.ts";

/**
 * What a webhook delivery carries, read when it is sent: the booking as its reseller reads it with GET
 * /octo/bookings/{uuid}, or the availability as POST /octo/availability answers it (with pricing: a webhook is
 * asked for no capability). A departure that no longer exists (its tour deleted) reads as closed with no places.
 */
export async function webhookBody(
  service: Pick<ReturnType<typeof createOctoService>, "get" | "availability">,
  octo: Pick<OctoRepository, "findReseller">,
  event: WebhookEvent,
  clave: string,
  resellerId: number,
): Promise<object | null> {
  const reseller = await octo.findReseller(resellerId);
  if (!reseller) return null;
  const caller = { reseller, pricing: true };
  if (event === "booking_update") return service.get(caller, clave).catch(() => null);
  const closed = { id: clave, available: false, status: "CLOSED", vacancies: 0 };
  const key = parseDepartureKey(clave);
  if (!key) return closed;
  const found = await service.availability(caller, { productId: String(key.tourId), optionId: OPTION_ID, availabilityIds: [clave] }).catch(() => []);
  return found[0] ?? closed;
}
