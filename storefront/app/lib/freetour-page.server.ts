import { json } from "@remix-run/node";
import { buildMonth, formatDateEs, minutesToHora } from "@tours/domain";
import { monthNavigation, parseMes } from "~/components/booking/calendar-state";
import { formatPrice } from "~/components/money";
import { api, loadRecord, publicApiBase } from "~/lib/api.server";
import { durationText, es } from "~/lib/catalogue-format";
import { loadPaises } from "~/lib/catalogue.server";
import { readFavorites } from "~/lib/favorites.server";
import { imageOrScene } from "~/lib/scene-image";
import { departureLocal } from "~/lib/freetour-filters";
import { htmlToText, sanitizeProviderHtml, splitFirstBlock } from "~/lib/sanitize.server";
import { metaExcerpt, NO_STORE } from "~/lib/seo";
import { todayInBusinessTz } from "~/lib/time.server";
import { readVisited, visitedCookie } from "~/lib/visited.server";

/** A free tour's page (/activity/{id}): the provider's tour, its availability calendar, reviews and the visit cookie. */

/** The provider's ids as the page's URL may carry them. */
export const FREE_TOUR_ID = /^[A-Za-z0-9_-]{1,80}$/;
const MONTH = /^\d{4}-\d{2}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function videoEmbed(url: string | null | undefined): { kind: "iframe" | "video"; src: string } | null {
  if (!url || !/^https:\/\//i.test(url)) return null;
  const yt = /(?:youtube\.com\/(?:watch\?v=|embed\/)|youtu\.be\/)([\w-]{6,20})/i.exec(url);
  if (yt) return { kind: "iframe", src: `https://www.youtube-nocookie.com/embed/${yt[1]}` };
  const vimeo = /vimeo\.com\/(\d+)/i.exec(url);
  if (vimeo) return { kind: "iframe", src: `https://player.vimeo.com/video/${vimeo[1]}` };
  return { kind: "video", src: url };
}

interface FreeTourDeparture {
  id: string;
  language: string | null;
  local: NonNullable<ReturnType<typeof departureLocal>>;
}

/**
 * The availability calendar (`?mes=YYYY-MM&dia=YYYY-MM-DD`): it opens on the first month with a departure and
 * browses from this month to the last departure's; the days with at least one departure are marked, and a chosen
 * one lists its departures.
 */
function freeTourCalendar(url: URL, departures: FreeTourDeparture[], today: string, nowMinutes: number) {
  const availableDates = new Set(departures.map((s) => s.local.date));
  const current = parseMes(today.slice(0, 7))!;
  const mesText = url.searchParams.get("mes") ?? "";
  // a month that is not one (2026-13) or far off shows this month
  let shown = MONTH.test(mesText) ? (parseMes(mesText) ?? current) : parseMes((departures[0]?.local.date ?? today).slice(0, 7))!;
  if (shown.year < 2000 || shown.year > 2100) shown = current;
  const lastDeparture = departures[departures.length - 1]?.local.date;
  const { title, mes, prevMes, nextMes } = monthNavigation(shown, current, lastDeparture ? parseMes(lastDeparture.slice(0, 7)) : null);

  const weeks = buildMonth({ year: shown.year, month: shown.month, horarios: [], today, nowMinutes }).map((week) =>
    week.map((day) => ({ ...day, available: day.inMonth && !day.isPast && availableDates.has(day.date) })),
  );
  const diaParam = url.searchParams.get("dia");
  const selected = diaParam && DAY.test(diaParam) && availableDates.has(diaParam) ? diaParam : null;
  const dayDepartures = selected
    ? departures.filter((s) => s.local.date === selected).map((s) => ({ id: s.id, hora: minutesToHora(s.local.minutes), language: s.language }))
    : [];
  return {
    title,
    weeks,
    selected,
    selectedText: selected ? formatDateEs(selected) : null,
    dayDepartures,
    prevMes,
    nextMes,
    mes,
    availableDays: availableDates.size,
  };
}

/** The page's data, or 404 for an unknown tour; when the provider cannot be reached, `tour: null` (not cached). */
export async function loadFreeTourPage(id: string, request: Request) {
  if (!FREE_TOUR_ID.test(id)) throw new Response("Actividad no encontrada", { status: 404 });
  const url = new URL(request.url);

  const [found, paises, favorites, visited] = await Promise.all([
    loadRecord(`el free tour ${id}`, () => api().freetours.tour(id)),
    loadPaises(),
    readFavorites(request),
    readVisited(request).catch(() => []),
  ]);
  if (found === null) throw new Response("Actividad no encontrada", { status: 404 });
  if (found === "unavailable") {
    return json({ tour: null, id } as const, { headers: NO_STORE });
  }

  const tour = found.data;
  const title = es(tour.title);
  const pais = paises.find((p) => p.freetour_id === tour.countryId) ?? null;
  const { today, nowMinutes } = todayInBusinessTz();

  // Departures on the provider's wall clock; the calendar marks the days that have at least one.
  const departures = found.disponibilidad.data
    .map((d) => ({ id: String(d.id), language: d.language ?? null, local: departureLocal(d.date) }))
    .filter((s): s is FreeTourDeparture => s.local !== null && s.local.date >= today)
    .sort((a, b) => (a.local.date + a.local.minutes).localeCompare(b.local.date + b.local.minutes));

  const description = sanitizeProviderHtml(es(tour.description));
  let { intro, rest } = splitFirstBlock(description);
  // Providers often open the description with the brief, which the page already shows above it.
  if (htmlToText(intro) === es(tour.brief).trim()) ({ intro, rest } = splitFirstBlock(rest));
  const reviews = found.comentarios.data;
  const rating = Number(tour.rating);
  const reviewsCount = Number(tour.reviewsNumber) || reviews.length;

  // Remember the visit for the home's "still interested" strip (cookie, for visitors without JavaScript).
  const entry = {
    id: tour.id,
    nombre: title,
    imagen: tour.titleImageURL ?? null,
    valor: Number(tour.price.value) || 0,
    ...(pais ? { pais: pais.id } : {}),
  };
  const headers = new Headers();
  if (String(visited[0]?.id) !== tour.id) headers.append("Set-Cookie", await visitedCookie(request, entry));

  return json(
    {
      id,
      tour,
      title,
      entry,
      images: (tour.images.length > 0 ? tour.images.map((img) => img.URL) : [tour.titleImageURL ?? null]).map((src, i) => ({
        src: imageOrScene(publicApiBase(), src, `free-${tour.id}-${i}`),
        alt: `${title}: foto ${i + 1}`,
      })),
      metaDescription: metaExcerpt(es(tour.brief) || htmlToText(description) || `Free tour: ${title}`),
      pageUrl: `${url.origin}${url.pathname}`,
      backHref: `/country/${encodeURIComponent(tour.countryId)}`,
      countryName: pais?.nombre ?? null,
      price: formatPrice(Number(tour.price.value), tour.price.currency),
      lengthText: tour.length ? durationText(tour.length) : null,
      intro,
      rest,
      video: videoEmbed(tour.videoURL),
      calendar: freeTourCalendar(url, departures, today, nowMinutes),
      reviews,
      rating: Number.isFinite(rating) && rating > 0 ? rating : null,
      reviewsCount,
      favorite: favorites.includes(tour.id),
    },
    { headers },
  );
}
