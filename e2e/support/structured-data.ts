import Validator, { type ValidationIssue } from "@adobe/structured-data-validator";
import WebAutoExtractor from "@marbec/web-auto-extractor";

/*
 * A page's structured data through a real validator (issue 26): @marbec/web-auto-extractor reads the JSON-LD,
 * microdata and RDFa out of the HTML, and @adobe/structured-data-validator checks them against Google's
 * rich-result requirements (Product, Offer, AggregateRating, BreadcrumbList, ListItem…).
 *
 * Built WITHOUT the schema.org vocabulary: its README fetches schemaorg-all-https.jsonld from schema.org to also
 * check every property and type name; tests use loopback only, so that check is not done, and only the Google
 * rich-result handlers (code in the package) run. The unit test storefront/app/lib/structured-data.validator.test.ts
 * runs the same on our builders' output and names the warnings we tolerate (decision 0019).
 */

/** An issue's name: the type it is about (the last step of its path) and its fields, "Offer.priceValidUntil". */
function issueName(issue: ValidationIssue): string {
  const type = issue.path?.at(-1)?.type ?? issue.rootType;
  const fields = issue.fieldNames?.length ? `.${issue.fieldNames.join("|")}` : "";
  return `${Array.isArray(type) ? type.join(",") : type}${fields}`;
}

export interface StructuredDataReport {
  /** The root types found in JSON-LD, sorted ("BreadcrumbList", "Product"…). */
  types: string[];
  /** "Product.image: Required attribute "image" is missing"… (also a block that is not JSON). */
  errors: string[];
  /** The warnings' names, once each, sorted. */
  warnings: string[];
}

/** Extracts and validates the structured data of a page's HTML. */
export async function validateStructuredData(html: string): Promise<StructuredDataReport> {
  const extracted = new WebAutoExtractor({ addLocation: true, embedSource: ["rdfa", "microdata"] }).parse(html);
  const types = Object.keys(extracted.jsonld).sort();
  const issues = await new Validator().validate(extracted);
  const errors = issues.filter((i) => i.severity !== "WARNING").map((i) => `${issueName(i)}: ${i.issueMessage}`);
  const warnings = [...new Set(issues.filter((i) => i.severity === "WARNING").map(issueName))].sort();
  return { types, errors, warnings };
}
