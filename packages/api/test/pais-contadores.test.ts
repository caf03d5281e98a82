import { describe, expect, it } from "vitest";
import pg from "pg";
import { eq, sql } from "drizzle-orm";
import { rowsOf } from "../src/db/rows.ts";
import { localCounts } from "../src/modules/pais/resumen.ts";
import { comentariosTable, tourTable } from "../src/modules/tour/tour.table.ts";
import { databaseUrlOf } from "./second-api.ts";
import { useTestApp } from "./test-app.ts";

/**
 * The home's counters per country are kept by the database on every write (migration 0021). Each step below is
 * checked against the aggregate over every tour and comment that GET /api/pais/resumen used to run.
 */
const t = useTestApp({ seed: true });

async function recount() {
  const rows = rowsOf<{ pais: number; tours: number; comentarios: number; autores: number }>(
    await t.db.execute(sql`
      select p.id as pais,
             (select count(*)::int from tour tr where tr.pais = p.id) as tours,
             (select count(*)::int from comentarios c join tour tr on tr.id = c.id_tour where tr.pais = p.id) as comentarios,
             (select count(distinct lower(c.email))::int from comentarios c join tour tr on tr.id = c.id_tour where tr.pais = p.id) as autores
      from pais p order by p.id`),
  );
  return rows.map((r) => ({ pais: Number(r.pais), tours: Number(r.tours), comentarios: Number(r.comentarios), autores: Number(r.autores) }));
}

async function kept() {
  return (await localCounts(t.db)).map(({ pais, tours, comentarios, autores }) => ({ pais, tours, comentarios, autores }));
}

async function countsOf(pais: number) {
  return (await kept()).find((c) => c.pais === pais)!;
}

/**
 * pool.end() answers as soon as it has asked its connections to close, not once they are closed: the test database,
 * dropped (WITH FORCE) right after this file, could then kill a closing one, an "error" nobody listens to (it failed
 * CI once with four such errors). This waits for every connection's own end.
 */
async function endPool(pool: pg.Pool) {
  const open = pool.totalCount;
  let closed = 0;
  const allClosed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on("remove", () => {
      if (++closed === open) resolve();
    });
  });
  await pool.end();
  await allClosed;
}

describe("the countries' counters kept by the database", () => {
  it("start equal to the aggregate over the seeded catalogue", async () => {
    const counts = await kept();
    expect(counts.some((c) => c.tours > 0 && c.autores > 0)).toBe(true);
    expect(counts).toEqual(await recount());
  });

  it("follow new tours and comments, an author once per country whatever the case, a tour moved to another country, edits and deletions", async () => {
    const [a, b] = await t.db.execute(sql`select p.id, (select id from ciudades c where c.pais = p.id limit 1) as ciudad from pais p order by p.id limit 2`).then((r) =>
      rowsOf<{ id: number; ciudad: number }>(r).map((x) => ({ id: Number(x.id), ciudad: Number(x.ciudad) })),
    );
    const beforeA = await countsOf(a!.id);
    const [tour] = await t.db.insert(tourTable).values({ nombre: "Contadores", precioCents: 1000, pais: a!.id, ciudad: a!.ciudad }).returning();
    await t.db.insert(comentariosTable).values([
      { idTour: tour!.id, email: "Nueva.Autora@example.com", comentario: "Bien", start: 5 },
      { idTour: tour!.id, email: "nueva.autora@example.com", comentario: "Otra vez", start: 4 },
      { idTour: tour!.id, email: "otro@example.com", comentario: "Regular", start: 3 },
    ]);
    expect(await countsOf(a!.id)).toEqual({ ...beforeA, tours: beforeA.tours + 1, comentarios: beforeA.comentarios + 3, autores: beforeA.autores + 2 });
    expect(await kept()).toEqual(await recount());

    // the tour moves to another country with its three comments
    await t.db.update(tourTable).set({ pais: b!.id, ciudad: b!.ciudad }).where(eq(tourTable.id, tour!.id));
    expect(await countsOf(a!.id)).toEqual(beforeA);
    expect(await kept()).toEqual(await recount());

    // an author's e-mail corrected, one comment deleted
    const [otro] = await t.db.select().from(comentariosTable).where(eq(comentariosTable.email, "otro@example.com"));
    await t.db.update(comentariosTable).set({ email: "NUEVA.autora@example.com" }).where(eq(comentariosTable.id, otro!.id));
    expect(await kept()).toEqual(await recount());
    await t.db.delete(comentariosTable).where(eq(comentariosTable.id, otro!.id));
    expect(await kept()).toEqual(await recount());

    // the tour deleted: its comments go with it (the cascade), and so do their counts
    const beforeDelete = await countsOf(b!.id);
    await t.db.delete(tourTable).where(eq(tourTable.id, tour!.id));
    expect(await countsOf(b!.id)).toEqual({ ...beforeDelete, tours: beforeDelete.tours - 1, comentarios: beforeDelete.comentarios - 2, autores: beforeDelete.autores - 1 });
    expect(await kept()).toEqual(await recount());
  });

  it.runIf(!!process.env.DATABASE_URL)("stay exact with many writers at once (PostgreSQL, 8 connections)", async () => {
    const [tour] = await t.db.select().from(tourTable).limit(1);
    const pool = new pg.Pool({ connectionString: databaseUrlOf(t.db), max: 8 });
    // an error on a connection that is closing (see endPool) must not become the test process's uncaught exception
    pool.on("error", () => {});
    try {
      const emails = ["uno@example.com", "UNO@example.com", "dos@example.com", "tres@example.com"];
      const inserted = await Promise.all(
        Array.from({ length: 80 }, (_, i) =>
          pool
            .query<{ id: number }>("insert into comentarios (id_tour, email, comentario, start) values ($1, $2, 'carrera', 5) returning id", [tour!.id, emails[i % emails.length]])
            .then((r) => r.rows[0]!.id),
        ),
      );
      // half of them deleted at once, among more inserts
      await Promise.all([
        ...inserted.filter((_, i) => i % 2 === 0).map((id) => pool.query("delete from comentarios where id = $1", [id])),
        ...Array.from({ length: 20 }, (_, i) => pool.query("insert into comentarios (id_tour, email, comentario, start) values ($1, $2, 'más', 4)", [tour!.id, `nuevo${i % 5}@example.com`])),
      ]);
      expect(await kept()).toEqual(await recount());
    } finally {
      await endPool(pool);
    }
  });
});
