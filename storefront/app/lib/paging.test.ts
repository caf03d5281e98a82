import { describe, expect, it } from "vitest";
import { pageCount, pageHref, pageLinks, pageLinkTags, pageWindow, parsePageRequest, sortBy } from "./paging";

const q = (s: string) => new URLSearchParams(s);

describe("catalogue paging", () => {
  it("reads pagina and orden, with defaults, and refuses bad values", () => {
    expect(parsePageRequest(q(""))).toEqual({ pagina: 1, orden: "relevancia" });
    expect(parsePageRequest(q("pagina=3&orden=precio-desc"))).toEqual({ pagina: 3, orden: "precio-desc" });
    for (const bad of ["pagina=0", "pagina=-1", "pagina=2.5", "pagina=abc", "orden=rating", "pagina=01"]) {
      expect(parsePageRequest(q(bad)), bad).toBeNull();
    }
  });

  it("gives every page one address: defaults left out, filters kept", () => {
    const current = q("ciudad=a&ciudad=b&pagina=4&orden=precio");
    expect(pageHref("/country/x", current, { pagina: 1, orden: "relevancia" })).toBe("/country/x?ciudad=a&ciudad=b");
    expect(pageHref("/country/x", current, { pagina: 2, orden: "precio" })).toBe("/country/x?ciudad=a&ciudad=b&orden=precio&pagina=2");
    expect(pageHref("/actividades/1/2", q(""), { pagina: 1, orden: "relevancia" })).toBe("/actividades/1/2");
  });

  it("counts pages (at least one) and windows the page numbers", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(24)).toBe(1);
    expect(pageCount(25)).toBe(2);
    expect(pageCount(300)).toBe(13);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 13)).toEqual([1, 2, 3, null, 13]);
    expect(pageWindow(6, 13)).toEqual([1, null, 4, 5, 6, 7, 8, null, 13]);
    expect(pageWindow(13, 13)).toEqual([1, null, 11, 12, 13]);
  });

  it("builds absolute canonical, prev and next links", () => {
    const links = pageLinks("https://t.example", "/actividades/1/2", q("orden=nombre&pagina=2"), { pagina: 2, orden: "nombre" }, 3);
    expect(links).toEqual({
      canonical: "https://t.example/actividades/1/2?orden=nombre&pagina=2",
      prev: "https://t.example/actividades/1/2?orden=nombre",
      next: "https://t.example/actividades/1/2?orden=nombre&pagina=3",
    });
    const only = pageLinks("https://t.example", "/a", q(""), { pagina: 1, orden: "relevancia" }, 1);
    expect(pageLinkTags(only)).toEqual([{ tagName: "link", rel: "canonical", href: "https://t.example/a" }]);
  });

  it("sorts in memory by price either way and by name, keeping the catalogue order for relevancia", () => {
    const items = [
      { n: "Ñandú", p: 20 },
      { n: "Álamo", p: 5 },
      { n: "Zorro", p: 10 },
    ];
    const key = { price: (i: { p: number }) => i.p, name: (i: { n: string }) => i.n };
    expect(sortBy(items, "relevancia", key).map((i) => i.n)).toEqual(["Ñandú", "Álamo", "Zorro"]);
    expect(sortBy(items, "precio", key).map((i) => i.p)).toEqual([5, 10, 20]);
    expect(sortBy(items, "precio-desc", key).map((i) => i.p)).toEqual([20, 10, 5]);
    expect(sortBy(items, "nombre", key).map((i) => i.n)).toEqual(["Álamo", "Ñandú", "Zorro"]);
  });
});
