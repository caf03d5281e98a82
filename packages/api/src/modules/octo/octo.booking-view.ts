import { eq } from "drizzle-orm";
import { cancellationDeadline, DEFAULT_TIME_ZONE, departureKey, unitPricesCents } from "@tours/domain";
import type { Db } from "../../db/client.ts";
import { pedidoLine, type PedidoLineRow, type PedidoRow } from "../compra/compra.table.ts";
import { salida } from "../salidas/salidas.table.ts";
import { bookingStatus, localDateTime, localDateTimeEnd, OPTION_ID, option, pricing, product, UNITS, unitItemUuid, utcInstant, voucher } from "./octo.mapping.ts";
import type { OctoCaller } from "./octo.products.ts";
import type { OctoRepository, ProductTour } from "./octo.repository.ts";
import type { OctoBookingT } from "./octo.schemas.ts";

/** An order as the reseller's OCTO booking. */

interface BookingDeparture {
  line: PedidoLineRow;
  fecha: string;
  hora: string;
}

export function createBookingView(deps: { db: Db; octo: OctoRepository; now: () => Date }) {
  /** The booking's one line and its departure. */
  async function departureOf(row: PedidoRow): Promise<BookingDeparture> {
    const [found] = await deps.db
      .select({ line: pedidoLine, fecha: salida.fecha, hora: salida.hora })
      .from(pedidoLine)
      .innerJoin(salida, eq(salida.id, pedidoLine.salida_id))
      .where(eq(pedidoLine.id_pedido, row.id))
      .orderBy(pedidoLine.id)
      .limit(1);
    if (!found) throw new Error(`OCTO booking ${row.id} has no line on a departure`);
    return found;
  }

  /** The booking's tour; an order survives its tour: a deleted tour still reads as a product. */
  async function tourOf(line: PedidoLineRow, hora: string): Promise<ProductTour> {
    const [found] = await deps.octo.productTours(line.id_tour);
    return (
      found ?? {
        id: line.id_tour, nombre: `Tour ${line.id_tour}`, precioCents: line.valor_cents, zona: DEFAULT_TIME_ZONE, corteHoras: 2, duracionMinutos: null,
        puntoEncuentro: "", incluye: "", noIncluye: "", reembolsable: false, mascotas: line.mascotas > 0, startTimes: [hora],
      }
    );
  }

  async function toBooking(caller: OctoCaller, row: PedidoRow): Promise<OctoBookingT> {
    const now = deps.now();
    const { line, fecha, hora } = await departureOf(row);
    const tour = await tourOf(line, hora);
    const status = bookingStatus(row, now);
    const start = localDateTime(fecha, hora, tour.zona);
    const extra = row.octo_contacto ?? {};
    const contact = {
      fullName: `${row.nombre} ${row.apellido}`.trim() || null,
      firstName: row.nombre || null,
      lastName: row.apellido || null,
      emailAddress: row.email || null,
      phoneNumber: row.telefono || null,
      locales: extra.locales ?? [],
      postalCode: extra.postalCode ?? null,
      country: extra.country ?? null,
      notes: extra.notes ?? null,
    };
    const prices = unitPricesCents(line.valor_cents);
    const theProduct = product(tour, caller.pricing);
    const unitDefs = theProduct.options[0]!.units;
    const unitItems: OctoBookingT["unitItems"] = [];
    for (const u of UNITS) {
      for (let i = 0; i < line[u.key]; i++) {
        const n = unitItems.length + 1;
        unitItems.push({
          uuid: unitItemUuid(row.octo_uuid!, n),
          resellerReference: null,
          supplierReference: `${row.referencia}-${n}`,
          unitId: u.id,
          unit: unitDefs.find((d) => d.id === u.id) ?? unitDefs[0]!,
          status,
          utcRedeemedAt: null,
          contact,
          ticket: null,
          ...(caller.pricing ? { pricing: pricing(prices[u.key]) } : {}),
        });
      }
    }
    const deadline = cancellationDeadline(fecha, hora, tour.zona, tour.corteHoras, tour.reembolsable);
    const availabilityId = departureKey(tour.id, fecha, hora);
    return {
      id: row.octo_uuid!,
      uuid: row.octo_uuid!,
      testMode: false,
      resellerReference: row.revendedor_referencia,
      supplierReference: String(row.id),
      status,
      utcCreatedAt: utcInstant(row.createdAt),
      utcUpdatedAt: utcInstant(row.updatedAt),
      utcExpiresAt: status === "ON_HOLD" && row.hold_expires_at ? utcInstant(row.hold_expires_at) : null,
      utcRedeemedAt: null,
      utcConfirmedAt: (status === "CONFIRMED" || status === "CANCELLED") && row.paid_at ? utcInstant(row.paid_at) : null,
      productId: String(tour.id),
      product: theProduct,
      optionId: OPTION_ID,
      option: option(tour, caller.pricing),
      cancellable: status === "ON_HOLD" || (status === "CONFIRMED" && deadline !== null && now < deadline),
      cancellation: status === "CANCELLED" ? { refund: row.paid_at ? "FULL" : "NONE", reason: row.motivo_cancelacion, utcCancelledAt: utcInstant(row.updatedAt) } : null,
      freesale: false,
      availabilityId,
      availability: { id: availabilityId, localDateTimeStart: start, localDateTimeEnd: localDateTimeEnd(fecha, hora, tour), allDay: false, openingHours: [] },
      contact,
      notes: row.comentario,
      deliveryMethods: ["VOUCHER"],
      voucher: voucher(row.referencia),
      unitItems,
      ...(caller.pricing ? { pricing: pricing(row.valor_total_cents) } : {}),
    };
  }

  return { departureOf, tourOf, toBooking };
}

export type BookingView = ReturnType<typeof createBookingView>;
