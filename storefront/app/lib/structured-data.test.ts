import { describe, expect, it } from "vitest";
import { formatUSD } from "@tours/domain";
import { breadcrumbJsonLd, itemListJsonLd, jsonLdTags, ratingOf, tourJsonLd } from "./structured-data";
import { canonicalUrl, seo } from "./seo";

const tour = {
  url: "https://t.example/actividades/detalle/local/7",
  name: "Centro histórico",
  description: "Un paseo por <las> murallas & el puerto.",
  images: ["https://api.t.example/uploads/a.webp", null, "data:image/svg+xml,x", "https://api.t.example/uploads/b.webp"],
  priceCents: 123450,
  rating: null,
  place: "Cartagena, Colombia",
};

describe("tourJsonLd", () => {
  it("is a Product whose Offer's price is the page's price, as a decimal string in USD", () => {
    const ld = tourJsonLd(tour);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Centro histórico",
      url: tour.url,
      image: ["https://api.t.example/uploads/a.webp", "https://api.t.example/uploads/b.webp"],
      offers: { "@type": "Offer", price: "1234.50", priceCurrency: "USD", availability: "https://schema.org/InStock", url: tour.url },
    });
    // the same cents the page shows through the domain's formatter
    expect(formatUSD(tour.priceCents).replace(/^USD /, "").replace(/,/g, "")).toBe((ld.offers as { price: string }).price);
    expect(ld).not.toHaveProperty("aggregateRating");
    expect(tourJsonLd({ ...tour, priceCents: 5 }).offers).toMatchObject({ price: "0.05" });
  });

  it("carries an AggregateRating only when the tour has ratings", () => {
    expect(ratingOf([])).toBeNull();
    expect(ratingOf([0, 6, null, 2.5])).toBeNull();
    expect(ratingOf([5, 4, 4])).toEqual({ value: 4.3, count: 3 });
    const ld = tourJsonLd({ ...tour, rating: ratingOf([5, 4, 4]) });
    expect(ld.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.3,
      ratingCount: 3,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it("describes a tour without a description, and leaves out images that are not absolute URLs", () => {
    const ld = tourJsonLd({ ...tour, description: "  ", images: ["data:x", "/uploads/a.webp"] });
    expect(ld.description).toBe("Centro histórico en Cartagena, Colombia: tour guiado con reserva en línea.");
    expect(ld).not.toHaveProperty("image");
  });
});

describe("lists and breadcrumbs", () => {
  it("numbers breadcrumb steps and list items from their first position", () => {
    expect(breadcrumbJsonLd([{ name: "Inicio", url: "https://t.example/" }, { name: "Perú", url: "https://t.example/pais/2" }])).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Inicio", item: "https://t.example/" },
        { "@type": "ListItem", position: 2, name: "Perú", item: "https://t.example/pais/2" },
      ],
    });
    const list = itemListJsonLd("Tours en Lima", [{ name: "A", url: "https://t.example/a" }, { name: "B", url: "https://t.example/b" }], 25);
    expect(list).toMatchObject({ "@type": "ItemList", numberOfItems: 2 });
    expect((list.itemListElement as Array<{ position: number }>).map((i) => i.position)).toEqual([25, 26]);
  });

  it("renders each block as a script:ld+json meta descriptor", () => {
    expect(jsonLdTags([{ a: 1 }, null, { b: 2 }])).toEqual([{ "script:ld+json": { a: 1 } }, { "script:ld+json": { b: 2 } }]);
  });
});

describe("seo()", () => {
  const at = { location: { pathname: "/pais/2" }, matches: [{ id: "root", data: { origin: "https://t.example" } }] };

  it("names the canonical URL and og:url from the origin and the path, and the photo for Open Graph and Twitter", () => {
    expect(canonicalUrl(at)).toBe("https://t.example/pais/2");
    // a list's page past the first keeps its number; tracking parameters and filters go
    const paged = (search: string) => canonicalUrl({ ...at, location: { pathname: "/pais/2", search } });
    expect(paged("?utm_source=x&pagina=3&precio_max=50")).toBe("https://t.example/pais/2?pagina=3");
    expect(paged("?pagina=1&utm_source=x")).toBe("https://t.example/pais/2");
    expect(paged("?pagina=abc")).toBe("https://t.example/pais/2");
    const tags = seo({ title: "Perú", description: "Tours en Perú", image: "https://api.t.example/p.webp" }, at);
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://t.example/pais/2" });
    expect(tags).toContainEqual({ property: "og:url", content: "https://t.example/pais/2" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://api.t.example/p.webp" });
    expect(tags).toContainEqual({ name: "twitter:image", content: "https://api.t.example/p.webp" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(tags).toContainEqual({ name: "twitter:title", content: "Perú | Puzzle Travel" });
    expect(tags).toContainEqual({ name: "twitter:description", content: "Tours en Perú" });
  });

  it("leaves the canonical link to a paged list that names its own, and a relative image out", () => {
    const tags = seo({ title: "Lima", url: "https://t.example/a?pagina=2", canonical: false, image: "/uploads/x.webp" }, at);
    expect(tags.find((t) => "rel" in t && t.rel === "canonical")).toBeUndefined();
    expect(tags).toContainEqual({ property: "og:url", content: "https://t.example/a?pagina=2" });
    expect(tags.find((t) => "property" in t && t.property === "og:image")).toBeUndefined();
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary" });
  });
});
