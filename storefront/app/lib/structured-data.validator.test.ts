import { describe, expect, it } from "vitest";
import Validator, { type ValidationIssue } from "@adobe/structured-data-validator";
import WebAutoExtractor from "@marbec/web-auto-extractor";
import { breadcrumbJsonLd, itemListJsonLd, ratingOf, tourJsonLd } from "./structured-data";

/*
 * Our JSON-LD through a real validator (issue 26): @marbec/web-auto-extractor reads the blocks out of the HTML as
 * a crawler would, and @adobe/structured-data-validator checks them against Google's rich-result requirements
 * (Product snippets and merchant listings, Offer, AggregateRating, BreadcrumbList, ListItem…).
 *
 * The validator is built WITHOUT the schema.org vocabulary: given it (schemaorg-all-https.jsonld, fetched from
 * schema.org in its README) it also checks every property and type name against schema.org; without it only its
 * Google rich-result handlers run, which are code in the package. Tests use loopback only, so the vocabulary
 * check is not done here (decision 0019).
 */

/** Remix's <Meta> renders a "script:ld+json" descriptor as JSON.stringify with these escaped (its escapeHtml). */
const ESCAPES: Record<string, string> = { "&": "\\u0026", ">": "\\u003e", "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" };
const ldScript = (block: object) =>
  `<script type="application/ld+json">${JSON.stringify(block).replace(/[&><\u2028\u2029]/g, (c) => ESCAPES[c]!)}</script>`;
const page = (blocks: object[]) => `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8">${blocks.map(ldScript).join("")}</head><body></body></html>`;

/** A warning's name: the type it is about (the last step of its path) and its fields, "Offer.priceValidUntil". */
function issueName(issue: ValidationIssue): string {
  const type = issue.path?.at(-1)?.type ?? issue.rootType;
  const fields = issue.fieldNames?.length ? `.${issue.fieldNames.join("|")}` : "";
  return `${Array.isArray(type) ? type.join(",") : type}${fields}`;
}

/**
 * The warnings we accept, by name, and why each does not apply to a guided tour. Anything else the validator
 * warns about fails the test: read it, then fix structured-data.ts or add it here with its reason.
 */
const TOLERATED_WARNINGS: Record<string, string> = {
  // The rest are "recommended" fields of Google's merchant listings, which are written for shipped goods:
  "Product.gtin|gtin8|gtin12|gtin13|gtin14|isbn": "a tour has no manufacturer's barcode or ISBN (Google: leave out when there is none)",
  "Product.mpn": "nor a manufacturer part number",
  "Product.sku": "no stock-keeping unit: a tour is sold by date and time from the schedule, not from stock",
  "Product.color": "a physical good's attribute",
  "Product.material": "a physical good's attribute",
  "Product.pattern": "a physical good's attribute",
  "Product.size": "a physical good's attribute (clothing and shoe sizes)",
  "Product.audience": "PeopleAudience is the suggested gender and age group of apparel",
  "Product.hasCertification": "energy-efficiency and similar product certifications",
  "Product.inProductGroupWithID": "product variants (sizes, colours): a tour has none; its departures are not variants",
  "Product.isVariantOf": "product variants (sizes, colours): a tour has none; its departures are not variants",
  "Product.subjectOf": "a 3D model of the product",
  "Offer.priceValidUntil": "the price has no end date in our data; inventing one would make Google drop the offer when it passes",
  // Product snippets recommend both a rating and reviews next to an offer:
  "Product.review":
    "the comments are shown on the page but not marked up one by one; the AggregateRating (mean and count of the same comments) summarises them",
  "Product.aggregateRating": "only on a tour without comments: there is no rating to give (a made-up one breaks Google's guidelines)",
};

async function validate(blocks: object[]) {
  const extracted = new WebAutoExtractor({ addLocation: true, embedSource: ["rdfa", "microdata"] }).parse(page(blocks));
  const types = Object.keys(extracted.jsonld).sort();
  const issues = await new Validator().validate(extracted);
  const errors = issues.filter((i) => i.severity !== "WARNING").map((i) => `${issueName(i)}: ${i.issueMessage}`);
  const warnings = [...new Set(issues.filter((i) => i.severity === "WARNING").map(issueName))].sort();
  return { types, errors, warnings };
}

const ORIGIN = "https://t.example";
const tourPath = `${ORIGIN}/actividades/detalle/local/7`;
const crumbsOfTour = breadcrumbJsonLd([
  { name: "Inicio", url: `${ORIGIN}/` },
  { name: "Colombia", url: `${ORIGIN}/pais/2` },
  { name: "Cartagena", url: `${ORIGIN}/actividades/2/5` },
  { name: "Centro histórico <de noche> & murallas", url: tourPath },
]);
const tour = {
  url: tourPath,
  // what Remix escapes, in the name and the description
  name: "Centro histórico <de noche> & murallas",
  description: "Un paseo por <las> murallas & el puerto.\u2028Salida diaria.",
  images: ["https://api.t.example/uploads/tours/a.webp", "https://api.t.example/uploads/tours/b.webp"],
  priceCents: 123450,
  rating: null,
  place: "Cartagena, Colombia",
};

const CASES = [
  {
    name: "a tour with comments (Product, Offer, AggregateRating; BreadcrumbList)",
    blocks: [tourJsonLd({ ...tour, rating: ratingOf([5, 4, 4, 2]) }), crumbsOfTour],
    types: ["BreadcrumbList", "Product"],
  },
  {
    name: "a tour without comments (Product, Offer; BreadcrumbList)",
    blocks: [tourJsonLd({ ...tour, priceCents: 4599, description: "" }), crumbsOfTour],
    types: ["BreadcrumbList", "Product"],
  },
  {
    name: "a city's second page (ItemList of its tours from position 25; BreadcrumbList)",
    blocks: [
      itemListJsonLd("Tours en Cartagena", [{ name: "Centro histórico", url: tourPath }, { name: "Islas del Rosario", url: `${ORIGIN}/actividades/detalle/local/8` }], 25),
      breadcrumbJsonLd([
        { name: "Inicio", url: `${ORIGIN}/` },
        { name: "Colombia", url: `${ORIGIN}/pais/2` },
        { name: "Cartagena", url: `${ORIGIN}/actividades/2/5` },
      ]),
    ],
    types: ["BreadcrumbList", "ItemList"],
  },
  {
    name: "a country (ItemList of its cities; BreadcrumbList)",
    blocks: [
      itemListJsonLd("Ciudades de Colombia", [{ name: "Cartagena", url: `${ORIGIN}/actividades/2/5` }, { name: "Medellín", url: `${ORIGIN}/actividades/2/6` }]),
      breadcrumbJsonLd([{ name: "Inicio", url: `${ORIGIN}/` }, { name: "Colombia", url: `${ORIGIN}/pais/2` }]),
    ],
    types: ["BreadcrumbList", "ItemList"],
  },
];

describe("our JSON-LD through @adobe/structured-data-validator (Google's rich-result rules, no schema.org vocabulary)", () => {
  it.each(CASES)("$name: no error, and only the tolerated warnings", async ({ blocks, types }) => {
    const result = await validate(blocks);
    expect(result.types, "the extractor read every block").toEqual(types);
    expect(result.errors).toEqual([]);
    expect(result.warnings.filter((w) => !(w in TOLERATED_WARNINGS)), "warnings not in TOLERATED_WARNINGS").toEqual([]);
  });

  it("names the warnings it tolerates exactly: each is still reported, the rating's only without comments", async () => {
    const [rated, unrated, city, country] = await Promise.all(CASES.map((c) => validate(c.blocks)));
    expect(rated!.warnings).not.toContain("Product.aggregateRating");
    expect(unrated!.warnings).toContain("Product.aggregateRating");
    expect(city!.warnings).toEqual([]);
    expect(country!.warnings).toEqual([]);
    // a tolerated name that no longer comes up is dropped from the list
    expect(new Set([...rated!.warnings, ...unrated!.warnings])).toEqual(new Set(Object.keys(TOLERATED_WARNINGS)));
  });

  it("does report errors (so an empty list above means something)", async () => {
    const broken = await validate([
      { "@context": "https://schema.org", "@type": "Product", name: "Sin oferta" },
      breadcrumbJsonLd([{ name: "Inicio", url: `${ORIGIN}/` }]),
    ]);
    expect(broken.errors).toEqual(
      expect.arrayContaining([
        expect.stringContaining('One of the following attributes is required: "aggregateRating", "offers" or "review"'),
        expect.stringContaining('Required attribute "image" is missing'),
      ]),
    );
    expect(broken.warnings).toContain("BreadcrumbList.itemListElement");
    const price = await validate([
      { "@context": "https://schema.org", "@type": "Product", name: "x", image: "https://x/a.webp", offers: { "@type": "Offer", price: "gratis" } },
    ]);
    expect(price.errors).toEqual([expect.stringContaining('"price"')]);
    const unparsable = new WebAutoExtractor().parse('<script type="application/ld+json">{"@type": "Product",</script>');
    expect((await new Validator().validate(unparsable)).map((i) => i.severity)).toContain("ERROR");
  });
});
