import type { GetListParams, Identifier } from "react-admin";
import { parseContentRange, type CALLS, type CallName, type ListParams, type ListResult } from "@tours/contract";
import { api } from "./config";

/** What every resource group of the dataProvider shares: the record shape, the form values' conversions, paging. */

export type AnyRecord = Record<string, unknown>;

/** One react-admin resource translated onto the API's calls (what it does not define is not offered). */
export interface ResourceHandler {
  getList(params: GetListParams): Promise<ListResult<AnyRecord>>;
  getOne?(id: Identifier): Promise<AnyRecord>;
  getMany?(ids: Identifier[]): Promise<AnyRecord[]>;
  create?(data: AnyRecord): Promise<AnyRecord>;
  update?(id: Identifier, data: AnyRecord, previous: AnyRecord): Promise<AnyRecord>;
  delete?(id: Identifier): Promise<void>;
}

/** A file picked in a react-admin FileInput/ImageInput. */
interface PickedFile {
  rawFile?: File;
}

export const truthy = (value: unknown) => value === true || value === 1 || value === "1" || value === "true";
export const flag = (value: unknown): "1" | "0" => (truthy(value) ? "1" : "0");
export const textOf = (value: unknown) => (value === null || value === undefined ? "" : String(value));
export const num = (id: Identifier) => Number(id);

export function withBooleans<T extends AnyRecord>(record: T, keys: readonly string[]): T {
  const out: AnyRecord = { ...record };
  for (const key of keys) out[key] = truthy(record[key]);
  return out as T;
}

export function pickedFiles(value: unknown): File[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list
    .map((item) => (item instanceof File ? item : (item as PickedFile | null)?.rawFile))
    .filter((file): file is File => file instanceof File);
}

export function toFormData(fields: Record<string, string>, files: Record<string, File[]>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [key, list] of Object.entries(files)) for (const file of list) form.append(key, file, file.name);
  return form;
}

/** react-admin's page, sort and filter as the API's list dialect (empty filter values left out). */
export function listParams(params: GetListParams): ListParams {
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
  const out: ListParams = { range: [(page - 1) * perPage, page * perPage - 1] };
  if (params.sort?.field) out.sort = [params.sort.field, params.sort.order === "DESC" ? "DESC" : "ASC"];
  const filter = Object.fromEntries(
    Object.entries(params.filter ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== ""),
  );
  if (Object.keys(filter).length > 0) out.filter = filter;
  return out;
}

/** The calls of the contract's list dialect (`list: true`) that answer `{ succes: [...] }`. */
type ListCall = { [K in CallName]: (typeof CALLS)[K] extends { list: true } ? K : never }[CallName];

/**
 * One page of a list the API pages, sorts and searches (codigos, revendedores, tarjetas-regalo): react-admin's
 * params in the list dialect, the page's records, and the total from the answer's Content-Range.
 */
export async function pagedList(name: ListCall, params: GetListParams): Promise<ListResult<AnyRecord>> {
  const { data, headers } = await api.callRaw(name, { list: listParams(params) });
  const records = (data as { succes: AnyRecord[] }).succes;
  const range = parseContentRange(headers.get("Content-Range"));
  return { data: records, total: range ? range.total : records.length };
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "boolean" || typeof b === "boolean") return Number(a) - Number(b);
  return textOf(a).localeCompare(textOf(b), "es", { numeric: true, sensitivity: "base" });
}

/** Paging, sorting and searching (`q` over every text field, other keys by equality) of an already loaded list. */
export function localPage<T extends AnyRecord>(records: T[], params: Partial<GetListParams>): ListResult<T> {
  const { q, ...equal } = (params.filter ?? {}) as AnyRecord;
  const needle = typeof q === "string" ? q.trim().toLocaleLowerCase("es") : "";
  let rows = records.filter((record) =>
    Object.entries(equal).every(([key, value]) =>
      Array.isArray(value) ? value.map(String).includes(textOf(record[key])) : textOf(record[key]) === textOf(value),
    ),
  );
  if (needle) {
    rows = rows.filter((record) =>
      Object.values(record).some((v) => typeof v === "string" && v.toLocaleLowerCase("es").includes(needle)),
    );
  }
  const sort = params.sort;
  if (sort?.field) {
    const direction = sort.order === "DESC" ? -1 : 1;
    rows = [...rows].sort((a, b) => direction * compare(a[sort.field], b[sort.field]));
  }
  const total = rows.length;
  if (params.pagination) {
    const { page, perPage } = params.pagination;
    rows = rows.slice((page - 1) * perPage, page * perPage);
  }
  return { data: rows, total };
}
