// The parts of @marbec/web-auto-extractor and @adobe/structured-data-validator (dev-only: the unit test of our
// JSON-LD and e2e/support/structured-data.ts run them) that we use; neither ships types. e2e/tsconfig.json includes
// this file too.
declare module "@marbec/web-auto-extractor" {
  type Item = Record<string, unknown>;
  export interface ExtractedData {
    metatags: Record<string, unknown>;
    /** Root items by their @type. */
    jsonld: Record<string, Item[]>;
    microdata: Record<string, Item[]>;
    rdfa: Record<string, Item[]>;
    headings?: unknown;
    /** What could not be parsed (a JSON-LD block that is not JSON…), by format. */
    errors?: Array<{ format: string; message: string; source?: string }>;
  }
  export default class WebAutoExtractor {
    constructor(options?: {
      addLocation?: boolean;
      embedSource?: boolean | Array<"rdfa" | "microdata">;
      skipEmptyHeadings?: boolean;
      skipLayoutElements?: boolean;
    });
    parse(html: string): ExtractedData;
  }
}

declare module "@adobe/structured-data-validator" {
  import type { ExtractedData } from "@marbec/web-auto-extractor";
  export interface ValidationIssue {
    issueMessage: string;
    severity: "ERROR" | "WARNING";
    rootType: string;
    dataFormat: string;
    /** Where in the item: the root type, then each property followed and its type. */
    path?: Array<{ type?: string | string[]; property?: string; index?: number; length?: number }>;
    fieldNames?: string[];
    location?: string;
    source?: string;
  }
  export default class Validator {
    /** Without the schema.org vocabulary only the type handlers (Google's rich-result rules) run. */
    constructor(schemaOrgJson?: unknown);
    debug: boolean;
    validate(data: ExtractedData): Promise<ValidationIssue[]>;
  }
}
