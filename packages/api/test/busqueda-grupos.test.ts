import { describe, expect, it } from "vitest";
import { BusquedaAnswer } from "@tours/contract";
import { DURACIONES, DURACION_RANGOS, addDays } from "@tours/domain";
import { eq, sql } from "drizzle-orm";
import { rowsOf } from "../src/db/rows.ts";
import { fechaCerrada, salida } from "../src/modules/salidas/salidas.table.ts";
import { horarioTable, tourTable } from "../src/modules/tour/tour.table.ts";
import { listCities } from "./helpers.ts";
import { useTestApp } from "./test-app.ts";

/**
 * The search's counts read from groups of alike tours (`busqueda_grupo`, migration 0026) when a search has only a
 * place, filters by facts and a date whose weekday decides: the groups must stay what a fresh count of the tours
 * gives after any write, and the answer must be the one the count over the tours gives (a price filter from 0 sends
 * the same search that way).
 */
const t = useTestApp({ seed: true });

const buscar = async (query: string) => {
  const res = await t.app.inject({ method: "GET", url: `/api/busqueda?${query}` });
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return BusquedaAnswer.parse(res.json()).succes;
};

/** Rows of busqueda_grupo that a fresh count of the tours does not give, and the other way round. */
async function groupsOffFromTours(): Promise<unknown[]> {
  const fresh = sql`SELECT pais, ciudad, duracion_rango(duracion_minutos) AS duracion_rango, idiomas, accesible_silla_ruedas, modalidad,
                           dias_con_horario(id) AS dias_con_horario, corte_horas, count(*)::int AS tours, min(precio_cents) AS precio_min, max(precio_cents) AS precio_max
                    FROM tour GROUP BY 1, 2, 3, 4, 5, 6, 7, 8`;
  const kept = sql`SELECT pais, ciudad, duracion_rango, idiomas, accesible_silla_ruedas, modalidad, dias_con_horario, corte_horas, tours, precio_min, precio_max
                   FROM busqueda_grupo`;
  return rowsOf(await t.db.execute(sql`(${kept} EXCEPT ${fresh}) UNION ALL (${fresh} EXCEPT ${kept})`));
}

const FACTS = {
  duracion: [null, 60, 120, 121, 240, 241, 480, 481, 900],
  idiomas: [[], ["es"], ["es", "en"], ["en", "fr"], ["de"]],
  accesible: [null, "si", "no", "parcial"],
  modalidad: [null, "grupo", "privado"],
} as const;

describe("the search's groups of alike tours", () => {
  it("duracion_rango() puts minutes in DURACIONES' ranges, at every boundary", async () => {
    for (const rango of DURACION_RANGOS) {
      const { desde, hasta } = DURACIONES[rango];
      for (const minutos of [desde ?? 1, hasta ?? 43_200, ...(desde === null ? [] : [desde + 1]), ...(hasta === null ? [] : [hasta - 1])]) {
        const [row] = rowsOf<{ r: string }>(await t.db.execute(sql`SELECT duracion_rango(${minutos}::int) AS r`));
        expect(row!.r, `${minutos} minutes`).toBe(rango);
      }
    }
    const [none] = rowsOf<{ r: string | null }>(await t.db.execute(sql`SELECT duracion_rango(NULL::int) AS r`));
    expect(none!.r).toBeNull();
  });

  it("stay exact through inserts, updates and deletes of one tour or many, and answer as the count over the tours", async () => {
    expect(await groupsOffFromTours()).toEqual([]);
    const cities = await listCities(t.app);
    const [city, other] = [cities.find((c) => c.nombre === "Medellín")!, cities.find((c) => c.nombre === "Lima")!];
    await t.db.insert(tourTable).values(
      Array.from({ length: 60 }, (_, i) => ({
        nombre: `Grupo ${i}`,
        precioCents: 1_000 + ((i * 397) % 9_000),
        pais: city.pais,
        ciudad: city.id,
        duracionMinutos: FACTS.duracion[i % FACTS.duracion.length]!,
        idiomas: [...FACTS.idiomas[(i * 3) % FACTS.idiomas.length]!],
        accesibleSillaRuedas: FACTS.accesible[(i * 5) % FACTS.accesible.length]!,
        modalidad: FACTS.modalidad[(i * 7) % FACTS.modalidad.length]!,
      })),
    );
    // horarios on some weekdays, and one tour's own cutoff of two days
    const grupo = await t.db.select({ id: tourTable.id, nombre: tourTable.nombre }).from(tourTable).where(sql`${tourTable.nombre} LIKE 'Grupo %'`);
    await t.db.insert(horarioTable).values(
      grupo.filter((_, i) => i % 4 !== 3).map((g, i) => ({ tourId: g.id, horaInicio: "09:00", lunes: i % 2 === 0, martes: true, sabado: i % 3 === 0, domingo: i % 5 === 0, cupo: 8 })),
    );
    await t.db.update(tourTable).set({ corteHoras: 48 }).where(eq(tourTable.nombre, "Grupo 5"));
    expect(await groupsOffFromTours()).toEqual([]);

    // the answer from the groups is the answer from the tours (a price filter from 0 keeps every tour)
    const queries = ["", "&idioma=en", "&duracion=2-4h", "&accesible=si&modalidad=grupo", "&idioma=fr&duracion=mas-8h&orden=-precio", "&orden=nombre&pagina=2", "&accesible=parcial&orden=precio"];
    const sameBothWays = async () => {
      for (const q of queries) {
        const byGroups = await buscar(`ciudad=${city.id}${q}`);
        const byTours = await buscar(`ciudad=${city.id}${q}&precio_min=0`);
        expect(byGroups, q).toEqual(byTours);
      }
      const today = new Date().toISOString().slice(0, 10);
      for (const days of [0, 1, 2, 3, 9, 10, 13, 400]) {
        for (const q of ["", "&idioma=en&orden=precio"]) {
          const on = `ciudad=${city.id}&fecha=${addDays(today, days)}${q}`;
          expect(await buscar(on), on).toEqual(await buscar(`${on}&precio_min=0`));
        }
      }
      const country = await buscar(`pais=${city.pais}&idioma=es&orden=precio`);
      expect(country).toEqual(await buscar(`pais=${city.pais}&idioma=es&orden=precio&precio_min=0`));
      const spanish = await t.db.execute(sql`SELECT count(*)::int AS n FROM tour WHERE pais = ${city.pais} AND 'es' = ANY(idiomas)`);
      expect(country.paginacion.total).toBe(rowsOf<{ n: number }>(spanish)[0]!.n);
    };
    await sameBothWays();
    // a departure row and a closing on two of the days: those days are decided tour by tour
    const [g1, g2] = grupo;
    const today = new Date().toISOString().slice(0, 10);
    await t.db.insert(salida).values({ tourId: g1!.id, fecha: addDays(today, 9), hora: "09:00", cerrada: true });
    await t.db.insert(fechaCerrada).values({ tourId: g2!.id, fecha: addDays(today, 10) });
    await sameBothWays();

    // one tour's price and facts; many tours' prices at once (the cheapest and dearest of groups among them)
    const [first] = await t.db.select({ id: tourTable.id }).from(tourTable).where(eq(tourTable.nombre, "Grupo 0"));
    await t.db.update(tourTable).set({ precioCents: 50, idiomas: ["it"], modalidad: "privado" }).where(eq(tourTable.id, first!.id));
    expect(await groupsOffFromTours()).toEqual([]);
    await t.db.update(tourTable).set({ precioCents: sql`${tourTable.precioCents} * 2 + 1` }).where(sql`${tourTable.nombre} LIKE 'Grupo 1%'`);
    expect(await groupsOffFromTours()).toEqual([]);
    // many tours to another city and other facts, in one statement
    await t.db
      .update(tourTable)
      .set({ pais: other.pais, ciudad: other.id, duracionMinutos: 200, accesibleSillaRuedas: null })
      .where(sql`${tourTable.nombre} LIKE 'Grupo 2%'`);
    expect(await groupsOffFromTours()).toEqual([]);
    await sameBothWays();

    // horarios changed: the weekdays move the tours between groups
    await t.db.update(horarioTable).set({ martes: false, miercoles: true }).where(sql`${horarioTable.tourId} IN (SELECT id FROM tour WHERE nombre LIKE 'Grupo 1%')`);
    await t.db.delete(horarioTable).where(sql`${horarioTable.tourId} IN (SELECT id FROM tour WHERE nombre LIKE 'Grupo 4%')`);
    expect(await groupsOffFromTours()).toEqual([]);
    await sameBothWays();

    // one group's range: a price inside it leaves it as it is, one at an end has it read again
    const trio = await t.db
      .insert(tourTable)
      .values([10, 20, 30].map((p) => ({ nombre: `Trío ${p}`, precioCents: p, pais: other.pais, ciudad: other.id, duracionMinutos: 999, idiomas: ["ja"] })))
      .returning({ id: tourTable.id });
    await t.db.delete(tourTable).where(eq(tourTable.id, trio[1]!.id));
    expect(await groupsOffFromTours()).toEqual([]);
    await t.db.update(tourTable).set({ precioCents: 25 }).where(eq(tourTable.id, trio[2]!.id));
    expect(await groupsOffFromTours()).toEqual([]);
    await t.db.delete(tourTable).where(eq(tourTable.id, trio[0]!.id));
    expect(await groupsOffFromTours()).toEqual([]);

    // deletes: one tour, then many (whole groups and parts of groups)
    await t.db.delete(tourTable).where(eq(tourTable.id, first!.id));
    expect(await groupsOffFromTours()).toEqual([]);
    await t.db.delete(tourTable).where(sql`${tourTable.nombre} LIKE 'Grupo 3%' OR ${tourTable.nombre} LIKE 'Grupo 2%'`);
    expect(await groupsOffFromTours()).toEqual([]);
    await sameBothWays();
    await t.db.delete(tourTable).where(sql`${tourTable.nombre} LIKE 'Grupo %'`);
    expect(await groupsOffFromTours()).toEqual([]);
  });

  it("stay exact when staff write tours of the same groups at once (on PostgreSQL, concurrent transactions)", async () => {
    const cities = await listCities(t.app);
    const city = cities.find((c) => c.nombre === "Cusco") ?? cities[0]!;
    const facts = (idiomas: string[]) => ({ pais: city.pais, ciudad: city.id, duracionMinutos: 150, idiomas, accesibleSillaRuedas: "no", modalidad: "grupo" });
    const [A, B] = [["pt"], ["pt", "it"]];
    const ids = (
      await t.db
        .insert(tourTable)
        .values(Array.from({ length: 40 }, (_, i) => ({ ...facts(i % 2 === 0 ? A : B), nombre: `Carrera ${i}`, precioCents: 5_000 + i * 10 })))
        .returning({ id: tourTable.id })
    ).map((r) => r.id);
    const postgres = t.handle.kind === "postgres";
    // each write holds its row and group locks a little before committing, so the others queue behind or interleave
    const hold = async (tx: Parameters<Parameters<typeof t.db.transaction>[0]>[0]) => {
      if (postgres) await tx.execute(sql`SELECT pg_sleep(0.01)`);
    };
    const writes = Array.from({ length: 80 }, (_, k) =>
      t.db.transaction(async (tx) => {
        const id = ids[(k * 7) % ids.length]!;
        switch (k % 5) {
          case 0: // a new lowest price of its group
            await tx.update(tourTable).set({ precioCents: 100 + k }).where(eq(tourTable.id, id));
            break;
          case 1: // a new highest
            await tx.update(tourTable).set({ precioCents: 90_000 - k }).where(eq(tourTable.id, id));
            break;
          case 2: // gone (maybe the group's cheapest or dearest by now)
            await tx.delete(tourTable).where(eq(tourTable.id, id));
            break;
          case 3: // a new tour at either end
            await tx.insert(tourTable).values({ ...facts(k % 2 === 0 ? A : B), nombre: `Carrera nueva ${k}`, precioCents: k % 4 === 0 ? 50 + k : 95_000 + k });
            break;
          default: // to the other group: A → B and B → A at the same time
            await tx.update(tourTable).set({ idiomas: k % 2 === 0 ? B : A, precioCents: 3_000 + k }).where(eq(tourTable.id, id));
        }
        await hold(tx);
      }),
    );
    const outcomes = await Promise.allSettled(writes);
    expect(outcomes.filter((o) => o.status === "rejected").map((o) => { const e = (o as PromiseRejectedResult).reason as { cause?: { message?: string; code?: string } }; return `${e.cause?.code}: ${e.cause?.message}`; })).toEqual([]);
    expect(await groupsOffFromTours()).toEqual([]);
  });
});
