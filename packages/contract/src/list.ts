/**
 * The list dialect shared by the API and the panel: react-admin's simple-rest query
 * (`?sort=["nombre","ASC"]&range=[0,24]&filter={"q":"bog"}`), answered with
 * `Content-Range: <resource> <from>-<to>/<total>`. Ranges are inclusive on both ends.
 */

export type SortOrder = "ASC" | "DESC";

export interface ListParams {
  sort?: [field: string, order: SortOrder];
  range?: [from: number, to: number];
  filter?: Record<string, unknown>;
}

export interface ListResult<T> {
  data: T[];
  total: number;
}

/** A malformed list parameter; the API answers it with 400 and this Spanish message. */
export class ListQueryError extends Error {
  readonly param: "sort" | "range" | "filter";
  constructor(param: "sort" | "range" | "filter", message: string) {
    super(message);
    this.name = "ListQueryError";
    this.param = param;
  }
}

const LIST_KEYS = ["sort", "range", "filter"] as const;

/** The query string (without `?`) for `params`; empty when there is nothing to send. */
export function encodeListQuery(params: ListParams): string {
  const query = new URLSearchParams();
  if (params.sort) query.set("sort", JSON.stringify(params.sort));
  if (params.range) query.set("range", JSON.stringify(params.range));
  if (params.filter && Object.keys(params.filter).length > 0) query.set("filter", JSON.stringify(params.filter));
  return query.toString();
}

type QueryInput = URLSearchParams | string | Record<string, unknown>;

function readRaw(query: QueryInput, key: string): string | undefined {
  if (typeof query === "string") return new URLSearchParams(query.replace(/^\?/, "")).get(key) ?? undefined;
  if (query instanceof URLSearchParams) return query.get(key) ?? undefined;
  const value = query[key];
  // Fastify gives repeated keys as an array; the last one wins, as with URLSearchParams.set.
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  return typeof last === "string" ? last : undefined;
}

function parseJson(param: "sort" | "range" | "filter", raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new ListQueryError(param, `El parámetro ${param} no es JSON válido`);
  }
}

/** True when the query uses the list dialect (then the API answers one page and a Content-Range). */
export function hasListParams(query: QueryInput): boolean {
  return LIST_KEYS.some((key) => readRaw(query, key) !== undefined);
}

/** Reads the dialect from a query; throws ListQueryError on malformed values. */
export function parseListQuery(query: QueryInput): ListParams {
  const params: ListParams = {};

  const rawSort = readRaw(query, "sort");
  if (rawSort !== undefined) {
    const sort = parseJson("sort", rawSort);
    if (
      !Array.isArray(sort) ||
      sort.length !== 2 ||
      typeof sort[0] !== "string" ||
      sort[0].length === 0 ||
      typeof sort[1] !== "string" ||
      !["ASC", "DESC"].includes(sort[1].toUpperCase())
    ) {
      throw new ListQueryError("sort", 'El parámetro sort debe ser ["campo","ASC"|"DESC"]');
    }
    params.sort = [sort[0], sort[1].toUpperCase() as SortOrder];
  }

  const rawRange = readRaw(query, "range");
  if (rawRange !== undefined) {
    const range = parseJson("range", rawRange);
    if (
      !Array.isArray(range) ||
      range.length !== 2 ||
      !range.every((n) => Number.isSafeInteger(n) && (n as number) >= 0) ||
      (range[1] as number) < (range[0] as number)
    ) {
      throw new ListQueryError("range", "El parámetro range debe ser [desde, hasta] con enteros 0 ≤ desde ≤ hasta");
    }
    params.range = [range[0] as number, range[1] as number];
  }

  const rawFilter = readRaw(query, "filter");
  if (rawFilter !== undefined) {
    const filter = parseJson("filter", rawFilter);
    if (filter === null || typeof filter !== "object" || Array.isArray(filter)) {
      throw new ListQueryError("filter", "El parámetro filter debe ser un objeto JSON");
    }
    params.filter = filter as Record<string, unknown>;
  }

  return params;
}

/** `range` as SQL-style offset/limit. */
export function rangeToOffsetLimit(range: [number, number]): { offset: number; limit: number } {
  return { offset: range[0], limit: range[1] - range[0] + 1 };
}

/** The Content-Range header for a page of `count` items starting at `from` out of `total`. */
export function formatContentRange(resource: string, from: number, count: number, total: number): string {
  if (count <= 0) return `${resource} */${total}`;
  return `${resource} ${from}-${from + count - 1}/${total}`;
}

// Reads "<resource> <from>-<to>/<total>" (or "<resource> */<total>" for an empty page); null when absent or malformed.
export function parseContentRange(
  header: string | null | undefined,
): { resource: string; from: number | null; to: number | null; total: number } | null {
  if (!header) return null;
  const match = /^\s*(\S+)\s+(?:(\d+)-(\d+)|\*)\/(\d+)\s*$/.exec(header);
  if (!match) return null;
  const [, resource = "", from, to, total = "0"] = match;
  return {
    resource,
    from: from === undefined ? null : Number(from),
    to: to === undefined ? null : Number(to),
    total: Number(total),
  };
}
