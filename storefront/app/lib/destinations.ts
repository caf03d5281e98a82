/** Destination search shared by the home's "Top destinos" panel (browser) and /buscar (server, no JS). */

export interface DestinationCity {
  id: number;
  nombre: string;
}

export interface DestinationGroup {
  id: number;
  nombre: string;
  ciudades: DestinationCity[];
}

interface PaisLike {
  id: number;
  nombre: string;
  destacado?: number | boolean;
}
interface CiudadLike {
  id: number;
  nombre: string;
  pais: number;
}

/** Lower case without accents, so "bogota" finds "Bogotá" and "japon" finds "Japón". */
export function normalizeText(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().trim();
}

/** Countries with their cities, countries in alphabetical order, featured countries first. */
export function groupDestinations(paises: PaisLike[], ciudades: CiudadLike[]): DestinationGroup[] {
  const byName = (a: { nombre: string }, b: { nombre: string }) => a.nombre.localeCompare(b.nombre, "es");
  return [...paises]
    .sort((a, b) => Number(Boolean(b.destacado)) - Number(Boolean(a.destacado)) || byName(a, b))
    .map((pais) => ({
      id: pais.id,
      nombre: pais.nombre,
      ciudades: ciudades
        .filter((c) => c.pais === pais.id)
        .map((c) => ({ id: c.id, nombre: c.nombre }))
        .sort(byName),
    }));
}

/**
 * Groups whose country or cities contain the query: a matching country keeps all its cities, otherwise only
 * the matching cities are kept. An empty query keeps everything.
 */
export function filterDestinations(groups: DestinationGroup[], query: string): DestinationGroup[] {
  const q = normalizeText(query);
  if (!q) return groups;
  const result: DestinationGroup[] = [];
  for (const group of groups) {
    if (normalizeText(group.nombre).includes(q)) {
      result.push(group);
      continue;
    }
    const ciudades = group.ciudades.filter((c) => normalizeText(c.nombre).includes(q));
    if (ciudades.length > 0) result.push({ ...group, ciudades });
  }
  return result;
}


/**
 * /buscar's destinations: those whose names contain the query (filterDestinations, as the home's panel) and those
 * the API's search found one typo away ("medelin"): a country found keeps all its cities, a city found is added to
 * its country's group.
 */
export function findDestinations(
  groups: DestinationGroup[],
  query: string,
  found: ReadonlyArray<{ tipo: "pais" | "ciudad"; id: number }>,
): DestinationGroup[] {
  const bySubstring = new Map(filterDestinations(groups, query).map((g) => [g.id, g]));
  const countries = new Set(found.filter((d) => d.tipo === "pais").map((d) => d.id));
  const cities = new Set(found.filter((d) => d.tipo === "ciudad").map((d) => d.id));
  return groups.flatMap((group) => {
    const sub = bySubstring.get(group.id);
    if (countries.has(group.id) || sub === group) return [group];
    const ciudades = group.ciudades.filter((c) => cities.has(c.id) || sub?.ciudades.some((s) => s.id === c.id));
    return ciudades.length > 0 ? [{ ...group, ciudades }] : [];
  });
}
