import { expect, test } from "../support/test";
import { API_URL, SIM_URL, STORE_URL } from "../support/env";
import { attachment, waitForMail } from "../support/mail";
import { selectOption } from "../support/panel-lists";
import { expectToast } from "../support/panel-toasts";
import { png } from "../support/png";
import { unique } from "../support/names";
import { staffHeaders } from "../support/staff";
import { createSchedule, createTour, paidBooking, soonDate } from "../support/tours";

/*
 * Issue 26, the tour's facts: set in the panel's tour form ("Datos del tour"), shown on the storefront's tour page
 * and card, and used by the booking's .ics (DTEND = start + the duration). The tour sits alone in a city of its
 * own, so its card is on the city page's first page whatever else the catalogue holds.
 */

test("the tour's facts: set in the panel, shown on the tour page and its card, the .ics and the manifest end at start + duration", async ({ page, request, signIn }) => {
  const paises = (await (await request.get(`${API_URL}/api/pais/index`)).json()) as { succes: Array<{ id: number }> };
  const pais = paises.succes[0]!.id;
  const city = await request.post(`${API_URL}/api/ciudades/create`, {
    headers: await staffHeaders(),
    multipart: { nombre: unique("Ciudad datos"), pais: String(pais), destacado: "0", foto: { name: "foto.png", mimeType: "image/png", buffer: png() } },
  });
  expect(city.ok(), await city.text()).toBe(true);
  const ciudad = ((await city.json()) as { succes: { id: number } }).succes.id;
  const nombre = unique("Tour con datos");
  const tourId = await createTour(request, { nombre, precio: "40", pais: String(pais), ciudad: String(ciudad), duracion: "Media mañana" });
  await createSchedule(request, tourId, "10:00", null);

  // the panel's form: the facts under "Datos del tour"; one coordinate alone is refused beside its partner
  await signIn(`/panel/destinos/${tourId}`);
  await expect(page.getByLabel("Titulo del Tour")).toHaveValue(nombre);
  await expect(page.getByRole("heading", { name: "Datos del tour" })).toBeVisible();
  await page.getByLabel("Duración (minutos)").fill("210");
  const idiomas = page.getByRole("group", { name: "Idiomas del guía" });
  await idiomas.getByLabel("Español").check();
  await idiomas.getByLabel("Inglés").check();
  await selectOption(page, "Accesible en silla de ruedas", "Parcialmente");
  await selectOption(page, "Modalidad", "Privado");
  await page.getByLabel("Edad mínima").fill("8");
  await page.getByLabel("Latitud del punto de encuentro").fill("4.5981");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("Indica latitud y longitud del punto de encuentro, o ninguna")).toBeVisible();
  await page.getByLabel("Longitud del punto de encuentro").fill("-74.076");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expectToast(page, "Proceso finalizado...");
  await expect(page).toHaveURL(/\/panel\/destinos(\?.*)?$/);

  const saved = (await (await request.get(`${API_URL}/api/tour/find/${tourId}`)).json()) as { succes: Array<Record<string, unknown>> };
  expect(saved.succes[0]).toMatchObject({
    duracion_minutos: 210,
    idiomas: ["es", "en"],
    accesible_silla_ruedas: "parcial",
    modalidad: "privado",
    edad_minima: 8,
    encuentro_lat: 4.5981,
    encuentro_lng: -74.076,
    // the spec's free text is kept as it was
    duracion: "Media mañana",
  });

  // the storefront's tour page: the facts that are set, the meeting point on a map
  await page.goto(`${STORE_URL}/actividades/detalle/local/${tourId}`);
  const facts = page.getByRole("region", { name: "Datos del tour" });
  await expect(facts).toContainText("Duración3 h 30 min");
  await expect(facts).toContainText("Idiomas del guíaEspañol, Inglés");
  await expect(facts).toContainText("Accesible en silla de ruedasParcialmente");
  await expect(facts).toContainText("ModalidadPrivado");
  await expect(facts).toContainText("Edad mínima8 años");
  await expect(facts.getByRole("link", { name: "Ver en OpenStreetMap" })).toHaveAttribute(
    "href",
    "https://www.openstreetmap.org/?mlat=4.5981&mlon=-74.076#map=17/4.5981/-74.076",
  );
  await expect(page.getByText("Duración: Media mañana")).toBeVisible();

  // its card on the city page: the duration and the languages
  await page.goto(`${STORE_URL}/actividades/${pais}/${ciudad}`);
  const card = page.getByTestId("local-tour-card").filter({ hasText: nombre });
  await expect(card).toContainText("Duración: 3 h 30 min");
  await expect(card).toContainText("Idiomas: Español, Inglés");

  // a booking's calendar file ends 3 h 30 min after the 10:00 start
  const email = `datos-${Date.now().toString(36)}@e2e.test`;
  const fecha = soonDate(5);
  const { referencia } = await paidBooking(request, SIM_URL, { tourId, fecha, hora: "10:00", adults: 1, email });
  const mail = await waitForMail(email, new RegExp(`^Tu reserva ${referencia} está confirmada$`));
  expect(mail.text).toContain("3 h 30 min (termina a las 13:30");
  const ics = (await attachment(mail, mail.attachments.findIndex((a) => a.filename.endsWith(".ics")))).toString("utf8");
  const day = fecha.replace(/-/g, "");
  expect(ics).toMatch(new RegExp(`DTSTART;TZID=[^:\\r\\n]+:${day}T100000\\r\\nDTEND;TZID=[^:\\r\\n]+:${day}T133000\\r\\n`));

  // Mi reserva (the e-mail's link) says how long it lasts and links the meeting point on the map
  const miReserva = /(https?:\/\/\S+\/mi-reserva\?\S+)/.exec(mail.text)?.[1];
  // the storefront's Mi reserva with this booking's reference and PIN
  expect(miReserva, "a link to Mi reserva").toMatch(new RegExp(`^${STORE_URL}/mi-reserva\\?ref=${referencia}&pin=\\d+$`));
  await page.goto(miReserva!);
  await expect(page.getByTestId("linea-duracion")).toHaveText(/^3 h 30 min \(termina a las 13:30/);
  await expect(page.getByTestId("linea-mapa")).toHaveAttribute("href", /^https:\/\/www\.openstreetmap\.org\/\?mlat=/);

  // the departure's manifest in the panel says until when it lasts
  await page.goto(`${STORE_URL}/panel/manifiesto/${tourId}-${day}-1000`);
  await expect(page.getByTestId("manifiesto")).toContainText("hasta las 13:30 (3 h 30 min)");
});
