/**
 * Paging and sorting of the catalogue lists (a city's tours, a country's free tours) in the page's URL:
 * `?pagina=N&orden=…`, links that work without JavaScript, and the canonical/prev/next <link>s. Pure.
 */

export const PER_PAGE = 24;

/** The visitor's sort orders; `relevancia` (by relevance with a query, else the catalogue's own order) is the default and is left out of URLs. */
export const ORDENES = [
  { value: "relevancia", label: "Recomendados" },
  { value: "precio", label: "Precio más bajo" },
  { value: "precio-desc", label: "Precio más alto" },
  { value: "nombre", label: "Nombre (A-Z)" },
] as const;
export type Orden = (typeof ORDENES)[number]["value"];
export const DEFAULT_ORDEN: Orden = "relevancia";


export interface PageRequest {
  pagina: number;
  orden: Orden;
}

/** `pagina` and `orden` of a URL; null when either is present but not valid (the page answers 404). */
export function parsePageRequest(params: URLSearchParams): PageRequest | null {
  const rawPagina = params.get("pagina");
  const rawOrden = params.get("orden");
  const pagina = rawPagina === null ? 1 : /^[1-9]\d{0,5}$/.test(rawPagina) ? Number(rawPagina) : null;
  const orden = rawOrden === null ? DEFAULT_ORDEN : ORDENES.find((o) => o.value === rawOrden)?.value ?? null;
  if (pagina === null || orden === null) return null;
  return { pagina, orden };
}

export function pageCount(total: number, perPage = PER_PAGE): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/**
 * The address of a page of the list: the current query (filters) kept, `pagina` and `orden` set, defaults left
 * out so each page has one address.
 */
export function pageHref(path: string, current: URLSearchParams, target: PageRequest): string {
  const q = new URLSearchParams(current);
  q.delete("pagina");
  q.delete("orden");
  if (target.orden !== DEFAULT_ORDEN) q.set("orden", target.orden);
  if (target.pagina > 1) q.set("pagina", String(target.pagina));
  const query = q.toString();
  return query ? `${path}?${query}` : path;
}

/** Page numbers to link, with null for a gap: 1 … 4 5 [6] 7 8 … 13. */
export function pageWindow(current: number, pages: number, around = 2): Array<number | null> {
  const shown = new Set([1, pages]);
  for (let p = current - around; p <= current + around; p++) if (p >= 1 && p <= pages) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push(null);
    out.push(p);
  });
  return out;
}

export interface PageLinks {
  canonical: string;
  prev: string | null;
  next: string | null;
}

/** Absolute canonical, prev and next addresses of a page (`origin` like https://tienda.example). */
export function pageLinks(origin: string, path: string, current: URLSearchParams, req: PageRequest, pages: number): PageLinks {
  const at = (pagina: number) => `${origin}${pageHref(path, current, { ...req, pagina })}`;
  return {
    canonical: at(req.pagina),
    prev: req.pagina > 1 ? at(Math.min(req.pagina - 1, pages)) : null,
    next: req.pagina < pages ? at(req.pagina + 1) : null,
  };
}

/** The <link> descriptors of a page, for a route's meta. */
export function pageLinkTags(links: PageLinks | null | undefined) {
  if (!links) return [];
  return [
    { tagName: "link", rel: "canonical", href: links.canonical },
    ...(links.prev ? [{ tagName: "link", rel: "prev", href: links.prev }] : []),
    ...(links.next ? [{ tagName: "link", rel: "next", href: links.next }] : []),
  ];
}

/** Sorts a list in memory by a visitor's order (the free tours, which the provider does not sort). */
export function sortBy<T>(items: readonly T[], orden: Orden, key: { price: (item: T) => number; name: (item: T) => string }): T[] {
  const list = [...items];
  if (orden === "precio") return list.sort((a, b) => key.price(a) - key.price(b));
  if (orden === "precio-desc") return list.sort((a, b) => key.price(b) - key.price(a));
  if (orden === "nombre") return list.sort((a, b) => key.name(a).localeCompare(key.name(b), "es"));
  return list;
}
