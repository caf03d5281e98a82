import { count, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { toCents } from "@tours/domain";
import type { Db } from "../db/client.ts";
import type { PreparedImage, Storage } from "../adapters/storage/index.ts";
import { BUNDLED_PLACES } from "../adapters/freetours/bundled-places.ts";
import { paisTable } from "../modules/pais/pais.table.ts";
import { ciudadesTable } from "../modules/ciudades/ciudades.table.ts";
import { comentariosTable, fotosTable, horarioTable, tourTable } from "../modules/tour/tour.table.ts";
import { bannerTable } from "../modules/banner/banner.table.ts";
import { createStaffUserRepository } from "../modules/auth/auth.repository.ts";
import { COMMENTS, COMMENT_EMAILS, DEMO_CITIES, DEMO_FACTS, PREFIJOS, type DemoTour } from "./catalogue.ts";
import { type Scene, prng, renderLandscape } from "./landscape.ts";
import { DEMO_ZONES, type SeededTour, demoCapacities, seedDemoBookings } from "./bookings.ts";

/** The free-text accessibility of a demo tour, in words that agree with its wheelchair fact. */
const ACCESIBILIDAD_TEXT = {
  si: "Apto para sillas de ruedas",
  no: "No apto para personas con movilidad reducida",
  parcial: "Accesible en parte: consulte antes de reservar",
} as const;

export interface SeedOptions {
  /** Generate photos (false in most tests: the catalogue is then seeded without images). */
  images: boolean | { width: number; height: number };
  /** How many images render at once. */
  concurrency?: number;
  now?: Date;
}

export interface SeedResult {
  seeded: boolean;
  paises: number;
  ciudades: number;
  tours: number;
  fotos: number;
  ms: number;
}

class AlreadySeeded extends Error {}

const HOURS = ["07:30", "08:00", "09:00", "10:30", "14:00", "15:30", "17:00", "19:30"];
const DAYS = ["lunes", "martes", "miercoles", "jueves", "viernes", "sabado", "domingo"] as const;

/** Creates the staff user from the settings: reset to ADMIN_PASSWORD when it was set, only created otherwise. */
export async function ensureStaffUser(
  db: Db,
  admin: { email: string; password: string; passwordIsDemo: boolean },
): Promise<void> {
  const users = createStaffUserRepository(db);
  const existing = await users.findByEmail(admin.email);
  if (existing && admin.passwordIsDemo) return;
  // a name changed with the CLI survives restarts
  await users.upsert({ email: admin.email, password: admin.password, nombre: existing?.nombre ?? "Administrador" });
}

async function pool<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(workers);
  return results;
}

function paragraph(text: string): string {
  return `<p>${text}</p>`;
}

function describe(tour: DemoTour, ciudad: string, pais: string): string {
  return [
    paragraph(
      `Descubre <strong>${ciudad}</strong> con un guía local que habla español. Este recorrido de ${tour.duracion.toLowerCase()} ` +
        `es una de las experiencias más valoradas de ${pais}.`,
    ),
    "<h3>Lo más destacado</h3>",
    `<ul>${tour.highlights.map((h) => `<li>${h.charAt(0).toUpperCase()}${h.slice(1)}</li>`).join("")}</ul>`,
    paragraph("Grupos reducidos, atención personalizada y confirmación inmediata de la reserva."),
  ].join("");
}

/**
 * The demo catalogue on an empty database: the 6 countries and 18 cities of bundled-places.ts (with their
 * free-tour ids), 46 tours with photos, weekly schedules and rated comments, and one banner. Does nothing
 * when any country exists, so a restart never duplicates anything.
 */
export async function seedDemo(
  deps: { db: Db; storage: Storage; log?: FastifyBaseLogger },
  options: SeedOptions,
): Promise<SeedResult> {
  const started = Date.now();
  const { db, storage } = deps;
  const [existing] = await db.select({ n: count() }).from(paisTable);
  if ((existing?.n ?? 0) > 0) {
    return { seeded: false, paises: 0, ciudades: 0, tours: 0, fotos: 0, ms: Date.now() - started };
  }

  const now = options.now ?? new Date();
  const rand = prng(20261121);
  const size = options.images === true ? { width: 1200, height: 750 } : options.images || null;

  // 1. plan every image (seeded, so the demo looks the same on every machine)
  interface ImageJob { key: string; scene: Scene; title: string; seed: number; folder: string }
  const jobs: ImageJob[] = [];
  const photoCounts = new Map<string, number>();
  let seed = 1;
  for (const place of BUNDLED_PLACES) {
    jobs.push({ key: `pais:${place.country}`, scene: "hills", title: place.country, seed: seed++, folder: "paises" });
    for (const city of place.cities) {
      const demo = DEMO_CITIES[city.name];
      if (!demo) throw new Error(`seed: no demo content for ${city.name}`);
      jobs.push({ key: `ciudad:${city.name}`, scene: demo.scene, title: city.name, seed: seed++, folder: "ciudades" });
      for (const tour of demo.tours) {
        const photos = 2 + Math.floor(rand() * 5);
        photoCounts.set(tour.nombre, photos);
        for (let i = 0; i < photos; i++) {
          const scene = i === 0 ? tour.scene : (["hills", "sea", "city", "desert", "snow"] as const)[Math.floor(rand() * 5)]!;
          jobs.push({ key: `tour:${tour.nombre}:${i}`, scene, title: city.name, seed: seed++, folder: "tours" });
        }
      }
    }
  }
  jobs.push({ key: "banner", scene: "sea", title: "Viaja por Japón · 20% de descuento", seed: seed++, folder: "banner" });

  // 2. render and write them (nothing in the database yet)
  const paths = new Map<string, string>();
  if (size) {
    const prepared = await pool(jobs, options.concurrency ?? 4, (job) =>
      renderLandscape({ seed: job.seed, scene: job.scene, title: job.title, ...size }),
    );
    const byFolder = new Map<string, Array<{ key: string; image: PreparedImage }>>();
    jobs.forEach((job, i) => {
      const list = byFolder.get(job.folder) ?? [];
      list.push({ key: job.key, image: prepared[i]! });
      byFolder.set(job.folder, list);
    });
    for (const [folder, list] of byFolder) {
      const written = await storage.writeImages(list.map((l) => l.image), folder);
      list.forEach((l, i) => paths.set(l.key, written[i]!));
    }
  }

  // 3. the rows, in one transaction; if it fails the written images are removed again
  let counts = { paises: 0, ciudades: 0, tours: 0, fotos: 0 };
  try {
    counts = await db.transaction(async (tx) => {
      // two processes starting together: the second waits here, then finds the catalogue and stops
      await tx.execute(sql`select pg_advisory_xact_lock(74310001)`);
      const [again] = await tx.select({ n: count() }).from(paisTable);
      if ((again?.n ?? 0) > 0) throw new AlreadySeeded();
      const result = { paises: 0, ciudades: 0, tours: 0, fotos: 0 };
      const seededTours: SeededTour[] = [];
      const demoCapacity = demoCapacities();
      for (const place of BUNDLED_PLACES) {
        const [pais] = await tx
          .insert(paisTable)
          .values({
            nombre: place.country,
            prefijo: PREFIJOS[place.country] ?? 1,
            imagen: paths.get(`pais:${place.country}`) ?? null,
            destacado: true,
            freetourId: place.countryId,
            zonaHoraria: DEMO_ZONES[place.country] ?? "America/Bogota",
          })
          .returning({ id: paisTable.id });
        result.paises++;
        for (const city of place.cities) {
          const demo = DEMO_CITIES[city.name]!;
          const [ciudad] = await tx
            .insert(ciudadesTable)
            .values({
              nombre: city.name,
              pais: pais!.id,
              imagen: paths.get(`ciudad:${city.name}`) ?? null,
              destacado: demo.destacado,
              freetourId: city.cityId,
            })
            .returning({ id: ciudadesTable.id });
          result.ciudades++;
          for (const tour of demo.tours) {
            const facts = DEMO_FACTS[tour.nombre]!;
            const [row] = await tx
              .insert(tourTable)
              .values({
                nombre: tour.nombre,
                nombreHotel: tour.hotel,
                precioCents: toCents(tour.precio),
                habitacionIndividual: rand() < 0.7,
                habitacionDoble: true,
                habitacionTriple: rand() < 0.4,
                intinerario: `Encuentro en ${tour.punto}. ${tour.highlights.map((h) => h.charAt(0).toUpperCase() + h.slice(1)).join(". ")}. Regreso al punto de partida.`,
                incluye: "Guía profesional en español, entradas a los sitios indicados, agua embotellada",
                noIncluye: "Propinas, gastos personales, comidas no indicadas",
                duracion: tour.duracion,
                // the draw is kept so the seed's later draws stay as they were; the text follows the tour's facts
                accesibilidad: (rand(), ACCESIBILIDAD_TEXT[facts.accesible]),
                mascotas: rand() < 0.3,
                salidas: `<p>Salidas diarias desde <strong>${tour.punto}</strong>. Llegue 15 minutos antes.</p>`,
                puntoEncuentro: tour.punto,
                reembolsable: rand() < 0.8,
                pais: pais!.id,
                ciudad: ciudad!.id,
                descripcion: describe(tour, city.name, place.country),
                duracionMinutos: facts.minutos,
                idiomas: facts.idiomas,
                accesibleSillaRuedas: facts.accesible,
                modalidad: facts.modalidad,
                edadMinima: facts.edad,
                encuentroLat: facts.punto[0],
                encuentroLng: facts.punto[1],
              })
              .returning({ id: tourTable.id });
            result.tours++;
            const tourId = row!.id;

            const fotoUrls = Array.from({ length: photoCounts.get(tour.nombre) ?? 0 }, (_, i) =>
              paths.get(`tour:${tour.nombre}:${i}`),
            ).filter((u): u is string => Boolean(u));
            if (fotoUrls.length > 0) {
              await tx.insert(fotosTable).values(fotoUrls.map((url) => ({ url, tourId })));
              result.fotos += fotoUrls.length;
            }

            const scheduleCount = 1 + Math.floor(rand() * 3);
            const hours = [...HOURS].sort(() => rand() - 0.5).slice(0, scheduleCount).sort();
            const scheduleRows = hours.map((hora) => {
              const days = Object.fromEntries(DAYS.map((d) => [d, rand() < 0.7])) as Record<(typeof DAYS)[number], boolean>;
              if (!DAYS.some((d) => days[d])) days.sabado = true;
              return { tourId, horaInicio: hora, ...days, cupo: demoCapacity() };
            });
            await tx.insert(horarioTable).values(scheduleRows);
            seededTours.push({
              tourId,
              nombre: tour.nombre,
              precioCents: toCents(tour.precio),
              zona: DEMO_ZONES[place.country] ?? "America/Bogota",
              schedules: scheduleRows.map(({ horaInicio, cupo, tourId: _t, ...days }) => ({ hora: horaInicio, cupo, days })),
            });

            const comments = 2 + Math.floor(rand() * 4);
            await tx.insert(comentariosTable).values(
              Array.from({ length: comments }, (_, i) => {
                const c = COMMENTS[Math.floor(rand() * COMMENTS.length)]!;
                const createdAt = new Date(now.getTime() - Math.floor((i + 1) * (1 + rand() * 20)) * 86_400_000);
                return {
                  idTour: tourId,
                  email: COMMENT_EMAILS[Math.floor(rand() * COMMENT_EMAILS.length)]!,
                  comentario: c.text,
                  start: c.start,
                  createdAt,
                  updatedAt: createdAt,
                };
              }),
            );
          }
        }
      }
      await seedDemoBookings(tx, seededTours, now);
      const banner = paths.get("banner");
      if (banner) await tx.insert(bannerTable).values({ url: banner, descripcion: "Viaja por Japón con 20% de descuento" });
      return result;
    });
  } catch (err) {
    await storage.remove([...paths.values()]);
    if (err instanceof AlreadySeeded) {
      return { seeded: false, paises: 0, ciudades: 0, tours: 0, fotos: 0, ms: Date.now() - started };
    }
    throw err;
  }
  const ms = Date.now() - started;
  deps.log?.info({ ...counts, ms }, "demo catalogue seeded");
  return { seeded: true, ...counts, ms };
}
