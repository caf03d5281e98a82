import { type SQL, sql } from "drizzle-orm";
import {
  ACCESIBLE_FILTRO_CODES,
  BOOKING_HORIZON_DAYS,
  BUSQUEDA_MAX_DESTINOS,
  BUSQUEDA_POR_PAGINA,
  DURACIONES,
  DURACION_RANGOS,
  typosAllowed,
  IDIOMA_CODES,
  MODALIDAD_CODES,
  fromCents,
  type AccesibleFiltro,
  type DuracionRango,
} from "@tours/domain";
import type { Busqueda, DestinoEncontrado, Faceta } from "@tours/contract";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { createTourRepository, toTour } from "../tour/tour.repository.ts";
import type { BusquedaParams } from "./busqueda.service.ts";

/**
 * The catalogue search (issue 26, decision 0020), all in SQL. Each tour keeps the words it is found by
 * (`tour.busqueda_palabras`: its name, description, city and country, unaccented, kept by triggers, GIN-indexed;
 * migration 0016) and the catalogue keeps every word once (`palabra_busqueda`). A query's word is first looked up
 * there — itself, the words it starts and the words one typo away (two from seven letters: fuzzystrmatch's
 * levenshtein over the candidates a trigram index gives) — and a tour matches when it holds one of them, for every
 * word of the query. A page is then one statement whatever the catalogue's size — the counts (total, each filter
 * value's, the price range) with the page's ids — and the page's tours with their first photo. The counts are read
 * from the place's groups of alike tours (`busqueda_grupo`, kept on write: migration 0026) when nothing but the
 * place, the filters by facts and a date's weekday decides, else in one pass over the matching tours.
 */

/** Trigram similarity (0–1) of the candidates levenshtein then checks: low, since the dictionary is short words. */
const CANDIDATE_SIMILARITY = 0.3;

type FacetKey = "precio" | "duracion" | "idioma" | "accesible" | "modalidad";

/**
 * What the counts are read from, as `t`: the matching tours themselves, or the place's groups of tours alike in every
 * fact a filter asks (`busqueda_grupo`: how many tours, their lowest and highest price; migration 0026).
 */
interface CountSource {
  duracion(rango: DuracionRango): SQL;
  /** How many tours, the lowest and the highest price, among those `where` keeps. */
  count(where: SQL): SQL;
  precioMin(where: SQL): SQL;
  precioMax(where: SQL): SQL;
}

const FROM_TOURS: CountSource = {
  duracion(rango) {
    const { desde, hasta } = DURACIONES[rango];
    if (desde === null) return sql`t.duracion_minutos <= ${hasta}`;
    if (hasta === null) return sql`t.duracion_minutos >= ${desde}`;
    return sql`t.duracion_minutos BETWEEN ${desde} AND ${hasta}`;
  },
  count: (where) => sql`count(*) FILTER (WHERE ${where})`,
  precioMin: (where) => sql`min(t.precio_cents) FILTER (WHERE ${where})`,
  precioMax: (where) => sql`max(t.precio_cents) FILTER (WHERE ${where})`,
};

const FROM_GROUPS: CountSource = {
  // the group's range, as duracion_rango() puts a tour's minutes in DURACIONES' ranges
  duracion: (rango) => sql`t.duracion_rango = ${rango}`,
  count: (where) => sql`coalesce(sum(t.tours) FILTER (WHERE ${where}), 0)`,
  precioMin: (where) => sql`min(t.precio_min) FILTER (WHERE ${where})`,
  precioMax: (where) => sql`max(t.precio_max) FILTER (WHERE ${where})`,
};

function accesibleSql(filtro: AccesibleFiltro): SQL {
  return filtro === "si" ? sql`t.accesible_silla_ruedas = 'si'` : sql`t.accesible_silla_ruedas IN ('si', 'parcial')`;
}

const all = (parts: SQL[]): SQL => (parts.length === 0 ? sql`true` : sql.join(parts, sql` AND `));

export function createBusquedaRepository(db: Db) {
  const tours = createTourRepository(db);

  /** Each active filter's condition, by filter. */
  function filterConditions(p: BusquedaParams, source: CountSource): Map<FacetKey, SQL> {
    const f = p.filtros;
    const conditions = new Map<FacetKey, SQL>();
    const precio = [
      ...(f.precioMinCents !== null ? [sql`t.precio_cents >= ${f.precioMinCents}`] : []),
      ...(f.precioMaxCents !== null ? [sql`t.precio_cents <= ${f.precioMaxCents}`] : []),
    ];
    if (precio.length > 0) conditions.set("precio", all(precio));
    if (f.duracion) conditions.set("duracion", source.duracion(f.duracion));
    if (f.idioma) conditions.set("idioma", sql`${f.idioma} = ANY(t.idiomas)`);
    if (f.accesible) conditions.set("accesible", accesibleSql(f.accesible));
    if (f.modalidad) conditions.set("modalidad", sql`t.modalidad = ${f.modalidad}`);
    return conditions;
  }

  /** The place asked, of a tour or a group. */
  function placeWhere(p: BusquedaParams): SQL[] {
    return [...(p.pais !== null ? [sql`t.pais = ${p.pais}`] : []), ...(p.ciudad !== null ? [sql`t.ciudad = ${p.ciudad}`] : [])];
  }

  /** The tours a search looks at before its filters: the place, the words, the date with a place left. */
  function baseWhere(p: BusquedaParams, variants: SQL[], now: Date): SQL {
    return all([
      ...placeWhere(p),
      ...variants.map((v) => sql`t.busqueda_palabras && ${v}`),
      ...(p.fecha !== null
        ? [sql`t.id IN (SELECT tour_id FROM tours_con_lugares(${p.fecha}::date, ${now.toISOString()}::timestamptz, ${BOOKING_HORIZON_DAYS}, ${p.pais}::int, ${p.ciudad}::int))`]
        : []),
    ]);
  }

  /** For each word of the query, the catalogue's words it stands for, as an SQL array literal. */
  async function wordVariants(tx: Db, words: string[]): Promise<SQL[]> {
    if (words.length === 0) return [];
    const columns = words.map((w, i) => {
      const typos = typosAllowed(w);
      const near = typos > 0 ? sql` OR (palabra % ${w} AND levenshtein_less_equal(palabra, ${w}, ${typos}) <= ${typos})` : sql``;
      return sql`ARRAY(SELECT palabra FROM palabra_busqueda WHERE palabra LIKE ${`${w}%`}${near}) AS ${sql.raw(`v${i}`)}`;
    });
    const [row] = rowsOf<Record<string, string[] | string>>(await tx.execute(sql`SELECT ${sql.join(columns, sql`, `)}`));
    return words.map((w, i) => {
      const found = row?.[`v${i}`] ?? [];
      // PGlite answers a text[] as an array, node-postgres too; the word itself is always looked for
      const list = [...new Set([w, ...(Array.isArray(found) ? found : [])])];
      return sql`ARRAY[${sql.join(list.map((x) => sql`${x}`), sql`, `)}]::text[]`;
    });
  }

  /**
   * Whether the search can count by groups: no words, no price range (groups keep neither), and no date or one where
   * a tour of the place has places exactly when a horario starts that weekday (busqueda_por_dias, migration 0026:
   * no departure row or closing there that day, far from every cutoff).
   */
  async function countsByGroups(tx: Db, p: BusquedaParams, now: Date): Promise<boolean> {
    if (p.words.length > 0 || p.filtros.precioMinCents !== null || p.filtros.precioMaxCents !== null) return false;
    if (p.fecha === null) return true;
    const [row] = rowsOf<{ si: boolean }>(
      await tx.execute(
        sql`SELECT busqueda_por_dias(${p.fecha}::date, ${now.toISOString()}::timestamptz, ${BOOKING_HORIZON_DAYS}, ${p.pais}::int, ${p.ciudad}::int) AS si`,
      ),
    );
    return row?.si === true;
  }

  /** On a date where the weekday decides: a horario of the tour, or of the group's tours, starts that weekday. */
  function runsThatWeekday(p: BusquedaParams): SQL[] {
    return p.fecha === null ? [] : [sql`t.dias_con_horario & (1 << extract(dow FROM ${p.fecha}::date)::int) <> 0`];
  }

  /**
   * The counts (total, each filter value's, the price range) and the page's ids in one statement. With words, a
   * price range or a date the weekday does not decide, the tours the search looks at are found once (a
   * `MATERIALIZED` CTE) and both read them; else the counts are sums over the place's groups and the page is read
   * from the tours in index order, so neither grows with the tours that match.
   */
  async function countsAndPage(tx: Db, p: BusquedaParams, variants: SQL[], now: Date) {
    const byGroups = await countsByGroups(tx, p, now);
    const source = byGroups ? FROM_GROUPS : FROM_TOURS;
    const filters = filterConditions(p, source);
    const except = (key: FacetKey) => all([...filters].filter(([k]) => k !== key).map(([, c]) => c));
    const facet = (key: FacetKey, values: readonly string[], condition: (value: string) => SQL) =>
      values.map((value) => ({ key, value, expr: source.count(sql`${condition(value)} AND ${except(key)}`) }));
    const columns = [
      ...facet("duracion", DURACION_RANGOS, (v) => source.duracion(v as DuracionRango)),
      ...facet("idioma", IDIOMA_CODES, (v) => sql`${v} = ANY(t.idiomas)`),
      ...facet("accesible", ACCESIBLE_FILTRO_CODES, (v) => accesibleSql(v as AccesibleFiltro)),
      ...facet("modalidad", MODALIDAD_CODES, (v) => sql`t.modalidad = ${v}`),
    ];
    const selectList = (ids: SQL) =>
      sql.join(
        [
          sql`${source.count(all([...filters.values()]))} AS total`,
          sql`${source.precioMin(except("precio"))} AS precio_min`,
          sql`${source.precioMax(except("precio"))} AS precio_max`,
          ...columns.map((c, i) => sql`${c.expr} AS ${sql.raw(`f${i}`)}`),
          sql`ARRAY(${ids}) AS ids`,
        ],
        sql`, `,
      );
    const statement = byGroups
      ? sql`
        SELECT ${selectList(pageIdsSql(p, sql`tour t WHERE ${all([...placeWhere(p), ...runsThatWeekday(p), ...filterConditions(p, FROM_TOURS).values()])}`))}
        FROM busqueda_grupo t WHERE ${all([...placeWhere(p), ...runsThatWeekday(p)])}`
      : sql`
        WITH t AS MATERIALIZED (
          SELECT t.id, t.nombre, t.precio_cents, t.duracion_minutos, t.idiomas, t.accesible_silla_ruedas, t.modalidad,
                 ${relevanceSql(p, variants)} AS relevancia
          FROM tour t WHERE ${baseWhere(p, variants, now)})
        SELECT ${selectList(pageIdsSql(p, sql`t WHERE ${all([...filters.values()])}`))} FROM t`;
    const [row] = rowsOf<Record<string, unknown>>(await tx.execute(statement));
    const facetas: Record<Exclude<FacetKey, "precio">, Faceta[]> = { duracion: [], idioma: [], accesible: [], modalidad: [] };
    columns.forEach((c, i) => facetas[c.key as Exclude<FacetKey, "precio">].push({ valor: c.value, cantidad: Number(row?.[`f${i}`] ?? 0) }));
    const precio =
      row?.precio_min === null || row?.precio_min === undefined
        ? null
        : { min: fromCents(Number(row.precio_min)), max: fromCents(Number(row.precio_max)) };
    const ids = Array.isArray(row?.ids) ? (row.ids as unknown[]).map(Number) : [];
    return { total: Number(row?.total ?? 0), facetas: { ...facetas, precio }, ids };
  }

  /**
   * A tour's rank for the query's words, worked out where the tour is found (the words' arrays are not carried into
   * the statement's `t`): a word found as typed weighs more than one found by a typo or a longer word; found in the
   * name, more again. No words: 0.
   */
  function relevanceSql(p: BusquedaParams, variants: SQL[]): SQL {
    if (p.words.length === 0) return sql`0`;
    return sql.join(
      p.words.map(
        (w, i) =>
          sql`(CASE WHEN ${w} = ANY(t.busqueda_palabras) THEN 2 ELSE 1 END + CASE WHEN t.nombre_palabras && ${variants[i]!} THEN 3 ELSE 0 END)`,
      ),
      sql` + `,
    );
  }

  /** The page's ids, in the order asked, among the tours `from` names as `t` (the found tours, or the tour table). */
  function pageIdsSql(p: BusquedaParams, from: SQL): SQL {
    const orderBy = {
      relevancia: p.words.length > 0 ? sql`t.relevancia DESC, t.id` : sql`t.id`,
      id: sql`t.id`,
      nombre: sql`t.nombre, t.id`,
      precio: sql`t.precio_cents, t.id`,
      "-precio": sql`t.precio_cents DESC, t.id`,
    }[p.orden];
    const offset = (p.pagina - 1) * BUSQUEDA_POR_PAGINA;
    return sql`SELECT t.id FROM ${from} ORDER BY ${orderBy} LIMIT ${BUSQUEDA_POR_PAGINA} OFFSET ${offset}`;
  }

  /** Countries and cities whose names hold every word (a city's with its country's: "cusco peru"). */
  async function destinos(tx: Db, p: BusquedaParams, variants: SQL[]): Promise<DestinoEncontrado[]> {
    const match = (text: SQL) => all(variants.map((v) => sql`palabras_busqueda(${text}) && ${v}`));
    const rank = (text: SQL) => sql.join(p.words.map((w) => sql`CASE WHEN ${w} = ANY(palabras_busqueda(${text})) THEN 2 ELSE 1 END`), sql` + `);
    const found = await tx.execute(sql`
      SELECT * FROM (
        SELECT 'pais' AS tipo, p.id, p.nombre, p.imagen, p.id AS pais, p.nombre AS pais_nombre, ${rank(sql`p.nombre`)} AS rank
        FROM pais p WHERE ${match(sql`p.nombre`)}
        UNION ALL
        SELECT 'ciudad', c.id, c.nombre, c.imagen, p.id, p.nombre, ${rank(sql`c.nombre || ' ' || p.nombre`)}
        FROM ciudades c JOIN pais p ON p.id = c.pais WHERE ${match(sql`c.nombre || ' ' || p.nombre`)}
      ) d ORDER BY rank DESC, tipo DESC, nombre LIMIT ${BUSQUEDA_MAX_DESTINOS}`);
    return rowsOf<DestinoEncontrado & { rank: unknown }>(found).map(({ rank: _rank, ...d }) => ({ ...d, id: Number(d.id), pais: Number(d.pais) }));
  }

  return {
    async search(p: BusquedaParams, now: Date): Promise<Busqueda> {
      const { total, facetas, ids, found } = await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`SET LOCAL pg_trgm.similarity_threshold = ${CANDIDATE_SIMILARITY}`));
        const variants = await wordVariants(tx, p.words);
        const c = await countsAndPage(tx, p, variants, now);
        const found = p.words.length > 0 && p.pagina === 1 && p.pais === null && p.ciudad === null ? await destinos(tx, p, variants) : [];
        return { ...c, found };
      });
      const rows = await tours.byIds(ids);
      return {
        q: p.q,
        destinos: found,
        tours: rows.map(toTour),
        paginacion: { pagina: p.pagina, por_pagina: BUSQUEDA_POR_PAGINA, orden: p.orden, total, paginas: Math.ceil(total / BUSQUEDA_POR_PAGINA) },
        facetas,
      };
    },
  };
}
