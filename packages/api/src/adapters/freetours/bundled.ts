import { createHash } from "node:crypto";
import sharp from "sharp";
import type { FreeTour, FreeTourAvailability, FreeTourReview } from "@tours/contract";
import { BUNDLED_PLACES } from "./bundled-places.ts";
import { BUNDLED_TOUR_SEEDS, type BundledTourSeed } from "./bundled-data.ts";
import type { FreeTourPage, FreeTourProvider } from "./types.ts";
import type { ObjectStore } from "../storage/object-store.ts";
import { VARIANT_WIDTHS, encodeWebSet, variantName } from "../storage/index.ts";

/** Provider-style status of a successful answer. */
export const PROVIDER_OK = "success";
export const BUNDLED_PAGE_SIZE = 12;
/** How many days ahead the bundled availability reaches. */
export const AVAILABILITY_DAYS = 30;
/** Pictures per tour: the title image and one more for the carousel (2 are shown at a time). */
const IMAGES_PER_TOUR = 2;

/** Fixed UTC offsets of the demo countries (winter time; a demo catalogue does not need DST). */
const OFFSET_BY_COUNTRY: Record<string, string> = {
  Colombia: "-05:00",
  México: "-06:00",
  Perú: "-05:00",
  España: "+01:00",
  Argentina: "-03:00",
  Japón: "+09:00",
};

/** A name-based uuid (version 5 layout over SHA-1): the same key gives the same id on every start. */
export function stableUuid(key: string): string {
  const h = createHash("sha1").update(`tours-marketplace/freetours/${key}`).digest();
  h[6] = ((h[6] ?? 0) & 0x0f) | 0x50;
  h[8] = ((h[8] ?? 0) & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Deterministic pseudo-random numbers per tour, so reviews are the same on every start. */
function rng(seed: string): () => number {
  let state = createHash("sha1").update(seed).digest().readUInt32LE(0) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 1_000_000) / 1_000_000;
  };
}

const REVIEWERS = [
  "María G.", "Carlos R.", "Lucía F.", "Andrés M.", "Valentina P.", "Jorge L.", "Camila S.", "Diego H.",
  "Sofía V.", "Mateo C.", "Isabel T.", "Javier N.", "Paula D.", "Santiago A.", "Elena B.", "Tomás Q.",
];
const REVIEW_TEXTS: Array<{ rate: number; title: string; content: string }> = [
  { rate: 5, title: "Imprescindible", content: "El guía explicó todo con mucha pasión y humor. Lo mejor fue {h}." },
  { rate: 5, title: "Una forma perfecta de empezar el viaje", content: "Nos ubicó en la ciudad y nos dio muy buenas recomendaciones. {h} nos encantó." },
  { rate: 4, title: "Muy recomendable", content: "Buen ritmo y mucha historia. El grupo era un poco grande, pero {h} valió la pena." },
  { rate: 5, title: "Excelente guía", content: "Puntual, simpático y con anécdotas que no salen en las guías. Volveremos por {h}." },
  { rate: 4, title: "Muy completo", content: "Recorrido bien pensado. Lleven agua y zapatos cómodos; {h} es precioso." },
  { rate: 3, title: "Correcto", content: "Interesante, aunque se hizo algo largo. {h} fue lo más destacado." },
  { rate: 5, title: "Lo mejor de la ciudad", content: "Aprendimos muchísimo y nos reímos todo el tiempo. {h} es inolvidable." },
];

interface CatalogueEntry {
  seed: BundledTourSeed;
  tour: FreeTour;
  reviews: FreeTourReview[];
  offset: string;
}

function placeOf(cityId: string): { countryId: string; country: string; city: string } {
  for (const place of BUNDLED_PLACES) {
    const city = place.cities.find((c) => c.cityId === cityId);
    if (city) return { countryId: place.countryId, country: place.country, city: city.name };
  }
  throw new Error(`bundled free tours: unknown city ${cityId}`);
}

export function imageFileName(tourId: string, n: number): string {
  return n === 1 ? `${tourId}.webp` : `${tourId}-${n}.webp`;
}

function describe(seed: BundledTourSeed, city: string): string {
  const items = seed.highlights.map((h) => `<li>${h}</li>`).join("");
  const hours = Math.floor(seed.length / 60);
  const minutes = seed.length % 60;
  const duration = minutes ? `${hours} h ${minutes} min` : `${hours} h`;
  return [
    `<p>${seed.brief}</p>`,
    `<p>En este free tour por ${city} recorrerás a pie, con un guía local, algunos de los lugares más especiales de la ciudad:</p>`,
    `<ul>${items}</ul>`,
    `<p><strong>Duración:</strong> ${duration} aproximadamente.</p>`,
    `<p><strong>Punto de encuentro:</strong> ${seed.meetingPoint}.</p>`,
    `<p>Es un tour gratuito: al final, cada persona decide cuánto dar al guía según su experiencia.</p>`,
  ].join("\n");
}

function buildCatalogue(publicApiUrl: string): CatalogueEntry[] {
  const base = publicApiUrl.replace(/\/+$/, "");
  return BUNDLED_TOUR_SEEDS.map((seed) => {
    const id = stableUuid(seed.key);
    const place = placeOf(seed.cityId);
    const random = rng(seed.key);
    const count = 3 + Math.floor(random() * 6);
    const reviews: FreeTourReview[] = Array.from({ length: count }, (_, i) => {
      const text = REVIEW_TEXTS[Math.floor(random() * REVIEW_TEXTS.length)] ?? REVIEW_TEXTS[0]!;
      const highlight = seed.highlights[Math.floor(random() * seed.highlights.length)] ?? seed.title;
      return {
        id: stableUuid(`${seed.key}/review/${i}`),
        reviewerName: REVIEWERS[Math.floor(random() * REVIEWERS.length)] ?? "Viajero",
        language: "es",
        title: text.title,
        content: text.content.replace("{h}", highlight),
        rate: text.rate,
      };
    });
    const rating = Math.round((reviews.reduce((s, r) => s + Number(r.rate), 0) / reviews.length) * 10) / 10;
    const images = Array.from({ length: IMAGES_PER_TOUR }, (_, i) => ({
      id: stableUuid(`${seed.key}/image/${i + 1}`),
      URL: `${base}/uploads/freetours/${imageFileName(id, i + 1)}`,
    }));
    const tour: FreeTour = {
      id,
      title: { es: seed.title },
      brief: { es: seed.brief },
      description: { es: describe(seed, place.city) },
      includes: [...seed.includes],
      // free tours: the price is 0, the guide lives on tips
      price: { value: 0, currency: "USD" },
      titleImageURL: images[0]!.URL,
      images,
      videoURL: null,
      countryId: place.countryId,
      cityId: seed.cityId,
      meetingPoint: { title: seed.meetingPoint, coordinates: { lat: seed.coordinates[0], lng: seed.coordinates[1] } },
      length: seed.length,
      rating,
      reviewsNumber: reviews.length,
    };
    return { seed, tour, reviews, offset: OFFSET_BY_COUNTRY[place.country] ?? "+00:00" };
  });
}

/** Local date and minutes of the day at a fixed UTC offset. */
function localClock(now: Date, offset: string): { date: Date; minutes: number } {
  const sign = offset.startsWith("-") ? -1 : 1;
  const [hh, mm] = offset.slice(1).split(":").map(Number);
  const shifted = new Date(now.getTime() + sign * ((hh ?? 0) * 60 + (mm ?? 0)) * 60_000);
  return {
    date: new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate())),
    minutes: shifted.getUTCHours() * 60 + shifted.getUTCMinutes(),
  };
}

/** Departures of the next AVAILABILITY_DAYS days (from today, local to the city), skipping those already started. */
export function availabilityFor(entry: CatalogueEntry, now: Date): FreeTourAvailability[] {
  const { date: today, minutes: nowMinutes } = localClock(now, entry.offset);
  const departures: FreeTourAvailability[] = [];
  for (let d = 0; d < AVAILABILITY_DAYS; d++) {
    const day = new Date(today.getTime() + d * 86_400_000);
    if (!entry.seed.days.includes(day.getUTCDay())) continue;
    const ymd = day.toISOString().slice(0, 10);
    for (const start of entry.seed.starts) {
      const [h, m] = start.split(":").map(Number);
      if (d === 0 && (h ?? 0) * 60 + (m ?? 0) <= nowMinutes) continue;
      departures.push({
        id: `${entry.tour.id}-${ymd}-${start.replace(":", "")}`,
        tourId: entry.tour.id,
        language: "es",
        date: `${ymd}T${start}:00${entry.offset}`,
      });
    }
  }
  return departures;
}

function paginate(tours: FreeTour[], page = 1): FreeTourPage {
  const totalPages = Math.ceil(tours.length / BUNDLED_PAGE_SIZE);
  const currentPage = Math.max(1, Math.floor(page) || 1);
  const start = (currentPage - 1) * BUNDLED_PAGE_SIZE;
  return {
    tours: tours.slice(start, start + BUNDLED_PAGE_SIZE).map((t) => structuredClone(t)),
    currentPage,
    totalPages,
    totalObjects: tours.length,
  };
}

export interface BundledProviderOptions {
  /** Absolute origin the browser uses for the API; image URLs hang from it. */
  publicApiUrl: string;
  now?: () => Date;
}

/** The offline catalogue: ≥ 30 Spanish free tours over the demo cities, stable ids, availability from today. */
export function createBundledFreeTourProvider(options: BundledProviderOptions): FreeTourProvider & {
  readonly size: number;
} {
  const catalogue = buildCatalogue(options.publicApiUrl);
  const byId = new Map(catalogue.map((e) => [e.tour.id, e]));
  const now = options.now ?? (() => new Date());
  return {
    size: catalogue.length,
    async toursByCountry(countryId, page) {
      return paginate(catalogue.filter((e) => e.tour.countryId === countryId).map((e) => e.tour), page);
    },
    async toursByCity(cityId, page) {
      return paginate(catalogue.filter((e) => e.tour.cityId === cityId).map((e) => e.tour), page);
    },
    async tour(id) {
      const entry = byId.get(id);
      return entry ? structuredClone(entry.tour) : null;
    },
    async availability(id) {
      const entry = byId.get(id);
      return { data: entry ? availabilityFor(entry, now()) : [], status: PROVIDER_OK };
    },
    async reviews(id) {
      const entry = byId.get(id);
      return { data: entry ? structuredClone(entry.reviews) : [], status: PROVIDER_OK };
    },
  };
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c);
}

/** A picture for a tour: a gradient sky, a skyline and the title; variant 2 and 3 change the composition. */
export function tourImageSvg(seed: BundledTourSeed, city: string, variant: number): string {
  const [a, b] = seed.palette;
  const random = rng(`${seed.key}/svg/${variant}`);
  const buildings = Array.from({ length: 14 }, (_, i) => {
    const w = 50 + Math.floor(random() * 40);
    const h = 80 + Math.floor(random() * (variant === 2 ? 260 : 180));
    const x = i * 70 - 20;
    return `<rect x="${x}" y="${600 - h}" width="${w}" height="${h}" fill="#000" opacity="${(0.18 + random() * 0.25).toFixed(2)}"/>`;
  }).join("");
  const sun = variant === 2 ? `<circle cx="760" cy="150" r="70" fill="#fff" opacity="0.35"/>` : `<circle cx="170" cy="140" r="55" fill="#fff" opacity="0.3"/>`;
  const label = variant === 1 ? seed.title : (seed.highlights[variant - 2] ?? seed.title);
  // long titles shrink to stay inside the picture (about 0.6 em per character in DejaVu Sans Bold)
  const fontSize = Math.min(40, Math.floor(880 / (0.62 * label.length)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 960 600">
<defs><linearGradient id="g" x1="0" y1="0" x2="${variant === 2 ? 1 : 0}" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="960" height="600" fill="url(#g)"/>${sun}${buildings}
<rect x="0" y="430" width="960" height="170" fill="#000" opacity="0.35"/>
<text x="40" y="505" font-family="DejaVu Sans, Arial, sans-serif" font-size="${fontSize}" font-weight="bold" fill="#fff">${escapeXml(label)}</text>
<text x="40" y="555" font-family="DejaVu Sans, Arial, sans-serif" font-size="26" fill="#fff" opacity="0.9">${escapeXml(city)} · Free tour</text>
</svg>`;
}

/**
 * Writes each bundled tour's pictures once, with the width variants every stored WebP has (`-480w`, `-960w`): the
 * storefront's cards ask for them in their srcset like for any upload, and a missing one is a blank card.
 */
export async function ensureBundledImages(objects: ObjectStore): Promise<number> {
  let written = 0;
  for (const seed of BUNDLED_TOUR_SEEDS) {
    const id = stableUuid(seed.key);
    const { city } = placeOf(seed.cityId);
    for (let n = 1; n <= IMAGES_PER_TOUR; n++) {
      const stem = `freetours/${imageFileName(id, n).slice(0, -".webp".length)}`;
      const keys = [`${stem}.webp`, ...VARIANT_WIDTHS.map((w) => variantName(stem, w))];
      const missing = [];
      for (const key of keys) if (!(await objects.exists(key))) missing.push(key);
      if (missing.length === 0) continue;
      const { data, info } = await sharp(Buffer.from(tourImageSvg(seed, city, n))).raw().toBuffer({ resolveWithObject: true });
      const set = await encodeWebSet({ data, info: { width: info.width, height: info.height, channels: info.channels } }, { quality: 78 });
      const bodies = new Map<string, Buffer>([[keys[0]!, set.web], ...VARIANT_WIDTHS.map((w): [string, Buffer] => [variantName(stem, w), set.variants[w]])]);
      for (const key of missing) {
        await objects.put(key, bodies.get(key)!, "image/webp");
        written++;
      }
    }
  }
  return written;
}
