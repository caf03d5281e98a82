import { describe, expect, it } from "vitest";
import { OctoBooking } from "../src/modules/octo/octo.schemas.ts";
import { OCTO_MSG } from "../src/modules/octo/octo.messages.ts";
import { silentNotifier, type Notifier } from "../src/notifications/notifier.ts";
import { departure, manifest, MIN, octo, octoError, ok, PRICING, reserve, reserveBody, tourWithSchedule, useOctoApp, vacancies } from "./octo-fixtures.ts";

/** Issue 21, "Date change for resellers": PATCH moves a booking in one transaction, or changes nothing. */

const changed: Array<Parameters<Notifier["bookingChanged"]>[0]> = [];
const env = useOctoApp({ notifier: { ...silentNotifier, async bookingChanged(event) { changed.push(event); } } });
const TUESDAY = "2026-11-24";

const patch = (uuid: string, body: object, headers: Record<string, string> = {}) => octo(env, env.keyA, "PATCH", `/bookings/${uuid}`, body, headers);
const confirm = async (uuid: string) => ok(OctoBooking, await octo(env, env.keyA, "POST", `/bookings/${uuid}/confirm`, {}));
const personsOn = async (availabilityId: string) => (await manifest(env, availabilityId)).pedidos.reduce((n, p) => n + p.personas, 0);

describe("PATCH /octo/bookings/{uuid} moves a booking", () => {
  it("a hold moves to another date: the new places are taken, the old ones freed, the price follows", async () => {
    const tourId = await tourWithSchedule(env, 10);
    const held = await reserve(env, tourId, ["adult", "adult"], { expirationMinutes: 30 });
    const moved = ok(OctoBooking, await patch(held.uuid, { availabilityId: departure(tourId, TUESDAY), unitItems: [{ unitId: "adult" }, { unitId: "adult" }, { unitId: "child" }] }, PRICING));
    expect(moved).toMatchObject({ uuid: held.uuid, status: "ON_HOLD", availabilityId: departure(tourId, TUESDAY), utcExpiresAt: held.utcExpiresAt, supplierReference: held.supplierReference });
    expect(moved.availability.localDateTimeStart).toBe("2026-11-24T10:00:00-05:00");
    expect(moved.unitItems.map((u) => u.unitId)).toEqual(["adult", "adult", "child"]);
    expect(moved.pricing?.retail).toBe(2000 * 2 + 1200);
    expect(await vacancies(env, departure(tourId))).toBe(10);
    expect(await vacancies(env, departure(tourId, TUESDAY))).toBe(7);
  });

  it("a confirmed booking moves and stays confirmed; more or fewer units on the same departure need room for the difference only", async () => {
    const tourId = await tourWithSchedule(env, 4);
    const held = await reserve(env, tourId, ["adult", "adult", "adult"]);
    await confirm(held.uuid);
    // 3 of 4 are this booking's: 4 travellers fit on the same departure
    const four = ok(OctoBooking, await patch(held.uuid, { unitItems: ["adult", "adult", "adult", "child"].map((unitId) => ({ unitId })) }));
    expect([four.status, four.unitItems.length]).toEqual(["CONFIRMED", 4]);
    expect(await vacancies(env, departure(tourId))).toBe(0);
    expect(changed).toEqual([]); // same departure: staff are not told of a date change
    const moved = ok(OctoBooking, await patch(held.uuid, { availabilityId: departure(tourId, TUESDAY) }));
    expect([moved.status, moved.availabilityId]).toEqual(["CONFIRMED", departure(tourId, TUESDAY)]);
    // a confirmed booking on a new date: staff get one notice (issue 22)
    expect(changed.map((c) => c.lineIds.length)).toEqual([1]);
    expect(await vacancies(env, departure(tourId))).toBe(4);
    expect(await vacancies(env, departure(tourId, TUESDAY))).toBe(0);
    const pedidos = (await manifest(env, departure(tourId, TUESDAY))).pedidos;
    expect(pedidos.map((p) => [p.estado, p.personas])).toEqual([["pagado", 4]]);
  });

  it("no room on the new departure: UNPROCESSABLE_ENTITY with the reason, and the booking is where it was", async () => {
    const tourId = await tourWithSchedule(env, 3);
    await reserve(env, tourId, ["adult", "adult"], { availabilityId: departure(tourId, TUESDAY) });
    const held = await reserve(env, tourId, ["adult", "adult"]);
    const refused = octoError(await patch(held.uuid, { availabilityId: departure(tourId, TUESDAY), notes: "no debe quedar" }), 400, "UNPROCESSABLE_ENTITY");
    expect(refused.errorMessage).toMatch(/quedan 1|queda 1|1 cupo|1 lugar|1 plaza/i);
    const same = ok(OctoBooking, await octo(env, env.keyA, "GET", `/bookings/${held.uuid}`));
    expect([same.availabilityId, same.unitItems.length, same.notes]).toEqual([departure(tourId), 2, null]);
    expect(await vacancies(env, departure(tourId))).toBe(1);
    expect(await vacancies(env, departure(tourId, TUESDAY))).toBe(1);
  });

  it("a confirmed booking moves only while it could be cancelled: not after the cutoff, not on a non-refundable tour", async () => {
    const tourId = await tourWithSchedule(env, 10);
    const b = await reserve(env, tourId, ["adult"]);
    await confirm(b.uuid);
    env.t.clock.set(new Date("2026-11-23T13:00:00Z")); // 08:00 in Bogotá: the 2-hour cutoff of the 10:00 departure
    expect(octoError(await patch(b.uuid, { availabilityId: departure(tourId, TUESDAY) }), 400, "UNPROCESSABLE_ENTITY").errorMessage).toBe(OCTO_MSG.moveAfterCutoff(2));
    // contact and notes may still change
    expect(ok(OctoBooking, await patch(b.uuid, { notes: "Pidió factura" })).notes).toBe("Pidió factura");

    env.t.clock.set(new Date("2026-11-21T15:00:00Z"));
    const strict = await tourWithSchedule(env, 10, { reembolsable: false });
    const s = await reserve(env, strict, ["adult"]);
    // a hold of a non-refundable tour may still move (nothing is paid yet)
    expect(ok(OctoBooking, await patch(s.uuid, { availabilityId: departure(strict, TUESDAY) })).availabilityId).toBe(departure(strict, TUESDAY));
    await confirm(s.uuid);
    expect(octoError(await patch(s.uuid, { availabilityId: departure(strict) }), 400, "UNPROCESSABLE_ENTITY").errorMessage).toBe(OCTO_MSG.moveNonRefundable);
  });

  it("a booking moves to another product; an availability of another product, an unknown unit or a lapsed hold change nothing", async () => {
    const tourId = await tourWithSchedule(env, 10);
    const other = await tourWithSchedule(env, 10, { precioCents: 3000 }, "15:00");
    const held = await reserve(env, tourId, ["adult"], { expirationMinutes: 20 });
    octoError(await patch(held.uuid, { availabilityId: departure(other, TUESDAY, "15:00") }), 400, "INVALID_AVAILABILITY_ID");
    octoError(await patch(held.uuid, { unitItems: [{ unitId: "senior" }] }), 400, "INVALID_UNIT_ID");
    const moved = ok(OctoBooking, await patch(held.uuid, { productId: String(other), optionId: "DEFAULT", availabilityId: departure(other, TUESDAY, "15:00") }, PRICING));
    expect([moved.productId, moved.availabilityId, moved.pricing?.retail]).toEqual([String(other), departure(other, TUESDAY, "15:00"), 3000]);
    expect(await vacancies(env, departure(tourId))).toBe(10);
    expect(await vacancies(env, departure(other, TUESDAY, "15:00"))).toBe(9);

    env.t.clock.set(new Date(env.t.clock.now().getTime() + 21 * MIN));
    expect(octoError(await patch(held.uuid, { availabilityId: departure(other, "2026-11-25", "15:00") }), 400, "UNPROCESSABLE_ENTITY").errorMessage).toBe(OCTO_MSG.expired);
  });
});

describe("a move and many reservations race for the last places", () => {
  it("the departure never holds more than its capacity and the moved booking is wholly on one side", async () => {
    for (let round = 0; round < 3; round++) {
      const tourId = await tourWithSchedule(env, 6);
      const from = departure(tourId);
      const to = departure(tourId, TUESDAY);
      await reserve(env, tourId, ["adult", "adult", "adult"], { availabilityId: to }, env.keyB); // 3 of 6 left
      const moving = await reserve(env, tourId, ["adult", "adult"]);
      await confirm(moving.uuid);

      const racers = Array.from({ length: 12 }, (_, i) => octo(env, i % 2 ? env.keyA : env.keyB, "POST", "/bookings", reserveBody(tourId, ["adult"], { availabilityId: to })));
      const [moveAnswer, ...answers] = await Promise.all([patch(moving.uuid, { availabilityId: to }), ...racers]);
      for (const r of answers) if (r.statusCode !== 200) octoError(r, 400, "UNPROCESSABLE_ENTITY");
      const sold = answers.filter((r) => r.statusCode === 200).length;

      const after = ok(OctoBooking, await octo(env, env.keyA, "GET", `/bookings/${moving.uuid}`));
      const onNew = after.availabilityId === to;
      if (moveAnswer.statusCode === 200) expect(onNew, `round ${round}`).toBe(true);
      else {
        octoError(moveAnswer, 400, "UNPROCESSABLE_ENTITY");
        expect(onNew, `round ${round}`).toBe(false);
      }
      expect(await personsOn(to), `round ${round}`).toBe(3 + sold + (onNew ? 2 : 0));
      expect(await personsOn(to)).toBeLessThanOrEqual(6);
      expect(await personsOn(from)).toBe(onNew ? 0 : 2);
      expect(sold + (onNew ? 2 : 0)).toBe(3); // every last place was sold to someone
    }
  });
});
