/**
 * The HTML that rich text may keep, wherever it is cleaned (sanitize-html options, plain data): staff-written tour
 * texts in the API and the free-tour provider's descriptions in the storefront. Text structure and links only:
 * scripts, styles, event handlers, iframes, images and any URL scheme other than http, https and mailto are
 * dropped. Each side adds its own `transformTags` (how links open, which headings a page allows).
 */
export const RICH_TEXT_ALLOWLIST: {
  allowedTags: string[];
  allowedAttributes: Record<string, string[]>;
  allowedSchemes: string[];
  allowedSchemesAppliedToAttributes: string[];
  allowProtocolRelative: boolean;
  disallowedTagsMode: "discard";
} = {
  allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "s", "ul", "ol", "li", "h2", "h3", "h4", "a", "blockquote", "span"],
  allowedAttributes: { a: ["href", "title", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
};
