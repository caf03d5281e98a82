import { sql, type SQL } from "drizzle-orm";
import { SITEMAP_POR_PAGINA, type SitemapArchivo, type SitemapEntrada, type SitemapTipo } from "@tours/contract";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";

/**
 * The sitemap's reads, each one SQL statement. When a page last changed comes from the `updated_at` columns: a
 * country's page lists its cities (the newest of the country and its cities), a city's page lists its tours (the
 * newest of the city and its tours), a tour's page is the tour. Pages are cut in id order by the database
 * (LIMIT/OFFSET), so no answer grows with the catalogue beyond SITEMAP_POR_PAGINA entries.
 */

/** id, pais (null but for cities) and lastmod of every public page of a kind, in no order. */
const ENTRIES: Record<SitemapTipo, SQL> = {
  paises: sql`
    select p.id, null::int as pais, greatest(p.updated_at, max(c.updated_at)) as lastmod
    from pais p left join ciudades c on c.pais = p.id
    group by p.id`,
  ciudades: sql`
    select c.id, c.pais, greatest(c.updated_at, max(t.updated_at)) as lastmod
    from ciudades c left join tour t on t.ciudad = c.id
    group by c.id`,
  tours: sql`select t.id, null::int as pais, t.updated_at as lastmod from tour t`,
};

const iso = (value: unknown) => new Date(value as string | Date).toISOString();

export function createSitemapRepository(db: Db, perPage = SITEMAP_POR_PAGINA) {
  return {
    /** Every paged file of every kind with the newest lastmod of its entries; a kind without pages has none. */
    async files(): Promise<SitemapArchivo[]> {
      const kinds = Object.entries(ENTRIES).map(
        ([tipo, entries]) => sql`
          select ${tipo}::text as tipo, ((row_number() over (order by e.id) - 1) / ${perPage})::int + 1 as pagina, e.lastmod
          from (${entries}) e`,
      );
      const result = await db.execute(sql`
        select x.tipo, x.pagina, max(x.lastmod) as lastmod
        from (${sql.join(kinds, sql` union all `)}) x
        group by x.tipo, x.pagina
        order by x.tipo, x.pagina`);
      const order = Object.keys(ENTRIES);
      return rowsOf<{ tipo: SitemapTipo; pagina: unknown; lastmod: unknown }>(result)
        .map((r) => ({ tipo: r.tipo, pagina: Number(r.pagina), lastmod: iso(r.lastmod) }))
        .sort((a, b) => order.indexOf(a.tipo) - order.indexOf(b.tipo) || a.pagina - b.pagina);
    },
    /** Page `pagina` (from 1) of a kind, in id order; empty past the last page. */
    async page(tipo: SitemapTipo, pagina: number): Promise<SitemapEntrada[]> {
      const result = await db.execute(sql`
        select e.id, e.pais, e.lastmod from (${ENTRIES[tipo]}) e
        order by e.id
        limit ${perPage} offset ${(pagina - 1) * perPage}`);
      return rowsOf<{ id: unknown; pais: unknown; lastmod: unknown }>(result).map((r) => ({
        id: Number(r.id),
        pais: r.pais === null ? null : Number(r.pais),
        lastmod: iso(r.lastmod),
      }));
    },
  };
}
