import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import pino from "pino";
import QRCode from "qrcode";
import { CompraCreateAnswer } from "@tours/contract";
import { addDays, formatDateEs, formatDia, wallClock } from "@tours/domain";
import { SIMULATOR_CLIENT_ID, SIMULATOR_CLIENT_SECRET, SIMULATOR_WEBHOOK_ID } from "@tours/paypal-simulator";
import { startLocalMailServer, type InboxMessage, type RunningMailServer } from "@tours/local-mail";
import { startMail, type RunningMail } from "../src/mail/index.ts";
import { queueDatabase } from "../src/jobs/queue.ts";
import { correoMessageKey, listCorreos } from "../src/mail/correo.repository.ts";
import { createSmtpTransport, type MailTransport } from "../src/mail/transport.ts";
import type { Notifier } from "../src/notifications/notifier.ts";
import { PAYPAL_WEBHOOK_PATH } from "../src/modules/webhooks/webhooks.routes.ts";
import { pedido, pedidoLine, reembolso } from "../src/modules/compra/compra.table.ts";
import { cambioFecha } from "../src/modules/reservas/cambio-fecha.table.ts";
import { codigoDescuento } from "../src/modules/codigos/codigos.table.ts";
import { horarioTable, tourTable } from "../src/modules/tour/tour.table.ts";
import { startSecondApi, type SecondApi } from "./second-api.ts";
import { ALL_DAYS, buyer, line } from "./compra-fixtures.ts";
import { useTestApp } from "./test-app.ts";
import { waitFor } from "./wait-for.ts";

const STAFF = "equipo@tours.test";

let inbox: RunningMailServer;
let mail: RunningMail;
// pg-boss schedules with the database's clock, so these tests follow the real one (departures a week ahead): the
// app has no clock of its own
const clock = () => new Date();

/** The app's notifier forwards to whichever mail runner is current (a test restarts it). */
const notifier: Notifier = {
  orderPaid: (id) => mail.notifier.orderPaid(id),
  orderCancelled: (e) => mail.notifier.orderCancelled(e),
  bookingChanged: (e) => mail.notifier.bookingChanged(e),
  dateChanged: (e) => mail.notifier.dateChanged(e),
  pinLocked: (e) => mail.notifier.pinLocked(e),
  loginLocked: (e) => mail.notifier.loginLocked(e),
};
const t = useTestApp({
  paypal: { timeoutMs: 10_000 },
  notifier,
  catalogue: true,
  env: { STOREFRONT_URL: "http://tienda.test", STAFF_EMAIL: STAFF, MAIL_RETRY_DELAY_SECONDS: "1" },
});

const startMailRunner = (smtpUrl: string) =>
  startMail({ handle: t.handle, config: t.config, log: pino({ level: "silent" }), smtpUrl, now: clock, pollingIntervalSeconds: 0.5 });

let bogotaTour: number;
let madridTour: number;

beforeAll(async () => {
  inbox = await startLocalMailServer({ smtpPort: 0, webPort: 0 });
  mail = await startMailRunner(inbox.smtpUrl);
  const [bogota] = await t.db
    .insert(tourTable)
    .values({ nombre: "Graffiti Tour", precioCents: 2500, pais: t.cat.countryId, ciudad: t.cat.cityId, puntoEncuentro: "Parque de los Periodistas", reembolsable: true, corteHoras: 24, duracionMinutos: 150, encuentroLat: 4.6025, encuentroLng: -74.0686 })
    .returning();
  const [madrid] = await t.db
    .insert(tourTable)
    .values({ nombre: "Madrid de los Austrias", precioCents: 3000, pais: t.cat.countryId, ciudad: t.cat.cityId, puntoEncuentro: "Puerta del Sol, 1", zonaHoraria: "Europe/Madrid" })
    .returning();
  bogotaTour = bogota!.id;
  madridTour = madrid!.id;
  await t.db.insert(horarioTable).values([
    { tourId: bogotaTour, horaInicio: "09:00", ...ALL_DAYS },
    { tourId: madridTour, horaInicio: "10:00", ...ALL_DAYS },
  ]);
}, 60_000);
afterAll(async () => {
  await mail?.stop();
  await inbox?.close();
});

/** A week from today in the zone (far enough for a reminder a day before). */
const inAWeek = (zone: string) => addDays(wallClock(new Date(), zone).date, 7);

const to = (address: string, box = inbox) => box.messages().filter((m) => m.to.includes(address));
const uniqueEmail = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function createOrder(email: string, pedidos: unknown[], comentario = "") {
  const res = await t.app.inject({ method: "POST", url: "/api/compra/create", payload: { ...buyer({ email, comentario }), pedidos } });
  expect(res.statusCode, res.body).toBe(200);
  const token = CompraCreateAnswer.parse(res.json()).succes.id;
  const [row] = await t.db.select().from(pedido).where(eq(pedido.id_pay, token));
  return { token, id: row!.id, referencia: row!.referencia, pin: row!.pin };
}

const confirm = (token: string) => t.app.inject({ method: "POST", url: "/api/compra/confirma", payload: { token } });
const webhook = (type: "CHECKOUT.ORDER.APPROVED" | "PAYMENT.CAPTURE.COMPLETED", token: string) => {
  const signed = t.sim.control.signWebhook(t.sim.control.eventFor(type, token));
  return t.app.inject({ method: "POST", url: PAYPAL_WEBHOOK_PATH, headers: signed.headers, payload: signed.body });
};

async function buy(email: string, pedidos: unknown[], comentario = "") {
  const order = await createOrder(email, pedidos, comentario);
  t.sim.control.approve(order.token);
  expect((await confirm(order.token)).statusCode).toBe(200);
  return order;
}

/** A paid order of two tours a week ahead at 09:00 in Bogotá: the graffiti tour (2 adults) and the Candelaria (1). */
async function buyTwoTours(email: string, comentario = "") {
  const day = inAWeek("America/Bogota");
  const order = await buy(
    email,
    [line(bogotaTour, formatDia(day, "09:00"), { mayores_15: 2 }), line(t.cat.tourA, formatDia(day, "09:00"), { mayores_15: 1 })],
    comentario,
  );
  const lines = await t.db.select().from(pedidoLine).where(eq(pedidoLine.id_pedido, order.id));
  return { day, order, graffiti: lines.find((l) => l.id_tour === bogotaTour)!, candelaria: lines.find((l) => l.id_tour === t.cat.tourA)! };
}

describe("confirmation e-mail", () => {
  it("goes out exactly once when the payment is confirmed by the return page and by PayPal's webhooks", async () => {
    const email = uniqueEmail("una-vez");
    const order = await createOrder(email, [line(bogotaTour, formatDia(inAWeek("America/Bogota"), "09:00"), { mayores_15: 2 })]);
    t.sim.control.approve(order.token);
    // nothing before the capture
    expect(await listCorreos(t.db, order.id)).toEqual([]);
    const [page, hook] = await Promise.all([confirm(order.token), webhook("CHECKOUT.ORDER.APPROVED", order.token)]);
    expect(page.statusCode).toBe(200);
    expect(hook.statusCode).toBe(200);
    expect((await webhook("PAYMENT.CAPTURE.COMPLETED", order.token)).statusCode).toBe(200);
    expect((await confirm(order.token)).statusCode).toBe(200);

    await waitFor("the confirmation", () => to(email).length > 0);
    await waitFor("the staff e-mail", () => to(STAFF).some((m) => m.subject.includes(order.referencia)));
    await new Promise((r) => setTimeout(r, 2_000)); // room for a duplicate to show up
    expect(to(email).map((m) => m.subject)).toEqual([`Tu reserva ${order.referencia} está confirmada`]);
    expect(to(STAFF).filter((m) => m.subject.includes(order.referencia))).toHaveLength(1);
    const correos = await listCorreos(t.db, order.id);
    expect(correos.map((c) => [c.tipo, c.destinatario, c.estado, c.intentos])).toEqual([
      ["confirmacion", email, "enviado", 1],
      ["nuevo_pedido", STAFF, "enviado", 1],
    ]);
    expect(correos.every((c) => c.enviado_at instanceof Date)).toBe(true);
  });

  it("has the reference, PIN, each line in its tour's local time, the deadline, the QR code, the Mi reserva link and an .ics", async () => {
    const email = uniqueEmail("contenido");
    const bogotaDay = inAWeek("America/Bogota");
    const madridDay = inAWeek("Europe/Madrid");
    const order = await buy(email, [
      line(bogotaTour, formatDia(bogotaDay, "09:00"), { mayores_15: 2, de_4_15: 1 }),
      line(madridTour, formatDia(madridDay, "10:00"), { mayores_15: 1 }),
    ]);
    const [m] = await waitFor("the confirmation", () => (to(email).length ? to(email) : null));
    const message = m as InboxMessage;
    const link = `http://tienda.test/mi-reserva?ref=${order.referencia}&pin=${order.pin}`;
    for (const body of [message.text, message.html]) {
      expect(body).toContain(order.referencia);
      expect(body).toContain(order.pin);
      expect(body).toContain(formatDateEs(bogotaDay));
      expect(body).toContain("09:00 hora de Bogotá");
      expect(body).toContain(formatDateEs(madridDay));
      expect(body).toContain("10:00 hora de Madrid");
      expect(body).toContain("Parque de los Periodistas");
      expect(body).toContain("Puerta del Sol, 1");
      expect(body).toContain("2 × mayores de 15 años, 1 × de 4 a 15 años");
      // 2 × 25.00 + 15.00 (a child pays 60 %), and the Madrid tour's 30.00
      expect(body).toContain("USD 65.00");
      expect(body).toContain("USD 95.00");
      // refundable with a 24 h cutoff: free cancellation until the day before at the same time; Madrid is not refundable
      expect(body).toContain(`Cancelación gratuita hasta el ${formatDateEs(addDays(bogotaDay, -1))} a las 09:00 hora de Bogotá`);
      expect(body).toContain("Este tour no es reembolsable");
      // the tour's facts: its duration and end, the meeting point on a map (Madrid's tour has neither)
      expect(body).toContain("2 h 30 min (termina a las 11:30 hora de Bogotá)");
      expect(body.match(/Duración/g)).toHaveLength(1);
    }
    expect(message.text).toContain(link);
    const mapa = "https://www.openstreetmap.org/?mlat=4.6025&mlon=-74.0686#map=17/4.6025/-74.0686";
    expect(message.text).toContain(`Mapa del punto de encuentro: ${mapa}`);
    expect(message.html).toContain(`<a href="${mapa.replace("&", "&amp;")}"`);
    expect(message.html).toContain(link.replace("&", "&amp;"));
    expect(message.html).toContain('<meta name="viewport"');
    // Mi reserva says the same: how long each tour lasts and its meeting point on the map (Madrid's: neither)
    const seen = await t.app.inject({ method: "POST", url: "/api/reserva/consulta", payload: { referencia: order.referencia, pin: order.pin } });
    expect(seen.statusCode, seen.body).toBe(200);
    expect((seen.json() as { succes: { lineas: Array<{ duracion_texto: unknown; mapa_url: unknown }> } }).succes.lineas.map((l) => [l.duracion_texto, l.mapa_url])).toEqual([
      ["2 h 30 min (termina a las 11:30 hora de Bogotá)", mapa],
      [null, null],
    ]);

    const qr = message.attachments.find((a) => a.contentType === "image/png")!;
    expect(qr).toMatchObject({ cid: "qr-reserva", filename: `qr-${order.referencia}.png` });
    expect(message.html).toContain('src="cid:qr-reserva"');
    const png = Buffer.from(await (await fetch(new URL(qr.url, inbox.url))).arrayBuffer());
    // the QR holds the reference text only: the same image as encoding it afresh
    expect(png.equals(await QRCode.toBuffer(order.referencia, { type: "png", width: 400, margin: 2, errorCorrectionLevel: "M" }))).toBe(true);

    const ics = message.attachments.find((a) => a.filename.endsWith(".ics"))!;
    expect(ics.contentType).toBe("text/calendar");
    const calendar = await (await fetch(new URL(ics.url, inbox.url))).text();
    expect(calendar).toContain("BEGIN:VCALENDAR");
    expect(calendar.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(calendar).toContain(`DTSTART;TZID=America/Bogota:${bogotaDay.replace(/-/g, "")}T090000`);
    expect(calendar).toContain(`DTSTART;TZID=Europe/Madrid:${madridDay.replace(/-/g, "")}T100000`);
    // 09:00 + 150 minutes; the Madrid tour has no duration: no DTEND (as before the tour's facts)
    expect(calendar).toContain(`DTEND;TZID=America/Bogota:${bogotaDay.replace(/-/g, "")}T113000`);
    expect(calendar.match(/DTEND/g)).toHaveLength(1);
    expect(calendar).toContain("GEO:4.6025;-74.0686");
    expect(calendar).toContain("TZID:Europe/Madrid");
    expect(calendar).toContain("SUMMARY:Graffiti Tour");
    expect(calendar).toContain("LOCATION:Puerta del Sol\\, 1");
  });

  it("an order bought with a discount code says which and what it took off, to the buyer and to staff", async () => {
    const codigo = `HOTEL${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
    await t.db.insert(codigoDescuento).values({ codigo, tipo: "porcentaje", valor: 10 });
    const email = uniqueEmail("con-codigo");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/compra/create",
      payload: { ...buyer({ email }), codigo: codigo.toLowerCase(), pedidos: [line(bogotaTour, formatDia(inAWeek("America/Bogota"), "09:00"), { mayores_15: 2 })] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = CompraCreateAnswer.parse(res.json()).succes.id;
    t.sim.control.approve(token);
    expect((await confirm(token)).statusCode).toBe(200);
    const [row] = await t.db.select().from(pedido).where(eq(pedido.id_pay, token));
    // 2 × USD 25.00 less 10 %
    const message = await waitFor("the confirmation", () => to(email)[0]);
    expect(message.text).toContain("Total pagado: USD 45.00");
    expect(message.text).toContain(`Incluye el descuento del código ${codigo}: −USD 5.00`);
    const staff = await waitFor("the staff e-mail", () => to(STAFF).find((m) => m.subject.includes(row!.referencia)));
    expect(staff.text).toContain(`Código de descuento: ${codigo} (−USD 5.00)`);
  });

  it("an OCTO booking or an unpaid order sends nothing", async () => {
    const email = uniqueEmail("sin-pagar");
    const order = await createOrder(email, [line(bogotaTour, formatDia(inAWeek("America/Bogota"), "09:00"))]);
    await notifier.orderPaid(order.id);
    expect(await listCorreos(t.db, order.id)).toEqual([]);
    await t.db.update(pedido).set({ estado: "pagado", status: true, canal: "octo" }).where(eq(pedido.id, order.id));
    await notifier.orderPaid(order.id);
    expect(await listCorreos(t.db, order.id)).toEqual([]);
  });
});

describe("an SMTP server that is down", () => {
  it("delays the e-mails, which go out when it is back, across a restart of the mail workers; nothing is lost", async () => {
    const email = uniqueEmail("smtp-caido");
    const port = inbox.smtpPort;
    await inbox.close();
    const order = await buy(email, [line(bogotaTour, formatDia(inAWeek("America/Bogota"), "09:00"))]);
    const failed = await waitFor("a failed try", async () => {
      const [c] = (await listCorreos(t.db, order.id)).filter((x) => x.tipo === "confirmacion");
      return c && c.intentos >= 1 ? c : null;
    });
    expect(failed.estado).toBe("pendiente");
    expect(failed.ultimo_error).toMatch(/ECONNREFUSED|connect/i);

    // the API process restarts (its queue with it) while the server is still down, then the server comes back
    await mail.stop();
    mail = await startMailRunner(`smtp://127.0.0.1:${port}`);
    inbox = await startLocalMailServer({ smtpPort: port, webPort: 0 });
    await waitFor("the delayed confirmation", () => to(email).length > 0, 30_000);
    // the inbox has it as soon as the SMTP server accepted it; the outbox row is marked sent just after
    const confirmation = async () => (await listCorreos(t.db, order.id)).find((x) => x.tipo === "confirmacion");
    await expect.poll(async () => (await confirmation())?.estado, { timeout: 10_000 }).toBe("enviado");
    const c = await confirmation();
    expect(c).toMatchObject({ estado: "enviado", ultimo_error: null });
    expect(c!.intentos).toBeGreaterThanOrEqual(2);
    await waitFor("the staff e-mail", () => to(STAFF).some((m) => m.subject.includes(order.referencia)), 30_000);
    expect(to(email)).toHaveLength(1);
  }, 60_000);
});

describe("a try the SMTP server accepted but the outbox did not record", () => {
  it("goes again on the retry (at least once) under the same Message-ID, which mailboxes show once", async () => {
    const email = uniqueEmail("aceptado-sin-registro");
    // the first try to this address is delivered and then the connection is lost before the row is marked sent:
    // to the outbox the same as a process killed in that moment (salida-cancelada.test.ts kills one for real)
    const smtp = createSmtpTransport(inbox.smtpUrl, t.config.mail.from);
    let cut = false;
    const transport: MailTransport = {
      async send(message) {
        const sent = await smtp.send(message);
        if (message.to === email && !cut) {
          cut = true;
          throw new Error("Conexión perdida después de la entrega");
        }
        return sent;
      },
      close: () => smtp.close(),
    };
    await mail.stop();
    mail = await startMail({ handle: t.handle, config: t.config, log: pino({ level: "silent" }), transport, now: clock, pollingIntervalSeconds: 0.5 });
    try {
      const order = await buy(email, [line(bogotaTour, formatDia(inAWeek("America/Bogota"), "09:00"))]);
      const confirmation = async () => (await listCorreos(t.db, order.id)).find((x) => x.tipo === "confirmacion");
      await expect.poll(async () => (await confirmation())?.estado, { timeout: 30_000 }).toBe("enviado");
      const row = (await confirmation())!;
      expect(row.intentos).toBe(2);
      const delivered = to(email);
      expect(delivered).toHaveLength(2);
      expect(delivered[0]!.messageId).toBe(`<${correoMessageKey(row)}@tours.local>`);
      expect(delivered[1]!.messageId).toBe(delivered[0]!.messageId);
      // another e-mail has a Message-ID of its own
      const staff = await waitFor("the staff e-mail", () => to(STAFF).find((m) => m.subject.includes(order.referencia)), 30_000);
      expect(staff?.messageId).toMatch(/^<correo-\d+-\d+@tours\.local>$/);
      expect(staff?.messageId).not.toBe(delivered[0]!.messageId);
    } finally {
      await mail.stop();
      mail = await startMailRunner(inbox.smtpUrl);
    }
  }, 60_000);
});

describe("reminders", () => {
  const jobSql = (text: string, values: unknown[]) => queueDatabase(t.handle).executor.executeSql(text, values);
  async function reminderJobs(orderId: number) {
    const { rows } = await jobSql(
      `SELECT state, start_after, (data->>'lineaId')::int AS linea FROM pgboss.job WHERE name = 'recordatorio' AND (data->>'pedidoId')::int = $1`,
      [orderId],
    );
    return rows as Array<{ state: string; start_after: Date; linea: number }>;
  }

  it("one per departure at departure − 24 h; sent then, with time and meeting point; not for a line cancelled since", async () => {
    const email = uniqueEmail("recordatorio");
    const { day, order, graffiti, candelaria } = await buyTwoTours(email);
    const jobs = await reminderJobs(order.id);
    expect(jobs.map((j) => j.linea).sort()).toEqual([graffiti.id, candelaria.id].sort());
    // 09:00 in Bogotá (UTC−5) the day before = 14:00 UTC
    const expected = new Date(`${addDays(day, -1)}T14:00:00Z`);
    for (const job of jobs) {
      expect(new Date(job.start_after).toISOString()).toBe(expected.toISOString());
      expect(job.state).toBe("created");
    }
    await waitFor("the confirmation", () => to(email).length > 0);
    expect(to(email).some((m) => m.subject.startsWith("Recordatorio"))).toBe(false);

    // the buyer cancels one line in Mi reserva before the reminders are due; then the day before comes (the
    // jobs' start time is moved to now)
    const cancelled = await t.app.inject({
      method: "POST",
      url: "/api/reserva/cancelar",
      payload: { referencia: order.referencia, pin: order.pin, linea: graffiti.id },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await jobSql(`UPDATE pgboss.job SET start_after = now() WHERE name = 'recordatorio' AND (data->>'pedidoId')::int = $1`, [order.id]);

    await waitFor("both reminder jobs to run", async () => (await reminderJobs(order.id)).every((j) => j.state === "completed"));
    const reminder = await waitFor("the reminder", () => to(email).find((m) => m.subject.startsWith("Recordatorio")));
    expect(reminder.subject).toBe("Recordatorio: La Candelaria, mañana a las 09:00 hora de Bogotá");
    expect(reminder.text).toContain(formatDateEs(day));
    expect(reminder.text).toContain("Punto de encuentro");
    expect(reminder.text).toContain(`http://tienda.test/mi-reserva?ref=${order.referencia}&pin=${order.pin}`);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(to(email).filter((m) => m.subject.startsWith("Recordatorio"))).toHaveLength(1);
    const reminders = (await listCorreos(t.db, order.id)).filter((c) => c.tipo === "recordatorio");
    expect(reminders.map((c) => [c.linea_id, c.estado])).toEqual([[candelaria.id, "enviado"]]);
  }, 40_000);

  it("none for a departure less than a day away (the confirmation has just gone out)", async () => {
    // a departure about 12 hours from now, on the hour
    const soon = wallClock(new Date(Date.now() + 12 * 3600_000), "America/Bogota");
    const hora = `${soon.hora.slice(0, 2)}:00`;
    const [tour] = await t.db.insert(tourTable).values({ nombre: "Esta noche", precioCents: 1000, pais: t.cat.countryId, ciudad: t.cat.cityId }).returning();
    await t.db.insert(horarioTable).values({ tourId: tour!.id, horaInicio: hora, ...ALL_DAYS });
    const order = await buy(uniqueEmail("pronto"), [line(tour!.id, formatDia(soon.date, hora))]);
    expect(await reminderJobs(order.id)).toEqual([]);
    expect((await listCorreos(t.db, order.id)).map((c) => c.tipo)).toEqual(["confirmacion", "nuevo_pedido"]);
  });
});

describe("cancellation e-mail", () => {
  it("after the buyer cancels a line in Mi reserva: what was cancelled and the refund (amount and state), once", async () => {
    const email = uniqueEmail("cancelacion");
    const { day, order, graffiti } = await buyTwoTours(email);
    const cancel = () =>
      t.app.inject({ method: "POST", url: "/api/reserva/cancelar", payload: { referencia: order.referencia, pin: order.pin, linea: graffiti.id } });
    const res = await cancel();
    expect(res.statusCode, res.body).toBe(200);
    expect((await cancel()).statusCode).toBe(409); // already cancelled: no second e-mail either

    const message = await waitFor("the cancellation", () => to(email).find((m) => m.subject.startsWith("Cancelación")));
    expect(message.subject).toBe(`Cancelación de tu reserva ${order.referencia}`);
    expect(message.text).toContain("Cancelaste este tour de tu reserva");
    expect(message.text).toContain("Graffiti Tour");
    expect(message.text).toContain(formatDateEs(day));
    expect(message.text).toContain("Monto: USD 50.00");
    expect(message.text).toContain("Estado: completado");
    expect(message.text).toContain("El resto de tu reserva sigue confirmado (La Candelaria)");
    // the same event reported again (a retried request) adds nothing
    const [refund] = await t.db.select().from(reembolso).where(eq(reembolso.pedido_id, order.id));
    await notifier.orderCancelled({ orderId: order.id, lineIds: [graffiti.id], refundId: refund!.id, porStaff: false });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(to(email).filter((m) => m.subject.startsWith("Cancelación"))).toHaveLength(1);
    expect((await listCorreos(t.db, order.id)).filter((c) => c.tipo === "cancelacion").map((c) => c.estado)).toEqual(["enviado"]);
  });

  it("staff hear of it once, with the order's state and what the buyer wrote; a date change's notice helper too", async () => {
    const email = uniqueEmail("aviso");
    const comentario = "Viajamos con una niña de 8 años.";
    const { order, graffiti, candelaria } = await buyTwoTours(email, comentario);
    const nuevo = await waitFor("the new-order e-mail", () => to(STAFF).find((m) => m.subject.startsWith(`Nuevo pedido ${order.referencia}`)));
    expect(nuevo.text).toContain(`Escribió: ${comentario}`);
    expect(nuevo.text).toContain("Estado del pedido: Pagado");

    const res = await t.app.inject({ method: "POST", url: "/api/reserva/cancelar", payload: { referencia: order.referencia, pin: order.pin, linea: graffiti.id } });
    expect(res.statusCode, res.body).toBe(200);
    const subject = `El cliente canceló en la reserva ${order.referencia}`;
    const aviso = await waitFor("the staff notice", () => to(STAFF).find((m) => m.subject === subject));
    expect(aviso.text).toContain("canceló este tour de la reserva");
    expect(aviso.text).toContain("Graffiti Tour");
    expect(aviso.text).toContain(`Escribió: ${comentario}`);
    expect(aviso.text).toContain("Estado del pedido: Parcialmente reembolsado");
    expect(aviso.text).toContain("Monto: USD 50.00");
    expect(aviso.text).toContain("Sigue en pie: La Candelaria");
    const [refund] = await t.db.select().from(reembolso).where(eq(reembolso.pedido_id, order.id));
    await notifier.orderCancelled({ orderId: order.id, lineIds: [graffiti.id], refundId: refund!.id, porStaff: false });

    // what a date change calls: one e-mail per change, however often it is reported
    await Promise.all([1, 2].map(() => notifier.bookingChanged({ orderId: order.id, lineIds: [candelaria.id], clave: `${candelaria.id}:nueva` })));
    const cambio = await waitFor("the date-change notice", () => to(STAFF).find((m) => m.subject === `Cambio de fecha en la reserva ${order.referencia}`));
    expect(cambio.text).toContain("La Candelaria");
    await new Promise((r) => setTimeout(r, 1_500));
    expect(to(STAFF).filter((m) => m.subject === subject)).toHaveLength(1);
    expect(to(STAFF).filter((m) => m.subject.startsWith("Cambio de fecha") && m.subject.includes(order.referencia))).toHaveLength(1);
    expect(to(email).filter((m) => m.subject === subject)).toHaveLength(0);
  });
});

describe("date change e-mail", () => {
  it("a line moved in Mi reserva: a new confirmation with the new date, voucher and .ics (same reference and PIN), once; the reminder follows", async () => {
    const email = uniqueEmail("cambio");
    const { day, order, graffiti } = await buyTwoTours(email);
    const nueva = addDays(day, 1);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/reserva/cambio",
      payload: { referencia: order.referencia, pin: order.pin, linea: graffiti.id, fecha: nueva, hora: "09:00" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const message = await waitFor("the date change", () => to(email).find((m) => m.subject.startsWith("Nueva fecha")));
    expect(message.subject).toBe(`Nueva fecha de tu reserva ${order.referencia}`);
    expect(message.text).toContain(order.referencia);
    expect(message.text).toContain(`PIN: ${order.pin}`);
    expect(message.text).toContain(formatDateEs(nueva));
    const ics = message.attachments.find((a) => a.filename.endsWith(".ics"));
    expect(ics, "a new .ics").toBeDefined();
    expect(message.attachments.some((a) => a.contentType === "image/png")).toBe(true);
    // reported again: nothing more
    const [cambio] = await t.db.select({ id: cambioFecha.id }).from(cambioFecha).where(eq(cambioFecha.pedido_id, order.id));
    await notifier.dateChanged({ orderId: order.id, lineId: graffiti.id, dateChangeId: cambio!.id });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(to(email).filter((m) => m.subject.startsWith("Nueva fecha"))).toHaveLength(1);
    const { rows } = await queueDatabase(t.handle).executor.executeSql(
      `SELECT data->>'para' AS para FROM pgboss.job WHERE name = 'recordatorio' AND (data->>'lineaId')::int = $1 AND (data->>'cambio') IS NOT NULL`,
      [graffiti.id],
    );
    expect(rows).toHaveLength(1);
  });
});

// PGlite is one process's database; two API processes share PostgreSQL only.
describe.runIf(!!process.env.DATABASE_URL)("two API processes on one PostgreSQL", () => {
  let second: SecondApi | undefined;
  afterAll(async () => {
    await second?.stop();
  });

  it("a payment confirmed in both at once sends one confirmation", async () => {
    if (t.handle.kind !== "postgres") throw new Error("unreachable");
    const dbUrl = (t.handle.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    second = await startSecondApi(dbUrl, {
      PAYPAL_API_BASE: t.sim.url,
      PAYPAL_CLIENT_ID: SIMULATOR_CLIENT_ID,
      PAYPAL_CLIENT_SECRET: SIMULATOR_CLIENT_SECRET,
      PAYPAL_WEBHOOK_ID: SIMULATOR_WEBHOOK_ID,
      SMTP_URL: `smtp://127.0.0.1:${inbox.smtpPort}`,
      STAFF_EMAIL: STAFF,
    });

    const email = uniqueEmail("dos-procesos");
    const order = await createOrder(email, [line(bogotaTour, formatDia(inAWeek("America/Bogota"), "09:00"))]);
    t.sim.control.approve(order.token);
    const here = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const post = (base: string) =>
      fetch(`${base}/api/compra/confirma`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: order.token }) }).then((r) => r.status);
    const answers = await Promise.all([post(here), post(second.url), post(here), post(second.url)]);
    expect(answers).toEqual([200, 200, 200, 200]);
    await waitFor("the confirmation", () => to(email).length > 0);
    await waitFor("the staff e-mail", () => to(STAFF).some((m) => m.subject.includes(order.referencia)));
    await new Promise((r) => setTimeout(r, 3_000));
    expect(to(email)).toHaveLength(1);
    expect(to(STAFF).filter((m) => m.subject.includes(order.referencia))).toHaveLength(1);
    expect((await listCorreos(t.db, order.id)).map((c) => [c.tipo, c.estado])).toEqual([
      ["confirmacion", "enviado"],
      ["nuevo_pedido", "enviado"],
    ]);
    await second.stop();
  }, 90_000);
});
