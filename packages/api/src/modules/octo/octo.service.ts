import type { Db } from "../../db/client.ts";
import type { CompraRepository } from "../compra/compra.repository.ts";
import type { SalidasRepository } from "../salidas/salidas.repository.ts";
import { createOctoAvailability } from "./octo.availability.ts";
import { createBookingView } from "./octo.booking-view.ts";
import { createOctoBookings } from "./octo.bookings.ts";
import { createOctoCatalogue } from "./octo.products.ts";
import type { OctoRepository } from "./octo.repository.ts";

import type { Notifier } from "../../notifications/notifier.ts";
import type { BookingWebhooks } from "./octo.webhooks.ts";
import type { JobQueue } from "../../jobs/queue.ts";

export type { OctoCaller } from "./octo.products.ts";

export interface OctoServiceDeps {
  db: Db;
  octo: OctoRepository;
  compra: CompraRepository;
  salidas: SalidasRepository;
  now: () => Date;
  holdMinutes: number;
  publicApiUrl: string;
  storefrontUrl: string;
  supplierName: string;
  /** Staff e-mails about resellers' date changes. */
  notifier?: Pick<Notifier, "bookingChanged">;
  /** Resellers' webhooks: a booking's change is owed to them in its transaction. */
  webhooks?: BookingWebhooks;
  /** The queue that takes the events of places freed (docs/decisions/0023), written in the change's transaction. */
  jobs?: JobQueue;
}

/** The OCTO supplier API: products (octo.products), availability (octo.availability), bookings (octo.bookings). */
export function createOctoService(deps: OctoServiceDeps) {
  const catalogue = createOctoCatalogue(deps);
  const view = createBookingView(deps);
  const { calendar, availability } = createOctoAvailability({ salidas: deps.salidas, now: deps.now, catalogue });
  const bookings = createOctoBookings({ ...deps, catalogue, view });
  return {
    supplier: catalogue.supplier,
    products: catalogue.products,
    oneProduct: catalogue.oneProduct,
    calendar,
    availability,
    ...bookings,
  };
}

