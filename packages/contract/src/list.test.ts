import { describe, expect, it } from "vitest";
import {
  ListQueryError,
  encodeListQuery,
  formatContentRange,
  hasListParams,
  parseContentRange,
  parseListQuery,
  rangeToOffsetLimit,
  type ListParams,
} from "./list.ts";

describe("list dialect", () => {
  it("round-trips sort, range and filter through a query string", () => {
    const params: ListParams = { sort: ["nombre", "ASC"], range: [0, 24], filter: { q: "bog", pais: 3, id: [1, 2] } };
    const query = encodeListQuery(params);
    expect(query).toBe(
      "sort=%5B%22nombre%22%2C%22ASC%22%5D&range=%5B0%2C24%5D&filter=%7B%22q%22%3A%22bog%22%2C%22pais%22%3A3%2C%22id%22%3A%5B1%2C2%5D%7D",
    );
    expect(parseListQuery(query)).toEqual(params);
    expect(parseListQuery(new URLSearchParams(query))).toEqual(params);
    expect(parseListQuery(`?${query}`)).toEqual(params);
  });

  it("reads a Fastify-style query object, repeated keys keep the last", () => {
    expect(parseListQuery({ sort: '["id","desc"]', range: ["[0,9]", "[10,19]"] })).toEqual({
      sort: ["id", "DESC"],
      range: [10, 19],
    });
  });

  it("omits empty parts and says when the dialect is absent", () => {
    expect(encodeListQuery({ filter: {} })).toBe("");
    expect(parseListQuery("")).toEqual({});
    expect(hasListParams({})).toBe(false);
    expect(hasListParams("range=[0,4]")).toBe(true);
  });

  it.each([
    ["sort", "sort=nombre"],
    ["sort", 'sort=["nombre","UP"]'],
    ["range", "range=[5,2]"],
    ["range", "range=[-1,2]"],
    ["range", "range=[0.5,2]"],
    ["filter", "filter=[1]"],
    ["filter", "filter={q:1}"],
  ])("rejects a malformed %s (%s) with a Spanish message", (param, query) => {
    let caught: unknown;
    try {
      parseListQuery(query);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ListQueryError);
    expect((caught as ListQueryError).param).toBe(param);
    expect((caught as ListQueryError).message).toMatch(/^El parámetro /);
  });

  it("turns an inclusive range into offset/limit", () => {
    expect(rangeToOffsetLimit([0, 24])).toEqual({ offset: 0, limit: 25 });
    expect(rangeToOffsetLimit([10, 10])).toEqual({ offset: 10, limit: 1 });
  });

  it("formats and reads Content-Range", () => {
    expect(formatContentRange("pais", 0, 25, 319)).toBe("pais 0-24/319");
    expect(formatContentRange("pais", 50, 0, 3)).toBe("pais */3");
    expect(parseContentRange("pais 0-24/319")).toEqual({ resource: "pais", from: 0, to: 24, total: 319 });
    expect(parseContentRange("pais */3")).toEqual({ resource: "pais", from: null, to: null, total: 3 });
    expect(parseContentRange("nonsense")).toBeNull();
    expect(parseContentRange(null)).toBeNull();
  });
});
