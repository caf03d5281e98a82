import { expect, test } from "../support/test";
import { API_URL, SIM_URL, STORE_URL } from "../support/env";
import { staffHeaders } from "../support/staff";
import { createTestTour, paidBooking, soonDate } from "../support/tours";

/*
 * Issue 22: Hoy is the panel's first screen for Administrador and Ventas. A tour of the test's own with a daily
 * 23:55 departure (cutoff 0 h, so today's can still be booked all day; a run in the last five minutes of a Bogotá
 * day would meet it closed) gets known bookings today and tomorrow; the screen shows each departure with sold /
 * capacity and arrived / expected, the day's money as GET /api/hoy counts it, the failed e-mails and the 14-day
 * chart, whose library (recharts) loads on its own chunk only when the chart is drawn.
 */

const stamp = Date.now().toString(36);

test("Hoy: today's and tomorrow's departures with bookings, the day's money and the 14-day chart", async ({ page, request, signIn }) => {
  const nombre = `Hoy ${stamp}`;
  const { tourId } = await createTestTour(request, { nombre, cupo: 12, hora: "23:55", fields: { corte_horas: "0" } });
  const today = soonDate(0);
  const tomorrow = soonDate(1);
  const ana = await paidBooking(request, SIM_URL, { tourId, fecha: today, hora: "23:55", adults: 2, children: 1, email: `hoy-ana-${stamp}@example.com` });
  await paidBooking(request, SIM_URL, { tourId, fecha: today, hora: "23:55", adults: 1, email: `hoy-beto-${stamp}@example.com` });
  const refunded = await paidBooking(request, SIM_URL, { tourId, fecha: tomorrow, hora: "23:55", adults: 2, email: `hoy-carla-${stamp}@example.com` });
  await paidBooking(request, SIM_URL, { tourId, fecha: tomorrow, hora: "23:55", adults: 1, email: `hoy-dario-${stamp}@example.com` });
  const headers = await staffHeaders();
  expect((await request.post(`${API_URL}/api/compra/reembolsar/${refunded.orderId}`, { headers, data: {} })).ok()).toBe(true);
  const salidaHoy = `${tourId}-${today.replaceAll("-", "")}-2355`;
  const checkin = await request.post(`${API_URL}/api/checkin`, { headers, data: { referencia: ana.referencia, salida: salidaHoy } });
  expect(checkin.ok(), await checkin.text()).toBe(true);

  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  // the Administrador's first screen
  await signIn("/panel");
  await expect(page).toHaveURL(`${STORE_URL}/panel/hoy`);
  await expect(page.getByRole("heading", { level: 1, name: "Hoy" })).toBeVisible();

  const todays = page.getByRole("region", { name: "Salidas de hoy" }).getByTestId("hoy-salida").filter({ hasText: nombre });
  await expect(todays).toHaveCount(1);
  await expect(todays).toContainText("23:55 hora de Bogotá");
  await expect(todays.getByTestId("hoy-vendidos")).toHaveText("Vendidos 4 / 12");
  await expect(todays.getByTestId("hoy-llegados")).toHaveText("Llegaron 3 / 4");
  const tomorrows = page.getByRole("region", { name: "Salidas de mañana" }).getByTestId("hoy-salida").filter({ hasText: nombre });
  await expect(tomorrows.getByTestId("hoy-vendidos")).toHaveText("Vendidos 1 / 12");
  await expect(tomorrows.getByTestId("hoy-llegados")).toHaveText("Llegaron 0 / 1");

  // the money as the API counts it from the orders (packages/api/test/hoy.test.ts holds it to the database); other
  // tests may pay meanwhile, so the page is read again until both agree
  await expect(async () => {
    const { succes } = (await (await request.get(`${API_URL}/api/hoy`, { headers })).json()) as {
      succes: { dinero: { ventas_pedidos: number; ventas_total: number; reembolsos_cantidad: number; reembolsos_total: number }; correos_fallidos: { total: number } };
    };
    const usd = (n: number) => {
      const [whole, fraction] = n.toFixed(2).split(".");
      return `USD ${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${fraction}`;
    };
    expect(succes.dinero.ventas_pedidos).toBeGreaterThanOrEqual(4);
    expect(succes.dinero.reembolsos_cantidad).toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId("hoy-ventas")).toContainText(`${succes.dinero.ventas_pedidos} pedidos pagados`, { timeout: 1_000 });
    await expect(page.getByTestId("hoy-ventas")).toContainText(usd(succes.dinero.ventas_total), { timeout: 1_000 });
    await expect(page.getByTestId("hoy-reembolsos")).toContainText(`${succes.dinero.reembolsos_cantidad} reembolso`, { timeout: 1_000 });
    await expect(page.getByTestId("hoy-correos")).toContainText(String(succes.correos_fallidos.total), { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  // the chart: drawn by recharts, 14 days, its library fetched after the screen's own chunk
  await expect(page.getByTestId("hoy-grafico").locator("svg.recharts-surface")).toBeVisible();
  await expect(page.getByTestId("hoy-grafico").locator(".recharts-xAxis .recharts-cartesian-axis-tick")).toHaveCount(14);
  await expect(page.getByTestId("hoy-ocupacion-dia")).toHaveCount(14);
  expect(scripts.filter((s) => /\/panel\/assets\/OccupancyChart-[\w-]+\.js$/.test(s)), scripts.join("\n")).toHaveLength(1);

  // each departure links to its manifest
  await todays.getByRole("link", { name: "Manifiesto" }).click();
  await expect(page).toHaveURL(`${STORE_URL}/panel/manifiesto/${salidaHoy}`);
  await expect(page.getByTestId("manifiesto-pedido")).toHaveCount(2);
});

test("Ventas lands on Hoy too; the tour list does not load the chart's library", async ({ page, signIn }) => {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await signIn("/panel/destinos");
  await expect(page.getByRole("heading", { name: /Destinos/ }).first()).toBeVisible();
  expect(scripts.filter((s) => s.includes("OccupancyChart"))).toEqual([]);
  await signIn("/panel", "ventas");
  await expect(page).toHaveURL(`${STORE_URL}/panel/hoy`);
  await expect(page.getByRole("region", { name: "Dinero de hoy" })).toBeVisible();
});
