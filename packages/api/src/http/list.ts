import type { FastifyReply, FastifyRequest } from "fastify";
import {
  type ListParams,
  ListQueryError,
  formatContentRange,
  hasListParams,
  parseListQuery,
  rangeToOffsetLimit,
} from "@tours/contract";
import { SQL, and, asc, count, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { badRequest, fieldError } from "./errors.ts";

export type FilterKind = "id" | "bool" | "text";

/** What a resource allows in the list dialect. Field names are the contract's. */
export interface ListSpec {
  resource: string;
  sortable: Record<string, PgColumn | SQL>;
  filterable: Record<string, { column: PgColumn | SQL; kind: FilterKind }>;
  /** Columns that `filter.q` searches (case-insensitive substring). */
  search: PgColumn[];
  defaultSort: SQL[];
}

/** The SQL pieces of one list request. */
export interface ListSql {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number | undefined;
  offset: number;
}

/** The list dialect of this request, or null when the caller wants the whole list (the contract's default). */
export function listParamsOf(request: FastifyRequest): ListParams | null {
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (!hasListParams(query)) return null;
  try {
    return parseListQuery(query);
  } catch (err) {
    if (err instanceof ListQueryError) throw badRequest([fieldError(err.message, err.param, undefined, "query")]);
    throw err;
  }
}

/** The ILIKE pattern matching `text` anywhere (its `%`, `_` and backslashes taken literally): the one search of the lists. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function coerce(kind: FilterKind, field: string, value: unknown): number | boolean | string {
  const bad = () => badRequest([fieldError(`El filtro ${field} no es válido`, "filter", value, "query")]);
  if (kind === "id") {
    const n = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
    if (typeof n !== "number" || !Number.isSafeInteger(n)) throw bad();
    return n;
  }
  if (kind === "bool") {
    if (value === true || value === 1 || value === "1" || value === "true") return true;
    if (value === false || value === 0 || value === "0" || value === "false") return false;
    throw bad();
  }
  if (typeof value !== "string" && typeof value !== "number") throw bad();
  return String(value);
}

export function listSql(spec: ListSpec, params: ListParams): ListSql {
  const conditions: SQL[] = [];
  for (const [field, value] of Object.entries(params.filter ?? {})) {
    if (value === undefined || value === null || value === "") continue;
    if (field === "q") {
      if (typeof value !== "string") throw badRequest([fieldError("El filtro q debe ser un texto", "filter", value, "query")]);
      const pattern = containsPattern(value.trim());
      const matches = spec.search.map((column) => ilike(column, pattern));
      const any = or(...matches);
      if (any) conditions.push(any);
      continue;
    }
    const filter = Object.hasOwn(spec.filterable, field) ? spec.filterable[field] : undefined;
    if (!filter) throw badRequest([fieldError(`No se puede filtrar por ${field}`, "filter", value, "query")]);
    // a derived column (an SQL expression) compares as its text; a table column maps the value as it stores it
    const column = filter.column;
    if (Array.isArray(value)) {
      // react-admin's getMany sends {"id": [1, 2, 3]}
      const values = value.map((v) => coerce(filter.kind, field, v));
      conditions.push(values.length > 0 ? (column instanceof SQL ? inArray(column, values) : inArray(column, values)) : sql`false`);
    } else {
      const v = coerce(filter.kind, field, value);
      conditions.push(column instanceof SQL ? eq(column, v) : eq(column, v));
    }
  }

  let orderBy = spec.defaultSort;
  if (params.sort) {
    const [field, order] = params.sort;
    const column = Object.hasOwn(spec.sortable, field) ? spec.sortable[field] : undefined;
    if (!column) throw badRequest([fieldError(`No se puede ordenar por ${field}`, "sort", field, "query")]);
    // the id breaks ties so pages never overlap
    const tieBreak = spec.sortable.id;
    orderBy = [order === "DESC" ? desc(column) : asc(column)];
    if (tieBreak && field !== "id") orderBy.push(order === "DESC" ? desc(tieBreak) : asc(tieBreak));
  }

  const page = params.range ? rangeToOffsetLimit(params.range) : { offset: 0, limit: undefined };
  return { where: conditions.length > 0 ? and(...conditions) : undefined, orderBy, ...page };
}

/** Sets the Content-Range header of a page (exposed to the panel through CORS). */
export function sendPage<T>(reply: FastifyReply, resource: string, page: { offset: number }, rows: T[], total: number): T[] {
  reply.header("Content-Range", formatContentRange(resource, page.offset, rows.length, total));
  return rows;
}

/** One page of a table in the list dialect, with the total the Content-Range header needs. */
export interface ListPage<Row> {
  q: ListSql;
  rows: Row[];
  total: number;
}

/**
 * One page of a table's rows (a filter, an order, an offset and a limit; no limit: to the end) and how many rows the
 * filter matches: the one paging query of the repositories.
 */
export async function pageOf<T extends PgTable>(
  db: Db,
  table: T,
  page: { where: SQL | undefined; orderBy: SQL[]; offset: number; limit: number | undefined },
): Promise<{ rows: T["$inferSelect"][]; total: number }> {
  const from = table as PgTable;
  const [rows, [total]] = await Promise.all([
    db.select().from(from).where(page.where).orderBy(...page.orderBy).limit(page.limit ?? 1_000_000).offset(page.offset),
    db.select({ n: count() }).from(from).where(page.where),
  ]);
  return { rows: rows as T["$inferSelect"][], total: total?.n ?? 0 };
}

/** The rows of one list request and the count of all rows its filter matches (the repositories' paging). */
export async function listPage<T extends PgTable>(db: Db, table: T, spec: ListSpec, params: ListParams): Promise<ListPage<T["$inferSelect"]>> {
  const q = listSql(spec, params);
  return { q, ...(await pageOf(db, table, q)) };
}

/** Where a "whole list or page" handler reads its rows: everything, or one page in the list dialect. */
export interface ListSource<Row> {
  all(): Promise<Row[]>;
  page(params: ListParams): Promise<ListPage<Row>>;
}

/**
 * The handler of a list call: the whole list when the request has no list parameters (the contract's default),
 * otherwise the page asked for with its Content-Range header.
 */
export function listHandler<Row, Wire>(resource: string, source: ListSource<Row>, toWire: (row: Row) => Wire) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<{ succes: Wire[] }> => {
    const params = listParamsOf(request);
    if (!params) return { succes: (await source.all()).map(toWire) };
    const page = await source.page(params);
    return { succes: sendPage(reply, resource, page.q, page.rows.map(toWire), page.total) };
  };
}
